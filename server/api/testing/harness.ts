// Test harness: an in-memory store, migrated and seeded, an app over it, and a contract client for it.
import type { Hono } from 'hono'
import { resolveConfig, type ServerConfig } from '../../config.js'
import type { RegistryData } from '../../registry/types.js'
import type { Store } from '../../store/store.js'
import { createApp } from '../app.js'
import type { ApiDeps, RouteModule } from '../deps.js'
import { prepareStore } from '../../store/service.js'
import { openTestStore } from './store.js'
import { createContractClient, type ContractClient } from './contract.js'

/** What createTestApi returns. */
export interface TestApi {
  app: Hono
  store: Store
  config: ServerConfig
  client: ContractClient
  close(): Promise<void>
}

/** Builds the app over a fresh migrated, seeded in-memory PGlite (or `store`); close() closes a store it opened. */
export async function createTestApi(
  opts: {
    config?: Partial<ServerConfig>
    store?: Store
    modules?: RouteModule[]
    registry?: RegistryData
    /** Extra dependencies (e.g. `emailCapture`). */
    deps?: Partial<ApiDeps>
  } = {},
): Promise<TestApi> {
  const store = opts.store ?? (await openTestStore())
  if (opts.store || opts.registry) await prepareStore(store, opts.registry)
  const config = resolveConfig({ dataDir: 'memory://', ...opts.config })
  const app = createApp({ ...opts.deps, store, config }, opts.modules)
  const client = await createContractClient(app)
  return { app, store, config, client, close: () => (opts.store ? Promise.resolve() : store.close()) }
}
