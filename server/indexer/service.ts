// The indexer as a background service of startServer: follows config.chains (if any) while the API runs.
import type { BackgroundService } from '../api/background.js'
import { startIndexer } from './indexer.js'

/** Starts the indexer over the configured chains; stays off when no chain is configured. */
export const indexerService: BackgroundService = {
  name: 'indexer',
  async start({ store, config }) {
    if (config.chains.length === 0) return undefined
    const indexer = startIndexer({ store, chains: config.chains })
    return { close: () => indexer.stop() }
  },
}
