// Starting and stopping the API over HTTP. The services next to it (store, chains, indexer, relay…) are composed
// in server/compose.ts; startApi alone is what tests of the API use.
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import { resolveConfig, type ServerConfig } from '../config.js'
import type { ExchangeAdapter } from '../exchange/exchange.js'
import type { OnRampProviderAdapter } from '../onramp/adapter.js'
import type { RegistryData } from '../registry/types.js'
import { prepareStore } from '../store/service.js'
import { openStore, type Store } from '../store/store.js'
import type { RunningService } from '../types.js'
import { createApp } from './app.js'
import type { ApiDeps } from './deps.js'
import { hostUrl } from './params.js'

/** Options of startApi. */
export interface StartApiOptions {
  /** Port to listen on; default config.port, else 0 (a free port). */
  port?: number
  /** Interface to bind; default config.host (127.0.0.1). */
  host?: string
  /** An open store; when absent one is opened from config (and closed by close()). */
  store?: Store
  /** The store is already migrated and seeded (the store service did it). */
  prepared?: boolean
  /** Rate limiter and readiness checks (the api service passes them). */
  extra?: Pick<ApiDeps, 'limiter' | 'readiness' | 'analyticsGate' | 'emailCapture' | 'sponsor'>
  config?: Partial<ServerConfig>
  /** On-ramp provider adapters the on-ramp routes offer. */
  onramp?: OnRampProviderAdapter[]
  /** Exchange adapters the pay-with-exchange routes offer. */
  exchanges?: ExchangeAdapter[]
  /** The wallet registry to serve (default: the shipped one); tests pass fixtures. */
  registry?: RegistryData
}

/** A running API. */
export type RunningApi = RunningService & { store: Store; config: ServerConfig; app: Hono }

/** Opens (or takes) a store, migrates and seeds it, and serves the API; close() stops it and a store it opened. */
export async function startApi(opts: StartApiOptions = {}): Promise<RunningApi> {
  const config = resolveConfig({
    ...opts.config,
    port: opts.port ?? opts.config?.port ?? 0,
    host: opts.host ?? opts.config?.host,
  })
  const ownsStore = !opts.store
  const store = opts.store ?? (await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }))
  try {
    if (!opts.prepared) await prepareStore(store, opts.registry)
    // URLs in answers name the public URL, else this listen address (known once listening), never the Host header.
    const bound: { url?: string } = {}
    const listenUrl = () => bound.url
    const app = createApp({ store, config, onramp: opts.onramp, exchanges: opts.exchanges, listenUrl, ...opts.extra })
    const server = await listen(app, config.port, config.host)
    const port = (server.address() as AddressInfo).port
    const url = (bound.url = hostUrl(config.host, port))
    let closing: Promise<void> | undefined
    return {
      url,
      port,
      store,
      config,
      app,
      close: () =>
        (closing ??= (async () => {
          // Graceful: stop accepting, close idle keep-alive sockets, let requests in flight finish (up to the
          // drain time), then cut whatever is left.
          await new Promise<void>((resolve) => {
            server.close(() => resolve())
            server.closeIdleConnections()
            const cut = setTimeout(() => server.closeAllConnections(), config.shutdownDrainMs)
            cut.unref()
          })
          if (ownsStore) await store.close()
        })()),
    }
  } catch (err) {
    if (ownsStore) await store.close().catch(() => undefined)
    throw err
  }
}

function listen(app: Hono, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }) as Server
    server.once('error', reject)
    server.once('listening', () => {
      server.off('error', reject)
      resolve(server)
    })
  })
}
