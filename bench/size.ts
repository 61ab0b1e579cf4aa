// Bytes of JavaScript a visitor's browser downloads: before the first click — reported as the first paint's path (until
// the load event) and anything started after it, budgeted together —, on opening the modal (with SPEC §4
// initialization: the project's remote config and origin check, which the visitor's intent starts), on connecting an
// injected EVM wallet (the EIP-6963 test wallet; no budget, but it must pull in no heavy wallet SDK), and on opening
// the Account view once connected (its tabs and header lines).
// Measured in Chromium against the production demo build, wired to the project's own API server (started here through
// the composition root, on an in-memory store) as `npm start` wires it: the page downloads what its answers make it
// load — the origin matcher for the server's default allowed origins (SPEC §5: 127.0.0.1 on any port), for one. Usage:
//   node --import tsx bench/size.ts           report (npm run bench:size builds first)
//   node --import tsx bench/size.ts --check   also fail when over budget (npm run size:check)
import { readFileSync } from 'node:fs'
import { brotliCompressSync, gzipSync, constants } from 'node:zlib'
import { launchChromium } from '../tests/browser/chromium.js'
import { serveDemo } from '../scripts/serve-demo.js'
import { openTestStore } from '../server/api/testing/store.js'
import { startServices } from '../server/compose.js'
import { resolveConfig } from '../server/config.js'
import { SERVICES } from '../server/services.js'

/** Budgets in bytes (gzip) for Foyer's own JS, React excluded; `beforeClick` is the initial and idle phases together. */
export const Budgets = { beforeClick: 20 * 1024, modalOpen: 30 * 1024, accountOpen: 30 * 1024 }

const BenchWalletRdns = 'dev.foyer.benchwallet'
const BenchWalletScript = `(() => {
  const answers = { eth_requestAccounts: ['0x1234567890abcdef1234567890abcdef1234abcd'], eth_accounts: ['0x1234567890abcdef1234567890abcdef1234abcd'], eth_chainId: '0x1' }
  const provider = { request: async ({ method }) => (method in answers ? answers[method] : null), on() { return provider }, removeListener() { return provider } }
  const info = { uuid: '00000000-0000-4000-8000-0000000be7c4', name: 'Bench Wallet', icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E', rdns: '${BenchWalletRdns}' }
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
})()`

type Role = 'react' | 'demo' | 'foyer'
interface Row {
  phase: string
  role: Role
  file: string
  raw: number
  gzip: number
  brotli: number
}

const roles: Array<{ file: string; role: Role }> = JSON.parse(readFileSync('dist/demo/chunks.json', 'utf8'))
const roleOf = (file: string): Role => roles.find((r) => r.file === file)?.role ?? 'foyer'

// The API alone: the demo's project with the server's defaults (no chain runs; the bench wallet answers by itself).
const store = await openTestStore()
const services = await startServices(resolveConfig({ dataDir: 'memory://', port: 0 }), SERVICES, {
  only: ['api'],
  provided: { store: { store, close: async () => {} } },
})
const server = await serveDemo({
  inject: { projectId: 'f0e1d2c3b4a5968778695a4b3c2d1e0f', apiUrl: services.need('api').url },
})
const browser = await launchChromium()
const rows: Row[] = []
try {
  const page = await browser.newPage()
  // A minimal EIP-6963 wallet as a plain script (tsx's helpers would break a serialized function): connecting only
  // needs eth_requestAccounts and eth_chainId, so no chain runs here.
  await page.addInitScript({ content: BenchWalletScript })
  let phase = 'initial'
  const pending: Promise<void>[] = []
  page.on('response', (res) => {
    // After the last phase is counted, a late script (a prefetch) is not measured: reading its body as the browser
    // closes would reject with nobody waiting.
    if (phase === 'done' || res.request().resourceType() !== 'script') return
    const file = new URL(res.url()).pathname.split('/').pop() ?? ''
    const at = phase
    const read = res.body().then((body) => {
      rows.push({
        phase: at,
        role: roleOf(file),
        file,
        raw: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
        brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      })
    })
    // A phase's own scripts are awaited below (a failure there fails the run); one arriving as the browser closes
    // is not counted and must not crash the run.
    read.catch(() => {})
    pending.push(read)
  })
  await page.goto(server.url, { waitUntil: 'networkidle' })
  await page.getByTestId('connect-button').first().waitFor()
  await Promise.all(pending.splice(0))
  // Scripts the page asked for after its load event are the idle phase, told apart by the page's own resource timing
  // (a string, so no compiled helper ends up in the serialized function).
  const afterLoad = (await page.evaluate(`(() => {
    const load = performance.getEntriesByType('navigation')[0].loadEventStart
    return performance.getEntriesByType('resource').filter((e) => e.startTime >= load).map((e) => e.name.split('/').pop())
  })()`)) as string[]
  for (const r of rows) if (r.phase === 'initial' && afterLoad.includes(r.file)) r.phase = 'idle'
  phase = 'modalOpen'
  await page.getByTestId('connect-button').first().click()
  await page.getByTestId('foyer-view-Connect').waitFor()
  // The wallet list is part of opening: wait for its chunk, or it would be counted in the next phase.
  await page.getByTestId('connect-wallets').waitFor()
  await page.waitForLoadState('networkidle')
  await Promise.all(pending.splice(0))
  phase = 'connectInjected'
  await page.getByTestId(`wallet-selector-${BenchWalletRdns}`).click()
  await page.getByTestId('account-button').first().waitFor()
  await page.waitForLoadState('networkidle')
  await new Promise((r) => setTimeout(r, 500))
  await Promise.all(pending.splice(0))
  phase = 'accountOpen'
  if (await page.getByTestId('foyer-modal').isVisible()) await page.getByTestId('foyer-header-close').click()
  await page.getByTestId('foyer-modal').waitFor({ state: 'hidden' })
  await page.getByTestId('account-button').first().click()
  await page.getByTestId('foyer-view-Account').waitFor()
  await page.waitForLoadState('networkidle')
  await Promise.all(pending.splice(0))
  phase = 'done'
} finally {
  await browser.close()
  await server.close()
  await services.close()
  await store.close()
}

const sum = (phase: string, role: Role, k: 'raw' | 'gzip' | 'brotli') =>
  rows.filter((r) => r.phase === phase && r.role === role).reduce((a, r) => a + r[k], 0)
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`
const table = ['initial', 'idle', 'modalOpen', 'connectInjected', 'accountOpen'].flatMap((phase) =>
  (['foyer', 'react', 'demo'] as Role[]).map((role) => ({
    phase,
    role,
    files: rows.filter((r) => r.phase === phase && r.role === role).length,
    raw: kib(sum(phase, role, 'raw')),
    gzip: kib(sum(phase, role, 'gzip')),
    brotli: kib(sum(phase, role, 'brotli')),
  })),
)
console.table(table)
for (const r of rows)
  console.log(
    `  ${r.phase.padEnd(15)} ${r.role.padEnd(5)} ${r.file.padEnd(36)} gzip ${kib(r.gzip).padStart(9)}  brotli ${kib(r.brotli).padStart(9)}`,
  )
// Connecting an injected wallet speaks raw EIP-1193: no heavy SDK may arrive. Checked by file names and source maps.
const heavy = /node_modules\/(viem|ox|@solana\/web3\.js|sats-connect|@walletconnect|@reown)\//
const connectRows = rows.filter((r) => r.phase === 'connectInjected')
const heavyIn = connectRows.flatMap((r) => {
  let sources: string[] = []
  try {
    sources =
      (JSON.parse(readFileSync(`dist/demo/assets/${r.file}.map`, 'utf8')) as { sources?: string[] }).sources ?? []
  } catch {
    /* no map */
  }
  const hits = [...new Set(sources.filter((x) => heavy.test(x)).map((x) => heavy.exec(x)![1]))]
  return /viem|web3|sats|walletconnect|reown/i.test(r.file) || hits.length
    ? [`${r.file} (${hits.join(', ') || 'by name'})`]
    : []
})
console.log(
  heavyIn.length
    ? `connectInjected: HEAVY SDK CODE DOWNLOADED: ${heavyIn.join('; ')}`
    : `connectInjected: ok, no viem/web3.js/sats-connect/WalletConnect code in ${connectRows.length} file(s) [${connectRows.map((r) => r.file).join(', ')}] (checked by names and source maps)`,
)
const result = {
  beforeClickFoyerGzip: sum('initial', 'foyer', 'gzip') + sum('idle', 'foyer', 'gzip'),
  initialFoyerGzip: sum('initial', 'foyer', 'gzip'),
  idleFoyerGzip: sum('idle', 'foyer', 'gzip'),
  modalOpenFoyerGzip: sum('modalOpen', 'foyer', 'gzip'),
  connectInjectedFoyerGzip: sum('connectInjected', 'foyer', 'gzip'),
  accountOpenFoyerGzip: sum('accountOpen', 'foyer', 'gzip'),
  reactGzip: sum('initial', 'react', 'gzip'),
}
console.log(
  JSON.stringify({
    bench: 'size',
    ...result,
    initialFoyerBrotli: sum('initial', 'foyer', 'brotli'),
    modalOpenFoyerBrotli: sum('modalOpen', 'foyer', 'brotli'),
  }),
)

if (process.argv.includes('--check')) {
  const over: string[] = []
  if (result.beforeClickFoyerGzip > Budgets.beforeClick)
    over.push(
      `Foyer JS before the first click ${result.beforeClickFoyerGzip} B gzip (initial ${result.initialFoyerGzip} + idle ${result.idleFoyerGzip}) > budget ${Budgets.beforeClick} B`,
    )
  if (heavyIn.length) over.push(`connectInjected downloaded heavy SDK code: ${heavyIn.join('; ')}`)
  if (result.modalOpenFoyerGzip > Budgets.modalOpen)
    over.push(`modal-open chunks ${result.modalOpenFoyerGzip} B gzip > budget ${Budgets.modalOpen} B`)
  if (result.accountOpenFoyerGzip > Budgets.accountOpen)
    over.push(`account-open chunks ${kib(result.accountOpenFoyerGzip)} gzip > budget ${kib(Budgets.accountOpen)}`)
  if (over.length) {
    console.error(`size:check FAILED\n  ${over.join('\n  ')}`)
    process.exit(1)
  }
  console.log(
    `size:check ok: before the first click ${kib(result.beforeClickFoyerGzip)} / ${kib(Budgets.beforeClick)} (initial ${kib(result.initialFoyerGzip)} + idle ${kib(result.idleFoyerGzip)}), modal-open ${kib(result.modalOpenFoyerGzip)} / ${kib(Budgets.modalOpen)}, account-open ${kib(result.accountOpenFoyerGzip)} / ${kib(Budgets.accountOpen)} (gzip, React excluded)`,
  )
}
