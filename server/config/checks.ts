// The validators the settings' checks (server/config/*.ts) use: each names the setting, where it came from and what it
// must be.

/** A configuration value that cannot be used; the message names the setting and its source. */
export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Parses a non-negative integer from an environment variable. */
export function parseIntStrict(raw: string, name: string): number {
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a non-negative integer, got "${raw}"`)
  return Number(raw)
}

/** Splits a comma-separated environment value, trimming and dropping empty parts. */
export function list(v: string): string[] {
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/** Parses an on/off environment value (1, true, yes / 0, false, no). */
export function parseFlag(raw: string, name: string): boolean {
  const v = raw.trim().toLowerCase()
  if (['1', 'true', 'yes', 'on'].includes(v)) return true
  if (['0', 'false', 'no', 'off'].includes(v)) return false
  throw new ConfigError(`${name} must be 1 or 0 (true or false), got "${raw}"`)
}

/** SPEC §5: a Solana address is 32 to 44 base58 characters. */
export const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** Checks a TCP port (0 = any free port). */
export function checkPort(v: unknown, where: string, field: string): void {
  if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > 65535)
    fail(where, field, 'an integer in 0..65535', v)
}

/** True for a plain object (not null, not an array). */
export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** Throws a ConfigError naming where the value came from, the field, what it must be and what it was. */
export function fail(where: string, field: string, what: string, got: unknown): never {
  throw new ConfigError(`${where}${field} must be ${what}, got ${JSON.stringify(got)}`)
}

/** Checks a list of non-empty strings. */
export function checkStringList(v: unknown, where: string, field: string): void {
  if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || s.length === 0))
    fail(where, field, 'a list of non-empty strings', v)
}

/** Checks a URL with one of the given protocols (`http:`…). */
export function checkUrl(v: unknown, where: string, field: string, protocols: string[]): void {
  let ok: boolean
  try {
    ok = typeof v === 'string' && protocols.includes(new URL(v).protocol)
  } catch {
    ok = false
  }
  if (!ok) fail(where, field, `a URL (${protocols.join(' or ')})`, v)
}

/** Checks remote feature overrides keyed by the given feature ids. */
export function checkFeatures(v: unknown, where: string, field: string, ids: readonly string[]): void {
  if (!isRecord(v)) fail(where, field, 'an object keyed by feature id', v)
  for (const [id, o] of Object.entries(v)) {
    if (!ids.includes(id)) fail(where, `${field}.${id}`, `one of ${ids.join(', ')}`, id)
    if (!isRecord(o)) fail(where, `${field}.${id}`, 'an object { isEnabled?, config? }', o)
    if (o.isEnabled !== undefined && typeof o.isEnabled !== 'boolean')
      fail(where, `${field}.${id}.isEnabled`, 'a boolean', o.isEnabled)
    if (['socials', 'swaps', 'onramp'].includes(id) && o.config !== undefined && o.config !== null) {
      checkStringList(o.config, where, `${field}.${id}.config`)
    }
  }
}

/** Checks one EVM chain (ChainConfig). */
export function checkChain(c: unknown, where: string, field: string): void {
  if (!isRecord(c)) fail(where, field, 'a chain object', c)
  if (!Number.isInteger(c.chainId) || (c.chainId as number) <= 0 || (c.chainId as number) >= 2 ** 31)
    fail(where, `${field}.chainId`, 'an integer in 1..2147483647', c.chainId)
  if (c.caipNetworkId !== `eip155:${c.chainId}`)
    fail(where, `${field}.caipNetworkId`, `"eip155:${c.chainId}"`, c.caipNetworkId)
  checkUrl(c.rpcUrl, where, `${field}.rpcUrl`, ['http:', 'https:', 'ws:', 'wss:'])
  for (const k of ['name', 'nativeSymbol', 'nativeName'] as const)
    if (typeof c[k] !== 'string' || !c[k]) fail(where, `${field}.${k}`, 'a non-empty string', c[k])
  if (!Number.isInteger(c.nativeDecimals)) fail(where, `${field}.nativeDecimals`, 'an integer', c.nativeDecimals)
  if (typeof c.testnet !== 'boolean') fail(where, `${field}.testnet`, 'a boolean', c.testnet)
  if (c.startBlock !== undefined && (!Number.isInteger(c.startBlock) || (c.startBlock as number) < 0))
    fail(where, `${field}.startBlock`, 'a non-negative integer', c.startBlock)
  if (!Array.isArray(c.tokens)) fail(where, `${field}.tokens`, 'a list', c.tokens)
  c.tokens.forEach((t: unknown, i: number) => {
    const f = `${field}.tokens[${i}]`
    if (!isRecord(t)) fail(where, f, 'a token object', t)
    if (typeof t.address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(t.address))
      fail(where, `${f}.address`, 'a 0x-prefixed 40-hex address', t.address)
    if (typeof t.symbol !== 'string' || typeof t.name !== 'string')
      fail(where, `${f}.symbol/name`, 'strings', [t.symbol, t.name])
    if (!Number.isInteger(t.decimals) || (t.decimals as number) < 0 || (t.decimals as number) > 255)
      fail(where, `${f}.decimals`, 'an integer in 0..255', t.decimals)
  })
  if (c.uniswapV2 !== undefined) {
    const u = c.uniswapV2
    if (!isRecord(u)) fail(where, `${field}.uniswapV2`, 'an object { factory, router, weth }', u)
    for (const k of ['factory', 'router', 'weth'] as const)
      if (typeof u[k] !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(u[k]))
        fail(where, `${field}.uniswapV2.${k}`, 'a 0x-prefixed 40-hex address', u[k])
  }
}

/** Checks one Solana chain (SolanaChainConfig). */
export function checkSolanaChain(c: unknown, where: string, field: string): void {
  if (!isRecord(c)) fail(where, field, 'a Solana chain object', c)
  if (typeof c.caipNetworkId !== 'string' || !/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.test(c.caipNetworkId))
    fail(
      where,
      `${field}.caipNetworkId`,
      'a CAIP-2 id such as "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"',
      c.caipNetworkId,
    )
  checkUrl(c.rpcUrl, where, `${field}.rpcUrl`, ['http:', 'https:'])
  if (typeof c.name !== 'string' || !c.name) fail(where, `${field}.name`, 'a non-empty string', c.name)
  if (typeof c.testnet !== 'boolean') fail(where, `${field}.testnet`, 'a boolean', c.testnet)
  if (!Array.isArray(c.tokens)) fail(where, `${field}.tokens`, 'a list', c.tokens)
  c.tokens.forEach((t: unknown, i: number) => {
    const f = `${field}.tokens[${i}]`
    if (!isRecord(t)) fail(where, f, 'a token object', t)
    if (typeof t.mint !== 'string' || !SOLANA_ADDRESS.test(t.mint)) fail(where, `${f}.mint`, 'a base58 address', t.mint)
    if (typeof t.symbol !== 'string' || typeof t.name !== 'string')
      fail(where, `${f}.symbol/name`, 'strings', [t.symbol, t.name])
    if (!Number.isInteger(t.decimals) || (t.decimals as number) < 0 || (t.decimals as number) > 255)
      fail(where, `${f}.decimals`, 'an integer in 0..255', t.decimals)
  })
}
