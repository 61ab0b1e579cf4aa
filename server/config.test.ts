import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, DEFAULT_ALLOWED_ORIGINS, loadConfig, resolveConfig } from './config.js'

const dir = mkdtempSync(join(tmpdir(), 'foyer-config-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function file(name: string, content: unknown): string {
  const path = join(dir, name)
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content))
  return path
}

describe('config', () => {
  it('has documented defaults', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      dataDir: '.foyer/db',
      bodyLimitBytes: 65536,
      nameSuffix: 'foyer.id',
      corsOrigins: ['*'],
    })
    expect(c.allowedOrigins).toEqual(DEFAULT_ALLOWED_ORIGINS)
    expect(c.allowedOrigins).toContain('http://localhost:*')
    expect(c.databaseUrl).toBeUndefined()
  })

  it('reads the file and lets the environment win', () => {
    const path = file('ok.json', {
      port: 9000,
      host: '0.0.0.0',
      features: { multiWallet: { isEnabled: true } },
      projects: {
        ['ab'.repeat(16)]: { allowedOrigins: ['https://app.example.com'], features: { swaps: { isEnabled: false } } },
      },
    })
    const c = loadConfig({
      FOYER_CONFIG: path,
      FOYER_PORT: '9100',
      DATABASE_URL: 'postgres://u@h:5432/db',
      FOYER_ALLOWED_ORIGINS: 'https://a.example, https://b.example',
    })
    expect(c.port).toBe(9100)
    expect(c.host).toBe('0.0.0.0')
    expect(c.databaseUrl).toBe('postgres://u@h:5432/db')
    expect(c.allowedOrigins).toEqual(['https://a.example', 'https://b.example'])
    expect(c.features.multiWallet?.isEnabled).toBe(true)
    expect(c.projects['ab'.repeat(16)].features?.swaps?.isEnabled).toBe(false)
  })

  it.each([
    [{ FOYER_PORT: 'abc' }, /FOYER_PORT must be a non-negative integer, got "abc"/],
    [{ FOYER_PORT: '70000' }, /port must be an integer in 0\.\.65535/],
    [{ DATABASE_URL: 'mysql://x' }, /databaseUrl \(DATABASE_URL\) must be a URL \(postgres: or postgresql:\)/],
    [{ FOYER_BODY_LIMIT: '10' }, /bodyLimitBytes must be an integer of at least 1024/],
    [{ FOYER_CONFIG: '/nonexistent/foyer.json' }, /FOYER_CONFIG: cannot read/],
    [{ FOYER_LOCAL_CHAINS: '1,x' }, /FOYER_LOCAL_CHAINS must be comma-separated chain ids, got "1,x"/],
    [{ FOYER_LOCAL_CHAINS: '2147483648' }, /localChains\[0\]\.chainId \(FOYER_LOCAL_CHAINS\) must be an integer/],
    [{ FOYER_FUND: 'nope' }, /fund \(FOYER_FUND\) must be a list of 0x addresses, got "nope"/],
    [{ FOYER_RELAY_PORT: '-1' }, /FOYER_RELAY_PORT must be a non-negative integer/],
    [{ FOYER_RELAY_PROJECT_ID_PATTERN: '(' }, /relayProjectIdPattern must be a regular expression/],
    [{ FOYER_LOCAL_CHAINS: '1', FOYER_CHAIN_1_PORT: '99999' }, /FOYER_CHAIN_1_PORT must be an integer in 0\.\.65535/],
    [
      { FOYER_SIWX_SESSION_TTL: '5' },
      /siwxSessionTtlSeconds \(FOYER_SIWX_SESSION_TTL\) must be an integer of at least 60/,
    ],
    [{ FOYER_SIWX_NONCE_TTL: '1' }, /siwxNonceTtlSeconds \(FOYER_SIWX_NONCE_TTL\) must be an integer of at least 10/],
    // The key is never echoed back, even when malformed.
    [
      { FOYER_SIWX_SIGNING_KEY: 'secret-but-wrong' },
      /siwxSigningKey \(FOYER_SIWX_SIGNING_KEY\) must be a private JWK .*"\(hidden\)"$/,
    ],
    [{ FOYER_LOCAL_SOLANA: 'maybe' }, /FOYER_LOCAL_SOLANA must be 1 or 0/],
    [{ FOYER_SOLANA_FUND: '0xabc' }, /solanaFund \(FOYER_SOLANA_FUND\) must be a list of base58 Solana addresses/],
  ])('rejects bad environment %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError)
    expect(() => loadConfig(env)).toThrow(message)
  })

  it.each([
    ['notjson.json', '{ nope', /is not valid JSON/],
    ['array.json', [], /must hold a JSON object/],
    ['unknown.json', { prot: 1 }, /unknown setting "prot"/],
    ['feature.json', { features: { telepathy: {} } }, /features\.telepathy must be one of email/],
    ['enabled.json', { features: { email: { isEnabled: 'yes' } } }, /features\.email\.isEnabled must be a boolean/],
    ['socials.json', { features: { socials: { config: 'google' } } }, /features\.socials\.config must be a list/],
    ['project.json', { projects: { short: {} } }, /projects\.short must be keyed by a 32-hex-digit project id/],
    [
      'chain.json',
      { chains: [{ chainId: 1, caipNetworkId: 'eip155:2' }] },
      /chains\[0\]\.caipNetworkId must be "eip155:1"/,
    ],
    [
      'price.json',
      { priceTable: { 'eip155:1:native': -1 } },
      /priceTable\.eip155:1:native must be a non-negative number or decimal string/,
    ],
    ['price-symbol.json', { priceTable: { USDC: 1 } }, /priceTable must be keys "<chain>:<token address>".*USDC/],
    [
      'solana.json',
      { solanaChains: [{ caipNetworkId: 'solana:x' }] },
      /solanaChains\[0\]\.caipNetworkId must be a CAIP-2/,
    ],
  ])('rejects a bad file (%s) naming the setting', (name, content, message) => {
    const path = file(name, content)
    expect(() => loadConfig({ FOYER_CONFIG: path })).toThrow(message)
    expect(() => loadConfig({ FOYER_CONFIG: path })).toThrow(name)
  })

  it('reads the services settings, under a preset (npm start) that the environment overrides', () => {
    const preset = {
      localChains: [
        { chainId: 1, port: 8545 },
        { chainId: 8453, port: 8546 },
      ],
      demoPort: 5173,
    }
    const c = loadConfig(
      {
        FOYER_SERVICES: 'api, indexer',
        FOYER_API_PORT: '0',
        FOYER_RELAY_PORT: '0',
        FOYER_CHAIN_8453_PORT: '0',
        FOYER_DEMO_PORT: '0',
        FOYER_STACK_DIR: '/tmp/x',
        FOYER_FUND: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        FOYER_INDEXER_POLL_MS: '50',
      },
      {},
      preset,
    )
    expect(c).toMatchObject({
      services: ['api', 'indexer'],
      port: 0,
      relayPort: 0,
      demoPort: 0,
      dataDir: '/tmp/x/db',
      indexerPollMs: 50,
      fund: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
      localChains: [
        { chainId: 1, port: 8545 },
        { chainId: 8453, port: 0 },
      ],
    })
    expect(loadConfig({ FOYER_LOCAL_CHAINS: '10' }, {}, preset).localChains).toEqual([{ chainId: 10 }])
    expect(loadConfig({}).localChains).toEqual([])
    const sol = loadConfig({
      FOYER_LOCAL_SOLANA: '1',
      FOYER_SOLANA_PORT: '0',
      FOYER_SOLANA_FUND: 'Gf1x4T9bKJWhEPELMJmeyJYAkHyp9bUcKRUbXSzEbAhh',
    })
    expect(sol).toMatchObject({
      localSolana: true,
      solanaPort: 0,
      solanaFund: ['Gf1x4T9bKJWhEPELMJmeyJYAkHyp9bUcKRUbXSzEbAhh'],
    })
    expect(loadConfig({}).localSolana).toBe(false)
  })

  it('accepts a valid chain list', () => {
    const chain = {
      chainId: 31337,
      caipNetworkId: 'eip155:31337',
      name: 'Local',
      rpcUrl: 'http://127.0.0.1:8545',
      nativeSymbol: 'ETH',
      nativeName: 'Ether',
      nativeDecimals: 18,
      testnet: false,
      tokens: [{ address: `0x${'1'.repeat(40)}`, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
    }
    expect(resolveConfig({ chains: [chain as never] }).chains).toHaveLength(1)
    const uniswapV2 = { factory: `0x${'2'.repeat(40)}`, router: `0x${'3'.repeat(40)}`, weth: `0x${'4'.repeat(40)}` }
    expect(resolveConfig({ chains: [{ ...chain, uniswapV2 } as never] }).chains[0].uniswapV2).toEqual(uniswapV2)
    expect(() =>
      resolveConfig({ chains: [{ ...chain, uniswapV2: { ...uniswapV2, router: '0x12' } } as never] }),
    ).toThrow(/chains\[0\]\.uniswapV2\.router/)
  })
})
