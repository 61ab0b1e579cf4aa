// The indexer as a service: follows the configured and local chains (if any) into the store.
import { defineService } from '../compose.js'
import { chainsOf } from '../chains/service.js'
import { startIndexer, type Indexer } from './indexer.js'

/** The running indexer service. */
export interface IndexerService {
  indexer: Indexer
  close(): Promise<void>
}

declare module '../compose.js' {
  interface ServiceMap {
    indexer: IndexerService
  }
}

/** Starts the indexer over the chains; stays off when there is none. */
export const indexerService = defineService({
  name: 'indexer',
  needs: ['store'],
  uses: ['chains'],
  async start(ctx) {
    const chains = chainsOf(ctx)
    if (chains.length === 0) return undefined
    const indexer = startIndexer({ store: ctx.need('store').store, chains, pollMs: ctx.config.indexerPollMs })
    return { indexer, close: () => indexer.stop() }
  },
})
