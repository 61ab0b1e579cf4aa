// `npm test`: the checks and the build side by side (each is mostly one process on one core, and none reads what
// another writes: prettier and eslint ignore dist/, tsc reads sources only), then vitest, then the size check. Each
// step's output is printed whole when it ends, with its time; a table of the times closes the run. Exits non-zero
// when any step fails (after the side-by-side ones all ended, so every failure is shown). Usage: node scripts/test.mjs
import { spawn } from 'node:child_process'

/** Runs `npm run <script>` (or `npx <args>`); `inherit` streams the output, else it is kept and printed at the end. */
function run(name, args, inherit = false) {
  const started = Date.now()
  return new Promise((done) => {
    const child = spawn(args[0], args.slice(1), { stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout?.on('data', (d) => (out += d))
    child.stderr?.on('data', (d) => (out += d))
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000
      if (!inherit) process.stdout.write(`\n── ${name} (${seconds.toFixed(1)} s, exit ${code ?? signal}) ──\n${out}`)
      done({ name, seconds, ok: code === 0 })
    })
  })
}

const npm = (script) => ['npm', 'run', '--silent', script]
const results = []
const started = Date.now()

results.push(
  ...(await Promise.all([
    run('typecheck', npm('typecheck')),
    run('lint', npm('lint')),
    run('format:check', npm('format:check')),
    run('build', npm('build')),
  ])),
)
if (results.every((r) => r.ok))
  results.push(await run('vitest', ['npx', 'vitest', 'run', ...process.argv.slice(2)], true))
if (results.every((r) => r.ok)) results.push(await run('size:check', npm('size:check'), true))

console.log('\nnpm test, by step:')
for (const r of results)
  console.log(`  ${r.name.padEnd(14)} ${r.seconds.toFixed(1).padStart(7)} s  ${r.ok ? 'ok' : 'FAILED'}`)
console.log(`  ${'total'.padEnd(14)} ${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s`)
process.exit(results.every((r) => r.ok) ? 0 : 1)
