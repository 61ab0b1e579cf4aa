// Starting and stopping the API over HTTP, alone (startApi) or with the background services (startServer).
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import { resolveConfig, type ServerConfig } from '../config.js'
import { seedRegistry } from '../registry/seed.js'
import type { RegistryData } from '../registry/types.js'
import { migrate } from '../store/migrate.js'
import { openStore, type Store } from '../store/store.js'
import type { RunningService } from '../types.js'
import { createApp } from './app.js'
import { BACKGROUND_SERVICES, type BackgroundService, type StartedService } from './background.js'

/** Options of startApi. */
export interface StartApiOptions {
  /** Port to listen on; default config.port, else 0 (a free port). */
  port?: number
  /** Interface to bind; default config.host (127.0.0.1). */
  host?: string
  /** An open store; when absent one is opened from config (and closed by close()). */
  store?: Store
  config?: Partial<ServerConfig>
  /** The wallet registry to serve (default: the shipped one); tests pass fixtures. */
  registry?: RegistryData
}

/** A running API. */
export type RunningApi = RunningService & { store: Store; config: ServerConfig; app: Hono }

/** Prepares a store for the API: applies migrations and seeds the wallet registry (both idempotent). */
export async function prepareStore(store: Store, registry?: RegistryData): Promise<void> {
  await migrate(store)
  await seedRegistry(store, registry)
}

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
    await prepareStore(store, opts.registry)
    const app = createApp({ store, config })
    const server = await listen(app, config.port, config.host)
    const port = (server.address() as AddressInfo).port
    const hostForUrl = config.host.includes(':')
      ? `[${config.host}]`
      : config.host === '0.0.0.0'
        ? '127.0.0.1'
        : config.host
    let closing: Promise<void> | undefined
    return {
      url: `http://${hostForUrl}:${port}`,
      port,
      store,
      config,
      app,
      close: () =>
        (closing ??= (async () => {
          await new Promise<void>((resolve) => {
            server.close(() => resolve())
            // Keep-alive sockets would hold close() open until they time out.
            server.closeAllConnections()
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

/** Options of startServer. */
export interface StartServerOptions {
  /** Services to start; default BACKGROUND_SERVICES. */
  services?: BackgroundService[]
  /** An open store to use (and leave open); default: opened from config and closed by close(). */
  store?: Store
}

/** Starts the background services (in order), then the API; close() stops the API, the services (reverse), the store. */
export async function startServer(config: ServerConfig, opts: StartServerOptions = {}): Promise<RunningApi> {
  const services = opts.services ?? BACKGROUND_SERVICES
  const ownsStore = !opts.store
  const store = opts.store ?? (await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }))
  const started: Array<{ name: string; svc: StartedService }> = []
  const stopServices = async () => {
    for (const { name, svc } of started.splice(0).reverse()) {
      await svc.close().catch((err: unknown) => console.error(`[server] stopping ${name} failed:`, err))
    }
  }
  try {
    await prepareStore(store)
    let effective = config
    for (const service of services) {
      const svc = await service.start({ store, config: effective })
      if (!svc) continue
      started.push({ name: service.name, svc })
      if (svc.configPatch) effective = resolveConfig({ ...effective, ...svc.configPatch })
    }
    const api = await startApi({ store, config: effective })
    return {
      ...api,
      close: async () => {
        await api.close()
        await stopServices()
        if (ownsStore) await store.close()
      },
    }
  } catch (err) {
    await stopServices()
    if (ownsStore) await store.close().catch(() => undefined)
    throw err
  }
}
