// examples/nextjs against the project's stack: `next build` passes (once per run), `next start` serves a page whose
// HTML already shows the Connect button (before any script runs, and with JavaScript off), hydration logs no mismatch,
// and a connected session comes back after a reload.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type AddressInfo } from 'node:net'
import { describe, expect, it, beforeAll, afterAll } from 'vitest'
import type { ConsoleMessage, Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { installTestWallet, TestWalletRdns } from '../../testing.js'
import { browserFixture } from './fixture.js'

const KEY = '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6' as const
const ADDRESS = privateKeyToAccount(KEY).address
const stack = browserFixture({ services: ['api', 'chains'], chains: [1], fund: [ADDRESS] })
const dir = 'examples/nextjs'
const next = 'node_modules/next/dist/bin/next'
let server: ChildProcess | undefined
let url = ''

// Runs `next <args>` in the example; resolves with its output once it exits 0 (or once `ready` matches, leaving it up).
function runNext(
  args: string[],
  env: Record<string, string>,
  ready?: RegExp,
): Promise<{ out: string; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`../../${next}`, ...args], {
      cwd: dir,
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      if (ready?.test(out)) resolve({ out, child })
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve({ out, child }) : reject(new Error(`next ${args[0]}: ${code}\n${out}`)),
    )
  })
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo
      s.close(() => resolve(port))
    })
  })

beforeAll(async () => {
  // The one build of the run (webpack: Turbopack refuses a node_modules linked from outside the repository).
  const started = Date.now()
  await runNext(['build', '--webpack'], {})
  console.log(`next build took ${((Date.now() - started) / 1000).toFixed(1)} s`)
  const port = await freePort()
  const env = {
    FOYER_PROJECT_ID: stack.services.need('api').url ? 'f0e1d2c3b4a5968778695a4b3c2d1e0f' : '',
    FOYER_API_URL: stack.services.need('api').url,
    FOYER_RPC_URLS: JSON.stringify({ 1: stack.services.need('chains').chains[0]!.rpcUrl }),
  }
  server = (await runNext(['start', '-p', String(port), '-H', '127.0.0.1'], env, /Ready|started server/i)).child
  url = `http://127.0.0.1:${port}/`
}, 900_000)
afterAll(() => {
  server?.kill()
})

// Console lines that say hydration went wrong (React's mismatch error and warnings, Next's overlay text).
const mismatch = (m: ConsoleMessage) =>
  (m.type() === 'error' || m.type() === 'warning') && /hydrat|did ?n[o']t match|mismatch/i.test(m.text())

async function openPage(): Promise<{ page: Page; problems: string[] }> {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (m) => mismatch(m) && problems.push(m.text()))
  page.on('pageerror', (e) => problems.push(e.message))
  await installTestWallet(page, {
    privateKey: KEY,
    chains: [{ chainId: 1, rpcUrl: stack.services.need('chains').chains[0]!.rpcUrl }],
  })
  return { page, problems }
}

describe('examples/nextjs', () => {
  it('serves the Connect button in its server-rendered HTML, and shows it with JavaScript off', async () => {
    const html = await (await fetch(url)).text()
    expect(html).toMatch(/<template shadowrootmode="open">.*data-testid="connect-button"[^>]*>Connect Wallet</)
    expect(html).toContain('data-testid="example-status"')

    const context = await stack.browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(url)
    await expect(page.getByTestId('connect-button').textContent()).resolves.toBe('Connect Wallet')
    expect(await page.getByTestId('connect-button').isVisible()).toBe(true)
    await context.close()
  })

  it('hydrates without a mismatch, connects, and brings the session back after a reload', async () => {
    const { page, problems } = await openPage()
    await page.goto(url)
    await page.locator('[data-testid="example-status"][data-hydrated]').waitFor()
    await page.getByTestId('connect-button').click()
    await page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
    await page.getByTestId('account-button').waitFor()
    await expect(page.getByTestId('example-status').textContent()).resolves.toBe(`Connected: ${ADDRESS}`)

    await page.reload()
    await page.locator('[data-testid="example-status"][data-hydrated]').waitFor()
    await page.getByTestId('account-button').waitFor()
    await expect(page.getByTestId('example-status').textContent()).resolves.toBe(`Connected: ${ADDRESS}`)
    expect(problems).toEqual([])
    await page.context().close()
  })
})
