// Input checks shared by the chain-data routes (balances, transactions, identity, names): EVM addresses and
// CAIP-2 chain ids resolved against the configured chains.
import { getAddress, type Address } from 'viem'
import type { ChainConfig } from '../types.js'
import { invalidField } from './errors.js'
import { clip } from './params.js'

/** SPEC §5: an EVM address is 40 hex digits with an optional 0x prefix. */
export const EVM_ADDRESS_PATTERN = /^(0x)?[0-9a-fA-F]{40}$/

/** Well-known EVM testnets; configured chains carry their own `testnet` flag. */
export const KNOWN_TESTNET_IDS: ReadonlySet<number> = new Set([
  5, 420, 80001, 80002, 84531, 84532, 11155111, 11155420, 421614, 43113, 44787,
])

/** Parses an EVM address (any case, 0x optional) to its checksummed form, or throws 400 invalid_address. */
export function parseEvmAddress(raw: string | undefined, field = 'address'): Address {
  if (!raw || !EVM_ADDRESS_PATTERN.test(raw)) {
    throw invalidField(
      'invalid_address',
      field,
      `"${clip(raw ?? '')}" is not an EVM address: expected 40 hex digits with an optional 0x prefix`,
    )
  }
  const hex = raw.startsWith('0x') ? raw.slice(2) : raw
  return getAddress(`0x${hex.toLowerCase()}`)
}

/** A parsed chain id: the EVM reference, or another namespace that the EVM-only features answer empty for. */
export type ParsedChainId = { namespace: 'eip155'; chainId: number } | { namespace: string; chainId: null }

/** Parses "eip155:1" (or a bare decimal "1") into a chain id; throws 400 invalid_chain_id for anything else. */
export function parseChainId(raw: string, field = 'chainId'): ParsedChainId {
  const bare = /^\d{1,16}$/.test(raw) ? `eip155:${raw}` : raw
  const m = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/.exec(bare)
  if (!m) throw invalidField('invalid_chain_id', field, `"${clip(raw)}" is not a CAIP-2 chain id such as eip155:1`)
  if (m[1] !== 'eip155') return { namespace: m[1], chainId: null }
  if (!/^[1-9]\d{0,15}$/.test(m[2]) || !Number.isSafeInteger(Number(m[2]))) {
    throw invalidField(
      'invalid_chain_id',
      field,
      `"${clip(raw)}" has no valid EVM chain reference (a positive integer)`,
    )
  }
  return { namespace: 'eip155', chainId: Number(m[2]) }
}

/** Finds a configured chain by its CAIP-2 id; throws 400 unknown_chain when it is not configured. */
export function configuredChain(chains: ChainConfig[], raw: string, field = 'chainId'): ChainConfig {
  const parsed = parseChainId(raw, field)
  const chain = parsed.chainId === null ? undefined : chains.find((c) => c.chainId === parsed.chainId)
  if (!chain) {
    const known = chains.map((c) => c.caipNetworkId).join(', ') || 'none'
    throw invalidField('unknown_chain', field, `chain "${clip(raw)}" is not served here (configured: ${known})`)
  }
  return chain
}

/** Whether a chain id is a testnet: by its configuration when configured, else by the well-known list. */
export function isTestnet(chains: ChainConfig[], chainId: number): boolean {
  return chains.find((c) => c.chainId === chainId)?.testnet ?? KNOWN_TESTNET_IDS.has(chainId)
}

/**
 * Chains a chain-data route reads for its `chainId` query: every configured chain when absent, none for a
 * well-known testnet that is not configured (SPEC §5: no lookups on testnets), else the configured chain (or 400).
 */
export function chainsForQuery(chains: ChainConfig[], raw: string | undefined, field = 'chainId'): ChainConfig[] {
  if (!raw) return chains
  const parsed = parseChainId(raw, field)
  if (
    parsed.chainId !== null &&
    !chains.some((c) => c.chainId === parsed.chainId) &&
    KNOWN_TESTNET_IDS.has(parsed.chainId)
  )
    return []
  return [configuredChain(chains, raw, field)]
}
