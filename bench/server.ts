// `npm run bench:server`: the API bench (registry search and balances: requests/s, p50/p99) and then the relay bench
// (messages/s between 100 paired clients), each in its own process so one cannot slow the other.
import { spawn } from 'node:child_process'

const run = (script: string) =>
  new Promise<void>((ok, fail) => {
    console.log(`\n== ${script} ==`)
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...process.argv.slice(2)], { stdio: 'inherit' })
    child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`${script} exited with ${code}`))))
  })

await run('bench/api.ts')
await run('bench/relay.ts')
