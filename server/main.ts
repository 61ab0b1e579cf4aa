// `npm run server`: configuration from FOYER_CONFIG + environment, then the store, background services and the API.
// Background services (local chains, indexer) are registered in server/api/background.ts, not here.
import { ConfigError, loadConfig, type ServerConfig } from './config.js'
import { startServer, type RunningApi } from './api/server.js'

// A stray rejection or exception in a background task is logged; the API keeps serving the other requests.
process.on('unhandledRejection', (reason) => console.error('[server] unhandled rejection:', reason))
process.on('uncaughtException', (err) => console.error('[server] uncaught exception:', err))

/** Loads the configuration, starts everything and wires SIGINT/SIGTERM to a clean stop. */
export async function main(env: NodeJS.ProcessEnv = process.env): Promise<RunningApi> {
  let config: ServerConfig
  try {
    config = loadConfig(env)
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`)
      process.exit(2)
    }
    throw err
  }
  const running = await startServer(config)
  console.log(`API ${running.url}`)
  console.log(`OpenAPI ${running.url}/openapi.json`)
  console.log(
    `Store ${running.store.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.dataDir}`}`,
  )

  let stopping = false
  const stop = (signal: string): void => {
    // A second Ctrl-C while closing means "now".
    if (stopping) process.exit(1)
    stopping = true
    console.log(`${signal}: stopping`)
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('[server] stop failed:', err)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  return running
}

await main().catch((err: unknown) => {
  console.error('[server] failed to start:', err)
  process.exit(1)
})
