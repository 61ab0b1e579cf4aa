// The shared fixture of the browser tests: the services a file needs, started through the composition root
// (server/compose.ts) exactly as `npm start` starts them, the built demo page wired to them, and a browser: the run's
// shared Chromium (tests/browser/global-setup.ts), or a Chromium of its own when the file passes `chromiumArgs`.
//
// In a test file (one fixture per file; it registers its own beforeAll/afterAll):
//
//   const stack = browserFixture({ services: ['api', 'relay', 'chains'], chains: [1], fund: [ADDRESS] })
//   it('…', async () => {
//     const page = await stack.browser.newPage()
//     await page.goto(stack.demo.url)                      // the demo, injected with the API, relay and chain URLs
//     await fetch(`${stack.services.need('api').url}/v1/…`) // any running service, typed by name
//   })
//
// `services` lists ServiceMap names (server/services.ts) and pulls in what they need ('api' brings 'store'); [] runs
// only the demo page. A service added to server/services.ts is usable here at once by its name. `demo` adds to the
// page's injected config (e.g. { devWallet: false }); stack.startDemo(inject) serves one more page (closed with the
// fixture). The store is an in-memory PGlite from the migrated template, so a file pays no initdb.
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import type { Browser } from 'playwright-core'
import type { Address } from 'viem'
import { openTestStore } from '../../server/api/testing/store.js'
import { defineService, startServices, type ServiceName, type Services } from '../../server/compose.js'
import { resolveConfig, type ServerConfig } from '../../server/config.js'
import { SERVICES } from '../../server/services.js'
import type { RunningService } from '../../server/types.js'
import { demoService } from '../../scripts/serve-demo.js'
import { connectChromium, launchChromium } from './chromium.js'
import { since, timed, timedStart, writeTimes } from './timings.js'

/** What a browser test file runs. */
export interface FixtureOptions {
  /** Services by name (with what they need); [] = only the demo page. */
  services: ServiceName[]
  /** Local anvil chains when 'chains' is among the services (default [1]). */
  chains?: number[]
  /** Addresses funded on those chains (default: the dev wallet). */
  fund?: Address[]
  /** Further settings (every port defaults to 0 and the store to memory here). */
  config?: Partial<ServerConfig>
  /** Added to the demo page's injected config. */
  demo?: Record<string, unknown>
  /** Extra Chromium flags (e.g. blocking third-party cookies). */
  chromiumArgs?: string[]
}

/** The running fixture of one test file. */
export interface Fixture {
  services: Services
  /** The demo page wired to the services. */
  demo: RunningService
  browser: Browser
  /** Serves another demo page with `inject` (e.g. an unreachable relay URL); closed with the fixture. */
  startDemo(inject: Record<string, unknown>): Promise<RunningService>
  close(): Promise<void>
}

/** Starts the services, the demo page and Chromium side by side; close() stops them all. */
export async function startFixture(opts: FixtureOptions): Promise<Fixture> {
  if (!existsSync('dist/demo/index.html')) throw new Error('dist/demo is missing: run `npm run build:demo` first')
  // ENVIRONMENT.md: the WalletConnect SDKs skip their unreachable verify and telemetry hosts under IS_VITEST.
  process.env.IS_VITEST ??= 'true'
  const config = resolveConfig({
    dataDir: 'memory://',
    port: 0,
    relayPort: 0,
    demoPort: 0,
    localChains: opts.services.includes('chains') ? (opts.chains ?? [1]).map((chainId) => ({ chainId })) : [],
    localSolana: opts.services.includes('solana'),
    solanaPort: 0,
    ...(opts.fund ? { fund: opts.fund } : {}),
    ...opts.config,
  })
  // The store comes from the migrated template; as a definition (not a lent handle) it opens side by side with the
  // chains, the relay and every other service that needs nothing, and Chromium launches meanwhile.
  const definitions = [...SERVICES.filter((d) => d.name !== 'store'), testStoreService, demoService(opts.demo)]
  const extra: RunningService[] = []
  const [launched, started] = await Promise.allSettled([
    timed('chromium', () => openChromium(opts.chromiumArgs)),
    startServices(config, definitions.map(timedStart), { only: [...opts.services, 'demo'] }),
  ])
  if (launched.status === 'rejected' || started.status === 'rejected') {
    await Promise.all([
      launched.status === 'fulfilled' && launched.value.close(),
      started.status === 'fulfilled' && started.value.close(),
    ])
    throw launched.status === 'rejected' ? launched.reason : (started as PromiseRejectedResult).reason
  }
  const [browser, services] = [launched.value, started.value]
  return {
    services,
    demo: services.need('demo'),
    browser,
    async startDemo(inject) {
      const demo = await demoService({ ...opts.demo, ...inject }).start({
        config,
        get: services.get,
        need: services.need,
      })
      extra.push(demo!)
      return demo!
    },
    async close() {
      const pages = extra.splice(0)
      await Promise.all([browser.close(), ...pages.map((d) => d.close())])
      await services.close()
    },
  }
}

// The run's shared Chromium (tests/browser/global-setup.ts) unless the file needs flags of its own; a file's close()
// then closes its contexts and disconnects. A file launches its own when the shared one is missing or unreachable.
async function openChromium(args: string[] | undefined): Promise<Browser> {
  const endpoint = args?.length ? '' : sharedEndpoint()
  if (endpoint) {
    const shared = await connectChromium(endpoint).catch(() => undefined)
    if (shared) return shared
  }
  return launchChromium(args)
}

// Outside vitest (scripts/screenshots.ts) there is no run to share a Chromium with.
function sharedEndpoint(): string | undefined {
  try {
    return inject('chromiumEndpoint')
  } catch {
    return undefined
  }
}

// The store service of the tests: an in-memory PGlite opened from the migrated template (no initdb, no migration).
const testStoreService = defineService({
  name: 'store',
  async start() {
    const store = await openTestStore()
    return { store, close: () => store.close() }
  },
})

/** Registers beforeAll/afterAll for one fixture; its fields are set once beforeAll ran (use them inside tests). */
export function browserFixture(opts: FixtureOptions): Fixture {
  const fixture = {} as Fixture
  let testsFrom = 0
  let file: string | undefined
  beforeAll(async () => {
    since('boot', 0) // since the worker started: its start-up and the file's imports
    Object.assign(fixture, await timed('setup', () => startFixture(opts)))
    testsFrom = performance.now()
    file = expect.getState().testPath
  })
  afterAll(async () => {
    since('tests', testsFrom)
    await timed('close', async () => fixture.close?.())
    writeTimes(file)
  })
  return fixture
}
