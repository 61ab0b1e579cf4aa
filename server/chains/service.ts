// Local anvil chains as a service: config.localChains (FOYER_LOCAL_CHAINS, `npm start`: 1 and 8453) are started,
// seeded and funded; the API and the indexer read them through chainsOf().
import type { Address } from 'viem'
import { defineService, type ServiceContext } from '../compose.js'
import type { ChainConfig } from '../types.js'
import { startChains, type LocalChains } from './chains.js'
import { DEV_WALLET_ADDRESS } from './dev-wallet.js'

export { DEV_WALLET_ADDRESS }

declare module '../compose.js' {
  interface ServiceMap {
    chains: LocalChains
  }
}

/** The chains a service should serve: config.chains, with the local ones (if running) in place of same-id entries. */
export function chainsOf(ctx: Pick<ServiceContext, 'config' | 'get'>): ChainConfig[] {
  const local = ctx.get('chains')?.chains ?? []
  const ids = new Set(local.map((c) => c.chainId))
  return [...ctx.config.chains.filter((c) => !ids.has(c.chainId)), ...local]
}

/** Starts the configured local chains; off when none is configured. */
export const chainsService = defineService({
  name: 'chains',
  async start({ config }) {
    if (config.localChains.length === 0) return undefined
    // Port 0 means "any free port", which spawnAnvil picks itself when given none.
    const chains = config.localChains.map((c) => ({ chainId: c.chainId, port: c.port || undefined }))
    return startChains({ chains, fund: config.fund as Address[] })
  },
  describe: ({ chains }) => chains.map((c) => `chain ${c.chainId} ${c.rpcUrl}`),
})
