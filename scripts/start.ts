// `npm start`: the whole local stack on one machine — two anvil chains, the store, the API (with its indexer), the
// WalletConnect relay and the production demo page — each URL printed on its own line naming it. It is the
// composition root (server/compose.ts) over every service with STACK_PRESET's ports under FOYER_CONFIG and the
// FOYER_* variables (FOYER_API_PORT, FOYER_RELAY_PORT, FOYER_CHAIN_1_PORT, FOYER_DEMO_PORT, FOYER_STACK_DIR, …).
// Ctrl-C stops the whole process tree.
import { ConfigError, loadConfig } from '../server/config.js'
import { startServices, type Services } from '../server/compose.js'
import { SERVICES } from '../server/services.js'
import { STACK_PRESET } from '../server/stack.js'
import { demoService } from './serve-demo.js'

let services: Services
try {
  services = await startServices(loadConfig(process.env, {}, STACK_PRESET), [...SERVICES, demoService()])
} catch (error) {
  const message = error instanceof Error ? error.message : String(error)
  console.error(error instanceof ConfigError ? `Configuration error: ${message}` : `start: ${message}`)
  process.exit(error instanceof ConfigError ? 2 : 1)
}

let stopping = false
const stop = async (signal: string) => {
  if (stopping) return
  stopping = true
  const force = setTimeout(() => process.exit(1), 10_000)
  force.unref()
  try {
    await services.close()
  } finally {
    console.log(`stopped (${signal})`)
    process.exit(0)
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal))

// Printed once the signals are wired: whoever reads these lines may stop the process at once.
for (const line of services.lines()) console.log(line)
console.log(
  'The chains are local anvil nodes carrying the ids of Ethereum (1) and Base (8453); nothing here touches a real network.',
)
console.log('Press Ctrl-C to stop.')
