// Follows each configured chain from its startBlock (default 0) and stores its transactions and transfers. Resumes
// from the highest stored block; if the stored tip no longer matches the chain (a restarted anvil, a reorg) it rewinds to the last
// block whose hash still matches and indexes forward again.
import { BlockNotFoundError, createPublicClient, http, type PublicClient } from 'viem'
import type { Store } from '../store/store.js'
import type { ChainConfig } from '../types.js'
import { readBlocks, type BlockRows } from './read-blocks.js'
import { readTokenMeta } from './token-meta.js'
import { indexedTip, knownTokens, rewindChain, storedHash, writeBlocks } from './write.js'

/** Options of startIndexer. */
export interface IndexerOptions {
  store: Store
  chains: ChainConfig[]
  /** Delay between polls of eth_blockNumber per chain (default 250 ms). */
  pollMs?: number
  /** Blocks read and written per batch (default 25). */
  batchSize?: number
  /** Called after each poll with the chain head minus the highest indexed block (metrics). */
  onLag?: (chainId: number, blocks: number) => void
  /** Called with RPC/store failures (once per failure streak and message); the follower retries on its next poll. Default: console.error. */
  onError?: (err: unknown, chain: ChainConfig) => void
}

/** A running indexer. */
export interface Indexer {
  /** Indexes every chain up to its current head now; resolves when done (rejects if a chain failed). */
  sync(): Promise<void>
  /** The highest indexed block of a chain, or -1 when none is indexed. */
  indexedBlock(chainId: number): number
  /** Stops polling and waits for the batch in flight. */
  stop(): Promise<void>
}

interface Follower {
  run(): Promise<void>
  tip: number
}

/** Starts one poller per chain; the returned handle stops them all. */
export function startIndexer(opts: IndexerOptions): Indexer {
  const pollMs = opts.pollMs ?? 250
  const batchSize = opts.batchSize ?? 25
  const onError =
    opts.onError ?? ((err, chain) => console.error(`[indexer] chain ${chain.chainId}:`, (err as Error).message ?? err))
  let stopped = false
  const timers = new Set<NodeJS.Timeout>()
  const tails: Promise<void>[] = []

  const followers = new Map<number, Follower>()
  opts.chains.forEach((chain, i) => {
    const client = createPublicClient({
      transport: http(chain.rpcUrl, { batch: { batchSize: 200 }, retryCount: 3, timeout: 10_000 }),
    }) as PublicClient
    // token contracts whose metadata is stored (loaded on the first tick, after a possible rewind)
    let tokens: Set<string> | undefined
    const follower: Follower = { tip: -1, run: () => Promise.resolve() }
    let tail: Promise<void> = Promise.resolve()

    const tick = async (): Promise<void> => {
      // nothing below startBlock is indexed: an empty index starts there
      const kept = Math.max(
        await reconcile(opts.store, client, chain.chainId, chain.startBlock ?? 0),
        (chain.startBlock ?? 0) - 1,
      )
      // a rewind also dropped the tokens first seen above `kept`
      if (!tokens || kept !== follower.tip) tokens = await knownTokens(opts.store, chain.chainId)
      let next = kept + 1
      follower.tip = kept
      const head = Number(await client.getBlockNumber({ cacheTime: 0 }))
      while (next <= head && !stopped) {
        const to = Math.min(head, next + batchSize - 1)
        const blocks = await readBlocks(client, next, to)
        // the chain may reorganise while a tick runs: append only blocks that extend what is stored; the next tick's
        // reconcile rewinds the stored blocks that no longer match
        const below = next === 0 ? null : await storedHash(opts.store, chain.chainId, next - 1)
        if (!linked(below, blocks)) return
        const seen = new Map<string, { standard: 'erc20' | 'erc721'; block: number }>()
        for (const b of blocks)
          for (const [address, standard] of b.tokens)
            if (!tokens.has(address) && !seen.has(address)) seen.set(address, { standard, block: b.number })
        const metas = await Promise.all(
          [...seen].map(([address, t]) => readTokenMeta(client, address, t.standard, t.block)),
        )
        await writeBlocks(opts.store, chain.chainId, blocks, metas)
        for (const m of metas) tokens.add(m.address)
        follower.tip = to
        next = to + 1
      }
      opts.onLag?.(chain.chainId, Math.max(0, head - follower.tip))
    }
    // ticks of one chain never overlap: each waits for the previous one
    follower.run = () => {
      const p = tail.then(() => (stopped ? undefined : tick()))
      tail = p.catch(() => undefined)
      tails[i] = tail
      return p
    }
    // a chain that is down fails every poll: report a failure once, not four times a second
    let lastFailure: string | undefined
    const loop = async (): Promise<void> => {
      try {
        await follower.run()
        lastFailure = undefined
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err)
        if (!stopped && message !== lastFailure) onError(err, chain)
        lastFailure = message
      }
      if (stopped) return
      const timer = setTimeout(() => {
        timers.delete(timer)
        void loop()
      }, pollMs)
      timers.add(timer)
    }
    followers.set(chain.chainId, follower)
    void loop()
  })

  return {
    async sync() {
      await Promise.all([...followers.values()].map((f) => f.run()))
    },
    indexedBlock(chainId) {
      return followers.get(chainId)?.tip ?? -1
    },
    async stop() {
      stopped = true
      for (const t of timers) clearTimeout(t)
      timers.clear()
      await Promise.all(tails)
    },
  }
}

// Returns the highest stored block that is still on the chain, rewinding anything above it.
async function reconcile(store: Store, client: PublicClient, chainId: number, startBlock: number): Promise<number> {
  const tip = await indexedTip(store, chainId)
  if (!tip) return -1
  if (await sameHash(client, tip.number, tip.hash)) return tip.number
  // hashes chain together, so "stored block n still matches" holds for every n up to the fork: binary search it
  // nothing below startBlock is stored, so the search for the fork starts there
  let lo = startBlock - 1
  let hi = tip.number
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    const hash = await storedHash(store, chainId, mid)
    if (hash !== null && (await sameHash(client, mid, hash))) lo = mid
    else hi = mid
  }
  await rewindChain(store, chainId, lo)
  return lo
}

// True when `blocks` extend the stored block below them (`below`: its hash, null at genesis) and each other.
function linked(below: string | null, blocks: readonly BlockRows[]): boolean {
  return blocks.every((b, i) => b.parentHash === (i === 0 ? below : blocks[i - 1].hash) || (i === 0 && below === null))
}

async function sameHash(client: PublicClient, number: number, hash: string): Promise<boolean> {
  try {
    const block = await client.getBlock({ blockNumber: BigInt(number) })
    return block.hash === hash
  } catch (err) {
    // a shorter chain than what we stored means a replaced chain; any other failure must not wipe the index
    if (err instanceof BlockNotFoundError) return false
    throw err
  }
}
