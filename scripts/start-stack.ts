// Runs the local stack alone and prints each URL on its own line, naming it. Stops everything on SIGINT/SIGTERM.
// Usage: npx tsx scripts/start-stack.ts   (FOYER_STACK_DIR, FOYER_API_PORT, FOYER_RELAY_PORT optional)
import { startStack } from '../server/stack.js'

const port = (name: string): number | undefined => (process.env[name] ? Number(process.env[name]) : undefined)

const stack = await startStack({
  dataDir: process.env.FOYER_STACK_DIR,
  ports: { api: port('FOYER_API_PORT'), relay: port('FOYER_RELAY_PORT') },
}).catch((err: unknown) => {
  console.error(`start-stack: ${err instanceof Error ? err.message : String(err)}`)
  process.exit(1)
})
console.log(`API ${stack.api.url}`)
console.log(`relay ${stack.relay.url}`)
for (const chain of stack.chains) console.log(`chain ${chain.chainId} ${chain.rpcUrl}`)
console.log(
  '(local anvil chains using mainnet chain ids; dev wallet 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 is funded)',
)

let stopping = false
const stop = async (signal: string): Promise<void> => {
  if (stopping) return
  stopping = true
  // a second signal while stopping, or a stop hanging past 10 s, exits at once (anvils still die: see chains/anvil.ts)
  const force = setTimeout(() => process.exit(1), 10_000)
  force.unref()
  try {
    await stack.close()
  } finally {
    console.log(`stopped (${signal})`)
    process.exit(0)
  }
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
process.on('SIGHUP', () => void stop('SIGHUP'))
