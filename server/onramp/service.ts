// The local on-ramp provider as a service (`npm start`; on when config.onrampPort is set, FOYER_ONRAMP_PORT): its
// checkout page on its own port, hot wallets funded on the local chains it serves. The API's on-ramp routes reach it
// through its adapter (the `api` service uses `onramp`).
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import {
  createPublicClient,
  createTestClient,
  encodeFunctionData,
  http,
  parseEther,
  parseUnits,
  type Address,
  type Hex,
} from 'viem'
import { configMarket } from '../api/chain-clients.js'
import { DEPLOYER_ADDRESS } from '../chains/seed.js'
import { chainsOf } from '../chains/service.js'
import { resolveConfig } from '../config.js'
import { defineService } from '../compose.js'
import { testTokenAbi } from '../contracts/compile.js'
import { fundSolana } from '../solana/seed.js'
import { solanaChainsOf } from '../solana/service.js'
import type { ChainConfig, RunningService } from '../types.js'
import { checkoutRoutes } from './checkout.js'
import { createLocalProvider, type LocalProvider } from './local.js'
import { LOCAL_ONRAMP_EVM_KEY } from './hot-wallet.js'
import { createPayout, evmHotWallet, LOCAL_ONRAMP_SOLANA_KEY, solanaHotWallet } from './payout.js'

/** The running local provider: its checkout site and its adapter. */
export interface RunningOnRamp extends RunningService {
  provider: LocalProvider
}

declare module '../compose.js' {
  interface ServiceMap {
    onramp: RunningOnRamp
  }
}

/** The provider's public key (SPEC §7 publicKey): an identifier the checkout page checks, not a secret. */
export const LOCAL_ONRAMP_PUBLIC_KEY = 'foyer-local-onramp'

/** What each hot wallet holds after start-up on a local chain. */
export const HOT_FUNDS = { eth: '100', usdc: '1000000', sol: 1000n * 10n ** 9n }

// One funding at a time per chain: services funding side by side would race on the impersonated deployer's nonce.
const funding = new Map<string, Promise<unknown>>()

/** Funds a hot wallet on a local anvil chain: ETH by setBalance, USDC by a real transfer from the token deployer. */
export function fundEvm(chain: ChainConfig, hot: Address): Promise<void> {
  const run = (funding.get(chain.rpcUrl) ?? Promise.resolve()).then(() => fundEvmNow(chain, hot))
  funding.set(
    chain.rpcUrl,
    run.catch(() => undefined),
  )
  return run
}

async function fundEvmNow(chain: ChainConfig, hot: Address): Promise<void> {
  const usdc = chain.tokens.find((t) => t.symbol === 'USDC')
  const transport = http(chain.rpcUrl, { retryCount: 0 })
  const test = createTestClient({ mode: 'anvil', transport })
  const pub = createPublicClient({ transport, pollingInterval: 50 })
  await test.setBalance({ address: hot, value: parseEther(HOT_FUNDS.eth) })
  if (!usdc) return
  // The token deployer holds the supply: it pays the hot wallet by a real transfer (anvil impersonation).
  await test.impersonateAccount({ address: DEPLOYER_ADDRESS })
  try {
    const data = encodeFunctionData({
      abi: testTokenAbi,
      functionName: 'transfer',
      args: [hot, parseUnits(HOT_FUNDS.usdc, usdc.decimals)],
    })
    const hash = await pub.request({
      method: 'eth_sendTransaction',
      params: [{ from: DEPLOYER_ADDRESS, to: usdc.address, data }],
    } as never)
    const receipt = await pub.waitForTransactionReceipt({ hash: hash as Hex })
    if (receipt.status !== 'success') throw new Error(`funding the on-ramp hot wallet on ${chain.caipNetworkId} failed`)
  } finally {
    await test.stopImpersonatingAccount({ address: DEPLOYER_ADDRESS })
  }
}

/** Starts the local on-ramp provider on config.onrampPort. */
export const onrampService = defineService({
  name: 'onramp',
  uses: ['chains', 'solana'],
  async start(ctx) {
    const port = ctx.config.onrampPort
    if (port === undefined) return undefined
    const chains = ctx.get('chains')?.chains ?? []
    const local = ctx.get('solana')
    await Promise.all(chains.map((c) => fundEvm(c, evmHotWallet(LOCAL_ONRAMP_EVM_KEY))))
    if (local)
      fundSolana(local.runtime, [solanaHotWallet(LOCAL_ONRAMP_SOLANA_KEY)], {
        lamports: HOT_FUNDS.sol,
        tokens: parseUnits(HOT_FUNDS.usdc, 6),
      })
    // The provider needs the page's URL and the page needs the provider: the routes are mounted once both exist.
    const mounted: { fetch?: (req: Request) => Response | Promise<Response> } = {}
    const server = await listen((req) => mounted.fetch!(req), port, ctx.config.host)
    const url = `http://${ctx.config.host}:${(server.address() as AddressInfo).port}`
    const provider = createLocalProvider({
      chains,
      solana: local ? [local.chain] : [],
      // The market the API prices balances with (same table, pools and price API): the Tokens tab's price.
      prices: configMarket(resolveConfig({ ...ctx.config, chains: chainsOf(ctx), solanaChains: solanaChainsOf(ctx) }))
        .prices,
      feeBps: ctx.config.onrampFeeBps,
      publicKey: LOCAL_ONRAMP_PUBLIC_KEY,
      checkoutUrl: `${url}/checkout`,
      payout: createPayout({
        chains,
        solana: local ? [local.chain] : [],
        evmKey: LOCAL_ONRAMP_EVM_KEY,
        solanaKey: LOCAL_ONRAMP_SOLANA_KEY,
      }),
    })
    mounted.fetch = checkoutRoutes(provider).fetch
    return {
      url,
      port: (server.address() as AddressInfo).port,
      provider,
      close: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeAllConnections()
        }),
    }
  },
  describe: (o) => [`on-ramp provider ${o.url}/checkout (local: test cards, settles on the local chains)`],
})

/** Serves `fetch` on host:port; resolves once listening. */
export function listen(
  fetch: (req: Request) => Response | Promise<Response>,
  port: number,
  host: string,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname: host }) as Server
    server.once('error', reject)
    server.once('listening', () => {
      server.off('error', reject)
      resolve(server)
    })
  })
}
