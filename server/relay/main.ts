// Runs the relay as its own process, for self-hosting without the rest of the server:
//   npx tsx server/relay/main.ts [--port 8787] [--host 0.0.0.0]
// Environment: RELAY_PORT, RELAY_HOST, RELAY_PUBLIC_URL (the wss:// URL clients use behind a TLS proxy; accepted as
// JWT audience), RELAY_PROJECT_ID_PATTERN (a regular expression source).
import { startRelay } from './relay.js'

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`)
  return i >= 0 ? process.argv[i + 1] : undefined
}

const port = Number(flag('port') ?? process.env.RELAY_PORT ?? 8787)
const host = flag('host') ?? process.env.RELAY_HOST ?? '127.0.0.1'
const pattern = process.env.RELAY_PROJECT_ID_PATTERN
const relay = await startRelay({
  port,
  host,
  audiences: process.env.RELAY_PUBLIC_URL ? [process.env.RELAY_PUBLIC_URL] : [],
  projectIdPattern: pattern ? new RegExp(pattern) : undefined,
  // One JSON line per notable event on stderr, for whatever collects the process's logs.
  log: (event, detail) => console.error(JSON.stringify({ at: new Date().toISOString(), event, ...detail })),
})
console.log(`foyer relay listening on ${relay.url}`)
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void relay.close().then(() => process.exit(0)))
}
