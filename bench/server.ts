// `npm run bench:server`: the API bench (registry search and balances: requests/s, p50/p99), the relay bench
// (messages/s between 100 paired clients), then the scale bench (relay msg/s with 1 and 2 relay processes on Redis,
// API req/s with 1 and 2 API processes on PostgreSQL), each in its own process so one cannot slow the other.
import { spawn } from 'node:child_process'

const run = (script: string) =>
  new Promise<void>((ok, fail) => {
    console.log(`\n== ${script} ==`)
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...process.argv.slice(2)], { stdio: 'inherit' })
    child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`${script} exited with ${code}`))))
  })

await run('bench/api.ts')
await run('bench/relay.ts')
await run('bench/scale.ts')
