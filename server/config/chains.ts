// EVM chains: the ones balances, names and the indexer read, the local anvil chains `npm start` runs and funds, and
// the indexer's pace.
import { DEV_WALLET_ADDRESS } from '../chains/dev-wallet.js'
import type { ChainConfig } from '../types.js'
import { ConfigError, checkChain, checkPort, checkStringList, fail, isRecord, list, parseIntStrict } from './checks.js'
import { atLeast, csv, int, setting, type Role } from './setting.js'

/** One local anvil chain to start (FOYER_LOCAL_CHAINS, FOYER_CHAIN_<id>_PORT). */
export interface LocalChainSetting {
  chainId: number
  /** Fixed port; a free one when absent. */
  port?: number
}

/** EVM chain settings. */
export const chainsRole = {
  title: 'Chains',
  intro: 'EVM chains (server/chains/, server/indexer/) and the local ones `npm start` runs:',
  settings: {
    chains: setting<ChainConfig[]>({
      env: [],
      default: () => [],
      check: (v, where) => {
        if (!Array.isArray(v)) fail(where, 'chains', 'a list of chains', v)
        v.forEach((c, i) => checkChain(c, where, `chains[${i}]`))
      },
      row: { meaning: 'EVM chains (`ChainConfig`, server/types.ts) read by balances, names, identity, the indexer' },
    }),
    localChains: setting<LocalChainSetting[]>({
      env: ['FOYER_LOCAL_CHAINS'],
      // Set but empty asks for no local chain (over a preset's).
      read: (env) => {
        const raw = env.FOYER_LOCAL_CHAINS
        if (raw === undefined) return undefined
        const ids = list(raw)
        if (ids.some((s) => !/^\d+$/.test(s)))
          throw new ConfigError(`FOYER_LOCAL_CHAINS must be comma-separated chain ids, got "${raw}"`)
        return ids.map((s) => ({ chainId: Number(s) }))
      },
      default: () => [],
      check: (v, where) => {
        if (!Array.isArray(v)) fail(where, 'localChains', 'a list of { chainId, port? }', v)
        v.forEach((c, i) => {
          if (!isRecord(c) || !Number.isInteger(c.chainId) || c.chainId <= 0 || c.chainId >= 2 ** 31)
            fail(where, `localChains[${i}].chainId (FOYER_LOCAL_CHAINS)`, 'an integer in 1..2147483647', c?.chainId)
          if (c.port !== undefined) checkPort(c.port, where, `localChains[${i}].port`)
        })
      },
      row: {
        default: 'none',
        meaning: 'e.g. `1,8453`: start local anvil chains and serve them (`npm start`: 1 and 8453)',
      },
    }),
    fund: setting<string[]>({
      env: ['FOYER_FUND'],
      parse: csv,
      default: () => [DEV_WALLET_ADDRESS],
      check: (v, where) => {
        checkStringList(v, where, 'fund (FOYER_FUND)')
        const bad = v.find((a) => !/^0x[0-9a-fA-F]{40}$/.test(a))
        if (bad !== undefined) fail(where, 'fund (FOYER_FUND)', 'a list of 0x addresses', bad)
      },
      row: {
        default: 'the dev wallet',
        meaning: 'Comma-separated addresses funded with ETH and the test tokens on local chains',
      },
    }),
    indexerPollMs: setting<number>({
      env: ['FOYER_INDEXER_POLL_MS'],
      parse: int,
      default: () => 250,
      check: atLeast('indexerPollMs', 10, 'an integer of at least 10'),
      row: { meaning: 'Indexer poll period per chain, in milliseconds' },
    }),
    indexerLeaderRetryMs: setting<number>({
      env: ['FOYER_INDEXER_LEADER_RETRY_MS'],
      parse: int,
      default: () => 1000,
      check: atLeast('indexerLeaderRetryMs', 50, 'an integer of at least 50'),
      row: { meaning: 'On PostgreSQL: how often a standby process tries to become the indexer, and the leader checks' },
    }),
  },
  notes: [
    {
      env: '`FOYER_CHAIN_<id>_PORT`',
      key: '`localChains[].port`',
      default: 'free port',
      meaning: 'Fixed port of local chain `<id>` (`npm start`: 8545 for 1, 8546 for 8453)',
    },
  ],
} satisfies Role<unknown>

/** FOYER_CHAIN_<id>_PORT: fixes the port of a local chain wherever that chain was asked for (preset, file, env). */
export function withChainPorts<C extends { localChains: LocalChainSetting[] }>(config: C, env: NodeJS.ProcessEnv): C {
  for (const [key, raw] of Object.entries(env)) {
    const m = /^FOYER_CHAIN_(\d+)_PORT$/.exec(key)
    if (!m || raw === undefined || raw === '') continue
    const port = parseIntStrict(raw, key)
    checkPort(port, 'environment: ', key)
    config.localChains = config.localChains.map((c) => (c.chainId === Number(m[1]) ? { ...c, port } : c))
  }
  return config
}
