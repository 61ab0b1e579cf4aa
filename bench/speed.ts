// bench:speed — how fast Foyer answers a visitor, on React 19.3.1 and React 18.3.1, in headless Chromium, against the
// local stack (anvil and the API, started through server/compose.ts). Every repetition measures Foyer's minimal host
// page next to React alone:
//   time to button        navigation start → first frame with the connect button (paired ratio with React alone;
//                         three pairs per repetition, all before the click phases)
//   click → wallets       pointerdown on Connect → first frame with a wallet option in `connect-wallets`
//   click → Account       a returning, connected visitor: pointerdown on the account button → first frame of the
//                         Account view showing the balance (`account-balance`)
// and the JavaScript chunks fetched in each phase. Prints one table and one JSON line. Usage:
//   npm run bench:speed [-- --reps 15] [-- --check] [-- --lib <dir>]
// --check exits 1 when an acceptance figure is missed; --lib measures another build of the library (e.g. another
// branch's dist/lib) with the same pages.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { gzipSync } from 'node:zlib'
import type { Browser, BrowserContextOptions } from 'playwright-core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startServices } from '../server/compose.js'
import { resolveConfig } from '../server/config.js'
import { SERVICES } from '../server/services.js'
import { StorageKeys, StoragePrefix } from '../kernel/index.js'
import { installTestWallet, TestWalletRdns } from '../testing.js'
import { launchChromium } from '../tests/browser/chromium.js'
import { buildPages, outDir, Reacts } from './speed/pages.js'
import { TimingScript } from './speed/timing.js'
import { summarize, type Run } from './speed/report.js'
import { servePages } from './speed/serve.js'

const arg = (name: string) => process.argv[process.argv.indexOf(name) + 1]
const reps = process.argv.includes('--reps') ? Number(arg('--reps')) : 9
// Fewer than 9 repetitions is a quick look, not an acceptance run (issue 19).
const minReps = 9
const key = generatePrivateKey()
const address = privateKeyToAccount(key).address

// Gzip sizes from the built files, computed after the runs: compressing while a page loads would stall this
// process, which also serves the pages.
const gzipOf = new Map<string, number>()
const gzipSize = (dir: string, file: string) => {
  const key = `${dir}/${file}`
  if (!gzipOf.has(key)) gzipOf.set(key, gzipSync(readFileSync(`${dir}/assets/${file}`), { level: 9 }).length)
  return gzipOf.get(key)!
}

/** A page with the timing script, the test wallet and a log of the scripts it fetches, phase by phase. */
async function openPage(browser: Browser, url: string, rpcUrl: string, state?: BrowserContextOptions['storageState']) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...(state ? { storageState: state } : {}),
  })
  const page = await context.newPage()
  // The timing script reports each mark through this binding; `mark` waits for it rather than polling the page.
  const arrivals = new Map<string, { seen: Promise<void>; arrive: () => void }>()
  const expect = (name: string) => {
    let arrive!: () => void
    const seen = new Promise<void>((ok) => (arrive = ok))
    arrivals.set(name, { seen, arrive })
  }
  expect('button')
  await page.exposeBinding('__speedMarked', (_source, name: string) => arrivals.get(name)?.arrive())
  await page.addInitScript({ content: TimingScript })
  const wallet = await installTestWallet(page, { privateKey: key, chains: [{ chainId: 1, rpcUrl }] })
  // A returning visitor approved this site before: the wallet answers eth_accounts with the address.
  if (state) await wallet.request('eth_requestAccounts')
  const files: string[] = []
  page.on('request', (req) => {
    if (req.resourceType() === 'script') files.push(new URL(req.url()).pathname.split('/').pop() ?? '')
  })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto(url)
  /** The scripts requested since the last call. */
  const take = () => files.splice(0)
  return { page, take, errors, expect, arrivals, close: () => context.close() }
}

type Opened = Awaited<ReturnType<typeof openPage>>

// The mark's time, read once the page has reported it (nothing is evaluated in the page before that).
const mark = async ({ page, arrivals }: Opened, name: string): Promise<number> => {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`no "${name}" mark within 15 s on ${page.url()}`)), 15_000)
  })
  await Promise.race([arrivals.get(name)!.seen, timeout]).finally(() => clearTimeout(timer))
  return page.evaluate((n) => (window as any).__speed.marks[n] as number, name)
}

// Clicks `testId` and returns pointerdown → the first frame in which `selector` shows.
async function clickUntil(opened: Opened, testId: string, name: string, selector: string): Promise<number> {
  const { page } = opened
  opened.expect(name)
  await page.evaluate(([n, s]) => (window as any).__speed.watch(n, s), [name, selector] as const)
  await page.getByTestId(testId).first().click()
  const shown = await mark(opened, name)
  return shown - (await page.evaluate(() => (window as any).__speed.down as number))
}

const Wallets = '[data-testid="connect-wallets"] [data-testid^="wallet-selector-"]'
const AccountBalance = '[data-testid="foyer-view-Account"] [data-testid="account-balance"]'

// The API and one anvil chain, through the composition root as `npm start` and the browser tests start them.
const services = await startServices(
  resolveConfig({
    dataDir: 'memory://',
    port: 0,
    relayPort: 0,
    demoPort: 0,
    localChains: [{ chainId: 1 }],
    fund: [address],
  }),
  SERVICES,
  { only: ['api', 'chains'] },
)
const api = services.need('api')
const rpcUrl = services.need('chains').chains[0].rpcUrl
const libDir = process.argv.includes('--lib') ? arg('--lib') : 'dist/lib'
console.log(`building the pages (${libDir} on React 19.3.1 and 18.3.1)…`)
await buildPages(libDir)
const browser = await launchChromium()
const results: Record<string, Record<string, Run[]>> = {}
const sites = await Promise.all(Reacts.map((r) => servePages(outDir(r.name), { apiUrl: api.url })))

// A returning visitor: connect once, keep the page's storage, drop the cached balance so each visit asks the API.
async function connectedStorage(url: string) {
  const first = await openPage(browser, `${url}/host.html`, rpcUrl)
  await first.page.getByTestId('connect-button').first().click()
  await first.page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
  await first.page.getByTestId('account-button').first().waitFor()
  const stored = await first.page.context().storageState()
  await first.close()
  for (const o of stored.origins)
    o.localStorage = o.localStorage.filter((e) => e.name !== `${StoragePrefix}${StorageKeys.nativeBalanceCache}`)
  return stored
}

// A figure of a few frames moves by a frame from load to load (where the page's work meets the display's beat), so
// each repetition loads the pair this many times: the median then settles on the page's cost, not on luck.
const ButtonPairs = 3

// Time to button, one repetition on one React: React alone and Foyer, each in a fresh context closed before the next
// load, in alternating order (neither always meets a warmer machine). These loads come first, before any page has
// used the stack: the click phases leave the browser and the API busy (modal chunks, balances, renderers closing),
// and a figure of a few frames would measure that instead of the page.
async function buttonRepetition(url: string, runs: Record<string, Run[]>, i: number) {
  const order = i % 2 ? (['host', 'alone'] as const) : (['alone', 'host'] as const)
  for (const which of Array.from({ length: ButtonPairs }, () => order).flat()) {
    const p = await openPage(browser, `${url}/${which}.html`, rpcUrl)
    const button = await mark(p, 'button')
    if (p.errors.length) throw new Error(`page errors on ${which}: ${p.errors.join('; ')}`)
    runs[which === 'host' ? 'hostButton' : 'aloneButton'].push({ ms: button, chunks: p.take() })
    await p.close()
  }
}

// One repetition on one React: React alone and Foyer loaded back to back (in alternating order), each then clicked;
// then Foyer for a connected visitor.
async function repetition(
  url: string,
  runs: Record<string, Run[]>,
  i: number,
  stored: BrowserContextOptions['storageState'],
) {
  const order = i % 2 ? (['host', 'alone'] as const) : (['alone', 'host'] as const)
  const loaded = []
  for (const which of order) {
    const p = await openPage(browser, `${url}/${which}.html`, rpcUrl)
    await mark(p, 'button')
    loaded.push({ which, p })
  }
  for (const { which, p } of loaded) {
    await p.page.waitForLoadState('networkidle')
    const initial = p.take()
    const ms = await clickUntil(p, 'connect-button', 'wallets', Wallets)
    await p.page.waitForLoadState('networkidle')
    runs[which].push({ ms, chunks: p.take() })
    if (which === 'host') runs.initial.push({ ms: 0, chunks: initial })
    if (p.errors.length) throw new Error(`page errors on ${which}: ${p.errors.join('; ')}`)
    await p.close()
  }
  const a = await openPage(browser, `${url}/host.html`, rpcUrl, stored)
  await a.page.getByTestId('account-button').first().waitFor()
  await a.page.waitForLoadState('networkidle')
  a.take()
  const ms = await clickUntil(a, 'account-button', 'account', AccountBalance)
  await a.page.waitForLoadState('networkidle')
  runs.account.push({ ms, chunks: a.take() })
  if (a.errors.length) throw new Error(`page errors on the connected host: ${a.errors.join('; ')}`)
  await a.close()
}

try {
  for (const r of Reacts)
    results[r.name] = { alone: [], host: [], account: [], initial: [], aloneButton: [], hostButton: [] }
  // Both Reacts in every repetition, in alternating order: a machine whose load drifts meets both alike.
  for (let i = 0; i < reps; i++) {
    const order = i % 2 ? [...Reacts.keys()].reverse() : [...Reacts.keys()]
    for (const k of order) await buttonRepetition(sites[k].url, results[Reacts[k].name], i)
    process.stdout.write(`  time to button ${i + 1}/${reps}\r`)
  }
  const stored = await Promise.all(sites.map((site) => connectedStorage(site.url)))
  for (let i = 0; i < reps; i++) {
    const order = i % 2 ? [...Reacts.keys()].reverse() : [...Reacts.keys()]
    for (const k of order) await repetition(sites[k].url, results[Reacts[k].name], i, stored[k])
    process.stdout.write(`  clicks ${i + 1}/${reps}   \r`)
  }
} finally {
  await browser.close()
  await Promise.all(sites.map((s) => s.close()))
  await services.close()
}

const { summary, rows, ok } = summarize(results, (react, file) => gzipSize(outDir(react), file))
console.log(`\nbench:speed — medians of ${reps} repetitions (Foyer chunks: files / gzip requested in the phase)`)
console.table(rows)
// Every sample, for a closer look at the spread (bench/results/ is not committed).
mkdirSync('bench/results', { recursive: true })
writeFileSync('bench/results/speed.json', JSON.stringify({ reps, summary, results }, null, 2))
// The machine's load says how much to trust a run (medians resist it, but a busy machine is a busy machine).
const machine = { cpus: cpus().length, loadavg: loadavg().map((l) => Math.round(l * 10) / 10) }
console.log(JSON.stringify({ bench: 'speed', reps, machine, ...summary, ok: ok && reps >= minReps }))
if (reps < minReps) console.log(`(${reps} repetitions: a quick look; acceptance needs ${minReps} or more)`)
if (process.argv.includes('--check') && !(ok && reps >= minReps)) process.exit(1)
