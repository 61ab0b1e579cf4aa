// One stack and one browser per test file: anvil chains (with the seeded test tokens), the project's API and, when
// asked, its WalletConnect relay, the built demo wired to them, and Chromium. Pages come from `newPage`, which records
// page errors and the scripts the page downloaded.
import type { Browser, Page } from 'playwright-core'
import type { Address } from 'viem'
import { startChains, type LocalChains } from '../../server/chains/index.js'
import { startApi, type RunningApi } from '../../server/api/server.js'
import { startRelay, type RunningRelay } from '../../server/relay/relay.js'
import type { RunningService } from '../../server/types.js'
import { launchChromium } from './chromium.js'
import { startDemo } from './demo-server.js'

/** What a test file starts. */
export interface BrowserStackOptions {
  /** EVM chain ids to run on anvil (default [1]). */
  chains?: number[]
  /** Addresses funded with ETH and every test token on each chain. */
  fund?: Address[]
  /** Start the WalletConnect relay and point the demo at it. */
  relay?: boolean
  /** Extra demo config (`window.__FOYER_DEMO__`). */
  demo?: Record<string, unknown>
}

/** A running stack. */
export interface BrowserStack {
  chains: LocalChains
  api: RunningApi
  relay?: RunningRelay
  /** The relay's WebSocket URL. */
  relayUrl?: string
  demo: RunningService
  browser: Browser
  /** The RPC URL of chain `chainId`. */
  rpc(chainId: number): string
  /** A fresh browser context on the demo; `install` runs before navigation (test wallets). */
  newPage(install?: (page: Page) => Promise<void>): Promise<{ page: Page; errors: string[]; scripts: string[] }>
  close(): Promise<void>
}

/** Starts the stack; close() stops everything it started, also after a failed start. */
export async function startBrowserStack(opts: BrowserStackOptions = {}): Promise<BrowserStack> {
  process.env.IS_VITEST ??= 'true'
  const started: Array<{ close(): Promise<void> }> = []
  const close = async () => {
    for (const s of started.splice(0).reverse()) await s.close().catch(() => undefined)
  }
  try {
    const [chains, relay, browser] = await Promise.all([
      startChains({ chains: (opts.chains ?? [1]).map((chainId) => ({ chainId })), fund: opts.fund ?? [] }),
      opts.relay ? startRelay({ port: 0 }) : Promise.resolve(undefined),
      launchChromium(),
    ])
    started.push(chains, browser, ...(relay ? [relay] : []))
    const api = await startApi({ config: { dataDir: 'memory://', chains: chains.chains } })
    started.push(api)
    const relayUrl = relay?.url.replace(/^http/, 'ws')
    const demo = await startDemo({
      apiUrl: api.url,
      chains: chains.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })),
      devWallet: false,
      ...(relayUrl ? { relayUrl } : {}),
      ...opts.demo,
    })
    started.push(demo)
    return {
      chains,
      api,
      relay,
      relayUrl,
      demo,
      browser,
      rpc: (chainId) => chains.chains.find((c) => c.chainId === chainId)!.rpcUrl,
      async newPage(install) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
        // ENVIRONMENT.md: the WalletConnect SDK skips its (unreachable) verify and telemetry hosts under IS_VITEST.
        await context.addInitScript(() => Object.assign(window, { process: { env: { IS_VITEST: 'true' } } }))
        const page = await context.newPage()
        const errors: string[] = []
        const scripts: string[] = []
        page.on('pageerror', (e) => errors.push(e.message))
        page.on('request', (r) => {
          if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
        })
        await install?.(page)
        await page.goto(demo.url)
        await page.getByTestId('connect-button').first().waitFor()
        return { page, errors, scripts }
      },
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

/** What a kernel request from the page gave: its output, or the error as plain data. */
export type Outcome<T> = { ok: T } | { error: { name: string; message: string; code?: unknown } }

/** Runs `foyer.kernel.request(name, input)` in the page (the demo exposes `window.foyer`). */
export function request<T = unknown>(page: Page, name: string, input?: unknown): Promise<Outcome<T>> {
  return page.evaluate(
    async ([n, i]) => {
      try {
        return { ok: await (window as any).foyer.kernel.request(n, i) }
      } catch (e) {
        const err = e as { name?: string; message?: string; code?: unknown }
        return { error: { name: String(err.name), message: String(err.message), code: err.code } }
      }
    },
    [name, input] as const,
  ) as Promise<Outcome<T>>
}

/** The output of a request that must succeed (its error, if any, fails the test with the wallet's message). */
export async function requestOk<T = unknown>(page: Page, name: string, input?: unknown): Promise<T> {
  const r = await request<T>(page, name, input)
  if ('error' in r) throw new Error(`${name} failed: ${r.error.name} ${String(r.error.code)} ${r.error.message}`)
  return r.ok
}
