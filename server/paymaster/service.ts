// The verifying paymaster as a service: on each local chain it deploys EntryPoint v0.8 (if not there yet) and
// FoyerPaymaster with the signer's key, and funds the paymaster's EntryPoint deposit; the API serves its ERC-7677
// endpoint and the embedded wallet asks it in-process. Off where no local chain runs (nothing is deployed there).
import type { Hex } from 'viem'
import { defineService } from '../compose.js'
import { deployAccountAbstraction } from '../contracts/account-abstraction.js'
import { deployLocalPaymaster, LOCAL_PAYMASTER_KEY } from '../contracts/paymaster.js'
import { createSponsor, type PaymasterChain, type Sponsor } from './sponsor.js'

/** A running paymaster signer. */
export interface RunningPaymaster {
  sponsor: Sponsor
  close(): Promise<void>
}

declare module '../compose.js' {
  interface ServiceMap {
    paymaster: RunningPaymaster
  }
}

/** Deploys and serves the paymaster on the local chains. */
export const paymasterService = defineService({
  name: 'paymaster',
  needs: ['store'],
  uses: ['chains'],
  async start(ctx) {
    const local = ctx.get('chains')?.chains ?? []
    if (local.length === 0) return undefined
    const signerKey = (ctx.config.paymasterKey as Hex | undefined) ?? LOCAL_PAYMASTER_KEY
    const chains: PaymasterChain[] = await Promise.all(
      local.map(async (c) => {
        const { entryPoint } = await deployAccountAbstraction(c.rpcUrl)
        const paymaster = await deployLocalPaymaster(c.rpcUrl, { entryPoint, signerKey })
        return { caipNetworkId: c.caipNetworkId, chainId: c.chainId, rpcUrl: c.rpcUrl, entryPoint, paymaster }
      }),
    )
    const sponsor = createSponsor({ config: ctx.config, store: ctx.need('store').store, chains, signerKey })
    return { sponsor, close: async () => {} }
  },
  describe: (p) => [
    `paymaster ${p.sponsor.chains.map((c) => `${c.caipNetworkId} ${c.paymaster}`).join(', ')} (signer ${p.sponsor.signer})`,
  ],
})
