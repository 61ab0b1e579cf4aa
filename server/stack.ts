// The local stack the demo runs on: two anvil chains using mainnet ids (1 and 8453, so balances and names behave as
// on mainnet — the chains are local, and the demo says so), test tokens, a funded dev wallet, the store under
// .foyer/, the API, the indexer and the WalletConnect relay.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { resolveConfig } from './config.js'
import { startChains, type LocalChains } from './chains/chains.js'
import { DEV_WALLET_ADDRESS } from './chains/service.js'
import { startIndexer, type Indexer } from './indexer/indexer.js'
import { prepareStore, startApi, type RunningApi } from './api/server.js'
import { startRelay } from './relay/relay.js'
import { openStore, type Store } from './store/store.js'
import type { ChainConfig, RunningService } from './types.js'

/** Private key of the demo dev wallet: anvil's first default account, public knowledge, never use it elsewhere. */
export const DEV_WALLET_PRIVATE_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const
export { DEV_WALLET_ADDRESS }

/** Chain ids of the stack's local chains. */
export const STACK_CHAIN_IDS = [1, 8453] as const

/** Options of startStack. */
export interface StackOptions {
  /** Directory for the stack's data; the PGlite store lives in `<dataDir>/db`. Default `.foyer`; `memory://` keeps it in memory. */
  dataDir?: string
  /** Fixed ports; free ones are chosen for anything left out. */
  ports?: { api?: number; relay?: number; chains?: Partial<Record<(typeof STACK_CHAIN_IDS)[number], number>> }
  /** An open, migrated store to use instead of opening one under dataDir (tests); the stack does not close it. */
  store?: Store
  /** Indexer poll period (default 250 ms). */
  pollMs?: number
}

/** A running local stack. */
export interface Stack {
  api: RunningService
  relay: RunningService
  chains: ChainConfig[]
  /** The store the API and indexer share (closed by close() unless it was passed in). */
  store: Store
  indexer: Indexer
  /** Stops everything the stack started; safe to call twice. */
  close(): Promise<void>
}

// One stack per data directory: two PGlite instances on one directory would corrupt it.
function lockDataDir(dataDir: string): () => Promise<void> {
  mkdirSync(dataDir, { recursive: true })
  const file = join(dataDir, 'stack.pid')
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' })
  } catch {
    const holder = Number(readFileSync(file, 'utf8'))
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new Error(
        `another Foyer stack (pid ${holder}) is using ${dataDir}; stop it or choose another data directory`,
      )
    }
    // a stale lock from a stack that died without cleaning up
    writeFileSync(file, String(process.pid))
  }
  return async () => {
    try {
      if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file)
    } catch {
      // already removed
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: the process exists but belongs to someone else
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Starts chains, store, relay, indexer and API; on any failure stops what already started and rethrows. */
export async function startStack(opts: StackOptions = {}): Promise<Stack> {
  const dataDir = opts.dataDir ?? '.foyer'
  const dbDir = dataDir.startsWith('memory://') ? dataDir : join(dataDir, 'db')
  const stops: Array<() => Promise<void>> = []
  const stopAll = async (): Promise<void> => {
    // reverse start order: the API stops taking requests before the store under it closes
    for (const stop of stops.splice(0).reverse())
      await stop().catch((err: unknown) => console.error('[stack] stop failed:', err))
  }
  try {
    if (!opts.store && !dataDir.startsWith('memory://')) stops.push(lockDataDir(dataDir))
    // allSettled, not all: a failed part must not leave a sibling that finishes later running unstopped
    const settled = await Promise.allSettled([
      startChains({
        chains: STACK_CHAIN_IDS.map((chainId) => ({ chainId, port: opts.ports?.chains?.[chainId] })),
        fund: [DEV_WALLET_ADDRESS],
      }).then((l: LocalChains) => (stops.push(() => l.close()), l)),
      opts.store ?? openStore({ dataDir: dbDir }).then((s) => (stops.push(() => s.close()), s)),
      startRelay({ port: opts.ports?.relay ?? 0 }).then((r) => (stops.push(() => r.close()), r)),
    ] as const)
    const failed = settled.find((r) => r.status === 'rejected')
    if (failed) throw failed.reason
    const [local, store, relay] = settled.map((r) => (r as PromiseFulfilledResult<unknown>).value) as [
      LocalChains,
      Store,
      RunningService,
    ]
    await prepareStore(store)
    const indexer = startIndexer({ store, chains: local.chains, pollMs: opts.pollMs })
    stops.push(() => indexer.stop())
    const api: RunningApi = await startApi({
      store,
      port: opts.ports?.api ?? 0,
      config: resolveConfig({ dataDir: dbDir, chains: local.chains }),
    })
    stops.push(() => api.close())
    let closing: Promise<void> | undefined
    return { api, relay, chains: local.chains, store, indexer, close: () => (closing ??= stopAll()) }
  } catch (err) {
    await stopAll()
    throw err
  }
}
