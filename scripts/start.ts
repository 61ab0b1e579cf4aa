// `npm start`: the whole local stack on one machine — two anvil chains, the API (with its indexer), the WalletConnect
// relay and the production demo page — each URL printed on its own line. Ctrl-C stops the whole process tree.
import { startStack, type Stack } from '../server/stack.js'
import { serveDemo } from './serve-demo.js'
import type { RunningService } from '../server/types.js'

const envPort = (name: string, fallback: number): number => (process.env[name] ? Number(process.env[name]) : fallback)
const projectId = process.env.FOYER_PROJECT_ID ?? 'f0e1d2c3b4a5968778695a4b3c2d1e0f'

let stack: Stack | undefined
let demo: RunningService | undefined
try {
  stack = await startStack({
    dataDir: process.env.FOYER_STACK_DIR,
    ports: {
      api: envPort('FOYER_API_PORT', 8787),
      relay: envPort('FOYER_RELAY_PORT', 8788),
      chains: { 1: envPort('FOYER_CHAIN_1_PORT', 8545), 8453: envPort('FOYER_CHAIN_8453_PORT', 8546) },
    },
  })
  demo = await serveDemo({
    port: envPort('FOYER_DEMO_PORT', 5173),
    inject: {
      projectId,
      apiUrl: stack.api.url,
      relayUrl: stack.relay.url,
      chains: stack.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })),
    },
  })
} catch (error) {
  console.error(`start: ${error instanceof Error ? error.message : String(error)}`)
  await stack?.close()
  process.exit(1)
}

console.log(`demo ${demo.url}`)
console.log(`API ${stack.api.url}`)
console.log(`OpenAPI ${stack.api.url}/openapi.json`)
console.log(`relay ${stack.relay.url}`)
for (const chain of stack.chains) console.log(`chain ${chain.chainId} ${chain.rpcUrl}`)
console.log(
  'The chains are local anvil nodes carrying the ids of Ethereum (1) and Base (8453); nothing here touches a real network.',
)
console.log('Press Ctrl-C to stop.')

let stopping = false
const stop = async (signal: string) => {
  if (stopping) return
  stopping = true
  const force = setTimeout(() => process.exit(1), 10_000)
  force.unref()
  try {
    await demo?.close()
    await stack?.close()
  } finally {
    console.log(`stopped (${signal})`)
    process.exit(0)
  }
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal))
