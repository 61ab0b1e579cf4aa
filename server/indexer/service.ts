// The indexer as a service: follows the configured and local chains (if any) into the store. Every API process may
// run it; on PostgreSQL only the elected leader indexes (leader.ts), and another takes over when it dies.
import { defineService } from '../compose.js'
import { chainsOf } from '../chains/service.js'
import { startIndexer, type Indexer } from './indexer.js'
import { leadWhenElected } from './leader.js'
import { serviceLog } from '../observe/log.js'
import { processMetrics } from '../observe/metrics.js'

const log = serviceLog('indexer')

/** The running indexer service. */
export interface IndexerService {
  /** This process's indexer; sync() and indexedBlock() answer as a non-leader would (nothing indexed here). */
  indexer: Indexer
  /** True while this process is the one indexing. */
  isLeader(): boolean
  close(): Promise<void>
}

declare module '../compose.js' {
  interface ServiceMap {
    indexer: IndexerService
  }
}

/** Starts the indexer over the chains (when elected); stays off when there is no chain. */
export const indexerService = defineService({
  name: 'indexer',
  needs: ['store'],
  uses: ['chains'],
  async start(ctx) {
    const chains = chainsOf(ctx)
    if (chains.length === 0) return undefined
    const store = ctx.need('store').store
    let current: Indexer | undefined
    const leadership = await leadWhenElected({
      store,
      retryMs: ctx.config.indexerLeaderRetryMs,
      lead: () => {
        const indexer = startIndexer({
          store,
          chains,
          pollMs: ctx.config.indexerPollMs,
          onLag: (chainId, blocks) => processMetrics().indexerLag.set({ chain: String(chainId) }, blocks),
        })
        current = indexer
        return {
          stop: async () => {
            if (current === indexer) current = undefined
            await indexer.stop()
          },
        }
      },
      log: (event, detail) => {
        processMetrics().indexerLeader.set(event === 'elected' ? 1 : 0)
        log(event, detail, event === 'election_failed' ? 'warn' : 'info')
      },
    })
    const indexer: Indexer = {
      sync: async () => current?.sync(),
      indexedBlock: (chainId) => current?.indexedBlock(chainId) ?? -1,
      stop: () => leadership.stop(),
    }
    return { indexer, isLeader: leadership.isLeader, close: () => leadership.stop() }
  },
})
