// The local exchange as a service (`npm start`; on when config.exchangePort is set, FOYER_EXCHANGE_PORT): its login
// page on its own port and its hot wallets, funded on the local chains at start-up. The API's exchange routes reach
// it through its adapter (the `api` service uses `exchange`).
import type { AddressInfo } from 'node:net'
import { keccak256, parseUnits, stringToHex, type Hex } from 'viem'
import { defineService } from '../compose.js'
import { createPayout, evmHotWallet, solanaHotWallet } from '../onramp/payout.js'
import { fundEvm, HOT_FUNDS, listen } from '../onramp/service.js'
import { phraseSecretKey } from '../solana/keys.js'
import { fundSolana } from '../solana/seed.js'
import type { RunningService } from '../types.js'
import { createLocalExchange, type LocalExchange } from './exchange.js'
import { exchangeRoutes } from './pages.js'

/** The running local exchange: its page and its adapter. */
export interface RunningExchange extends RunningService {
  exchange: LocalExchange
}

declare module '../compose.js' {
  interface ServiceMap {
    exchange: RunningExchange
  }
}

/** The local exchange's EVM hot wallet (a public, local-only key). */
export const LOCAL_EXCHANGE_EVM_KEY: Hex = keccak256(stringToHex('foyer local exchange hot wallet'))
/** The local exchange's Solana hot wallet (a public, local-only key). */
export const LOCAL_EXCHANGE_SOLANA_KEY: Uint8Array = phraseSecretKey('foyer local exchange hot wallet')

/** Starts the local exchange on config.exchangePort. */
export const exchangeService = defineService({
  name: 'exchange',
  uses: ['chains', 'solana'],
  async start(ctx) {
    const port = ctx.config.exchangePort
    if (port === undefined) return undefined
    const chains = ctx.get('chains')?.chains ?? []
    const local = ctx.get('solana')
    await Promise.all(chains.map((c) => fundEvm(c, evmHotWallet(LOCAL_EXCHANGE_EVM_KEY))))
    if (local)
      fundSolana(local.runtime, [solanaHotWallet(LOCAL_EXCHANGE_SOLANA_KEY)], {
        lamports: HOT_FUNDS.sol,
        tokens: parseUnits(HOT_FUNDS.usdc, 6),
      })
    const mounted: { fetch?: (req: Request) => Response | Promise<Response> } = {}
    const server = await listen((req) => mounted.fetch!(req), port, ctx.config.host)
    const url = `http://${ctx.config.host}:${(server.address() as AddressInfo).port}`
    const solana = local ? [local.chain] : []
    const exchange = createLocalExchange({
      chains,
      solana,
      pageUrl: `${url}/pay`,
      payout: createPayout({ chains, solana, evmKey: LOCAL_EXCHANGE_EVM_KEY, solanaKey: LOCAL_EXCHANGE_SOLANA_KEY }),
    })
    mounted.fetch = exchangeRoutes(exchange).fetch
    return {
      url,
      port: (server.address() as AddressInfo).port,
      exchange,
      close: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeAllConnections()
        }),
    }
  },
  describe: (e) => [`exchange ${e.url}/pay (local: test account, pays from its hot wallet on the local chains)`],
})
