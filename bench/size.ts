// Bytes of JavaScript a visitor's browser downloads: before the first click, and on opening the modal.
// Measured in Chromium against the production demo build. Usage:
//   node --import tsx bench/size.ts           report (npm run bench:size builds first)
//   node --import tsx bench/size.ts --check   also fail when over budget (npm run size:check)
import { readFileSync } from 'node:fs'
import { brotliCompressSync, gzipSync, constants } from 'node:zlib'
import { launchChromium } from '../tests/browser/chromium.js'
import { serveDemo } from '../scripts/serve-demo.js'

/** Budgets in bytes (gzip) for Foyer's own JS, React excluded. */
export const Budgets = { initial: 20 * 1024, modalOpen: 30 * 1024 }

type Role = 'react' | 'demo' | 'foyer'
interface Row { phase: string; role: Role; file: string; raw: number; gzip: number; brotli: number }

const roles: Array<{ file: string; role: Role }> = JSON.parse(readFileSync('dist/demo/chunks.json', 'utf8'))
const roleOf = (file: string): Role => roles.find((r) => r.file === file)?.role ?? 'foyer'

const server = await serveDemo({ inject: { projectId: 'f0e1d2c3b4a5968778695a4b3c2d1e0f' } })
const browser = await launchChromium()
const rows: Row[] = []
try {
  const page = await browser.newPage()
  let phase = 'initial'
  const pending: Promise<void>[] = []
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return
    const file = new URL(res.url()).pathname.split('/').pop() ?? ''
    const at = phase
    pending.push(res.body().then((body) => {
      rows.push({ phase: at, role: roleOf(file), file, raw: body.length, gzip: gzipSync(body, { level: 9 }).length,
        brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length })
    }))
  })
  await page.goto(server.url, { waitUntil: 'networkidle' })
  await page.getByTestId('connect-button').first().waitFor()
  await Promise.all(pending.splice(0))
  phase = 'modalOpen'
  await page.getByTestId('connect-button').first().click()
  await page.getByTestId('foyer-view-Connect').waitFor()
  await page.waitForLoadState('networkidle')
  await Promise.all(pending.splice(0))
} finally {
  await browser.close()
  await server.close()
}

const sum = (phase: string, role: Role, k: 'raw' | 'gzip' | 'brotli') => rows.filter((r) => r.phase === phase && r.role === role).reduce((a, r) => a + r[k], 0)
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`
const table = ['initial', 'modalOpen'].flatMap((phase) => (['foyer', 'react', 'demo'] as Role[]).map((role) => ({
  phase, role, files: rows.filter((r) => r.phase === phase && r.role === role).length,
  raw: kib(sum(phase, role, 'raw')), gzip: kib(sum(phase, role, 'gzip')), brotli: kib(sum(phase, role, 'brotli')),
})))
console.table(table)
for (const r of rows) console.log(`  ${r.phase.padEnd(9)} ${r.role.padEnd(5)} ${r.file.padEnd(36)} gzip ${kib(r.gzip).padStart(9)}  brotli ${kib(r.brotli).padStart(9)}`)
const result = { initialFoyerGzip: sum('initial', 'foyer', 'gzip'), modalOpenFoyerGzip: sum('modalOpen', 'foyer', 'gzip'), reactGzip: sum('initial', 'react', 'gzip') }
console.log(JSON.stringify({ bench: 'size', ...result, initialFoyerBrotli: sum('initial', 'foyer', 'brotli'), modalOpenFoyerBrotli: sum('modalOpen', 'foyer', 'brotli') }))

if (process.argv.includes('--check')) {
  const over: string[] = []
  if (result.initialFoyerGzip > Budgets.initial) over.push(`initial Foyer JS ${kib(result.initialFoyerGzip)} gzip > budget ${kib(Budgets.initial)}`)
  if (result.modalOpenFoyerGzip > Budgets.modalOpen) over.push(`modal-open chunk ${kib(result.modalOpenFoyerGzip)} gzip > budget ${kib(Budgets.modalOpen)}`)
  if (over.length) { console.error(`size:check FAILED\n  ${over.join('\n  ')}`); process.exit(1) }
  console.log(`size:check ok: initial ${kib(result.initialFoyerGzip)} / ${kib(Budgets.initial)}, modal-open ${kib(result.modalOpenFoyerGzip)} / ${kib(Budgets.modalOpen)} (gzip, React excluded)`)
}
