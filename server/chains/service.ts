// Local anvil chains as a background service of startServer, for `npm run server` without a real RPC:
// FOYER_LOCAL_CHAINS="1,8453" starts those chains and hands their ChainConfigs to the API and the indexer.
import { isAddress, type Address } from 'viem'
import type { BackgroundService } from '../api/background.js'
import { ConfigError } from '../config.js'
import { startChains } from './chains.js'

/** Anvil's first default account, funded on local chains unless FOYER_FUND says otherwise. */
export const DEV_WALLET_ADDRESS: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** Parses FOYER_LOCAL_CHAINS / FOYER_FUND; returns null when local chains are not asked for. */
export function localChainsFromEnv(env: NodeJS.ProcessEnv): { chainIds: number[]; fund: Address[] } | null {
  const raw = env.FOYER_LOCAL_CHAINS?.trim()
  if (!raw) return null
  const chainIds = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number)
  if (chainIds.some((n) => !Number.isInteger(n) || n <= 0 || n >= 2 ** 31)) {
    throw new ConfigError(`FOYER_LOCAL_CHAINS must be comma-separated chain ids in 1..2147483647, got "${raw}"`)
  }
  const fund = (env.FOYER_FUND ?? DEV_WALLET_ADDRESS)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const bad = fund.find((a) => !isAddress(a, { strict: false }))
  if (bad) throw new ConfigError(`FOYER_FUND must be comma-separated 0x addresses, got "${bad}"`)
  return { chainIds, fund: fund as Address[] }
}

/** Starts anvil chains named by FOYER_LOCAL_CHAINS (added to config.chains); off when it is unset. */
export const localChainsService: BackgroundService = {
  name: 'local-chains',
  async start({ config }) {
    const wanted = localChainsFromEnv(process.env)
    if (!wanted) return undefined
    const local = await startChains({ chains: wanted.chainIds.map((chainId) => ({ chainId })), fund: wanted.fund })
    const others = config.chains.filter((c) => !wanted.chainIds.includes(c.chainId))
    return { close: () => local.close(), configPatch: { chains: [...others, ...local.chains] } }
  },
}
