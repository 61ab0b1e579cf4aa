// `npm run server`: configuration from FOYER_CONFIG + environment, then the services FOYER_SERVICES names (default:
// all of server/services.ts: store, API, relay, indexer, local chains when configured), each URL on its own line.
import { ConfigError, loadConfig, type ServerConfig } from './config.js'
import { startServices, type Services } from './compose.js'
import { SERVICES } from './services.js'

// A stray rejection or exception in a background task is logged; the API keeps serving the other requests.
process.on('unhandledRejection', (reason) => console.error('[server] unhandled rejection:', reason))
process.on('uncaughtException', (err) => console.error('[server] uncaught exception:', err))

/** Loads the configuration, starts the services and wires SIGINT/SIGTERM to a clean stop. */
export async function main(env: NodeJS.ProcessEnv = process.env): Promise<Services> {
  let config: ServerConfig
  let running: Services
  try {
    config = loadConfig(env)
    running = await startServices(config, SERVICES)
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`Configuration error: ${err.message}`)
      process.exit(2)
    }
    throw err
  }
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
  // Printed once the signals are wired: whoever reads these lines may stop the process at once.
  for (const line of running.lines()) console.log(line)
  return running
}

await main().catch((err: unknown) => {
  console.error('[server] failed to start:', err)
  process.exit(1)
})
