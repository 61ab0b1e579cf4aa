// Long-running services started next to the API by startServer (local chains, the indexer, ...).
// To add one, append it to BACKGROUND_SERVICES; it may patch the config (e.g. chains with their RPC URLs).
import type { ServerConfig } from '../config.js'
import type { Store } from '../store/store.js'
import { localChainsService } from '../chains/service.js'
import { indexerService } from '../indexer/service.js'

/** What a started background service hands back. */
export interface StartedService {
  close(): Promise<void>
  /** Merged over the config before the API starts, e.g. `{ chains }` from locally started nodes. */
  configPatch?: Partial<ServerConfig>
}

/** A service started before the API, in list order; stopped after it, in reverse order. */
export interface BackgroundService {
  name: string
  /** Returns undefined to stay off (e.g. not configured). */
  start(ctx: { store: Store; config: ServerConfig }): Promise<StartedService | undefined>
}

/** Services startServer (and so `npm run server`) starts. Empty until chain/indexer services are registered. */
export const BACKGROUND_SERVICES: BackgroundService[] = [localChainsService, indexerService]
