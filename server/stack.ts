// The local stack the demo runs on: two anvil chains using mainnet ids (1 and 8453, so balances and names behave as
// on mainnet — the chains are local, and the demo says so), test tokens, a funded dev wallet, a local Solana node, the store under
// .foyer/, the API, the indexer and the WalletConnect relay. It is the composition root (compose.ts) over every
// service in services.ts with `npm start`'s preset (STACK_PRESET).
import { resolveConfig, type ServerConfig } from './config.js'
import { DEV_WALLET_ADDRESS, DEV_WALLET_PRIVATE_KEY } from './chains/dev-wallet.js'
import { startServices, type ServiceDefinition, type Services } from './compose.js'
import type { Indexer } from './indexer/indexer.js'
import type { RunningApi } from './api/server.js'
import type { RunningRelay } from './relay/relay.js'
import { SERVICES } from './services.js'
import type { Store } from './store/store.js'
import type { ChainConfig } from './types.js'

export { DEV_WALLET_ADDRESS, DEV_WALLET_PRIVATE_KEY }

/** Chain ids of the stack's local chains. */
export const STACK_CHAIN_IDS = [1, 8453] as const

/** `npm start`'s settings under FOYER_CONFIG and the environment: fixed ports, two local chains, the store in .foyer. */
export const STACK_PRESET: Partial<ServerConfig> = {
  port: 8787,
  relayPort: 8788,
  demoPort: 5173,
  dataDir: '.foyer/db',
  localChains: [
    { chainId: 1, port: 8545 },
    { chainId: 8453, port: 8546 },
  ],
  fund: [DEV_WALLET_ADDRESS],
  localSolana: true,
  solanaPort: 8899,
  // the embedded wallet: its KEK in .foyer/secure-site.kek, codes mailed to the local mailbox, social logins through
  // the local OpenID provider
  secureSite: {
    port: 8790,
    kekFile: 'secure-site.kek',
    mailbox: { port: 8791, smtpPort: 2525 },
    oidc: { port: 8796 }, // 8792–8795 stay free for the on-ramp provider and its exchange
  },
  onrampPort: 8792,
  exchangePort: 8793,
}

/** Options of startStack. */
export interface StackOptions {
  /** Directory for the stack's data; the PGlite store lives in `<dataDir>/db`. Default `.foyer`; `memory://` keeps it in memory. */
  dataDir?: string
  /** Fixed ports; free ones are chosen for anything left out. */
  ports?: {
    api?: number
    relay?: number
    solana?: number
    chains?: Partial<Record<(typeof STACK_CHAIN_IDS)[number], number>>
  }
  /** An open, migrated store to use instead of opening one under dataDir (tests); the stack does not close it. */
  store?: Store
  /** Indexer poll period (default 250 ms). */
  pollMs?: number
  /** More services to run next to the server's (e.g. the demo page). */
  extra?: readonly ServiceDefinition[]
}

/** A running local stack. */
export interface Stack {
  api: RunningApi
  relay: RunningRelay
  chains: ChainConfig[]
  /** The store the API and indexer share (closed by close() unless it was passed in). */
  store: Store
  indexer: Indexer
  /** Every running service, for the ones not named above. */
  services: Services
  /** Stops everything the stack started; safe to call twice. */
  close(): Promise<void>
}

/** Starts chains, store, relay, indexer and API on free ports (unless given); on a failure stops what started. */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const dataDir = opts.dataDir ?? '.foyer'
  const config = resolveConfig({
    ...STACK_PRESET,
    dataDir: dataDir.startsWith('memory://') ? dataDir : `${dataDir}/db`,
    port: opts.ports?.api ?? 0,
    relayPort: opts.ports?.relay ?? 0,
    solanaPort: opts.ports?.solana ?? 0,
    localChains: STACK_CHAIN_IDS.map((chainId) => ({ chainId, port: opts.ports?.chains?.[chainId] })),
    secureSite: { ...STACK_PRESET.secureSite!, port: 0, mailbox: { port: 0, smtpPort: 0 }, oidc: { port: 0 } },
    onrampPort: 0,
    exchangePort: 0,
    indexerPollMs: opts.pollMs,
  })
  const services = await startServices(config, [...SERVICES, ...(opts.extra ?? [])], {
    provided: opts.store ? { store: { store: opts.store, close: async () => {} } } : {},
  })
  return {
    api: services.need('api'),
    relay: services.need('relay'),
    chains: services.need('chains').chains,
    store: services.need('store').store,
    indexer: services.need('indexer').indexer,
    services,
    close: () => services.close(),
  }
}
