// The project plugin against a fake API: remote config over local features (and the warning naming what it
// ignored), basic mode, the origin check, the SPEC §8 failure alerts, the cache, and debug's bar-or-console rule.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isFeatureEnabled, type HostOptions } from '../../kernel/index.js'
import { createTestKernel, flush, type TestKernel } from '../../kernel/testing/test-kernel.js'
import { createProjectPlugin } from './index.js'
import { fakeApi, projectConfig, type ApiAnswer, type ApiCall } from './testing.js'

const PID = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'
const CONFIG = `GET /v1/projects/${PID}/config`
const ORIGINS = `GET /v1/projects/${PID}/origins`
const EVENTS = 'POST /e'

const kernels: TestKernel[] = []
afterEach(() => {
  for (const k of kernels.splice(0)) k.dispose()
  vi.restoreAllMocks()
})

function setup(opts: {
  routes?: Record<string, ApiAnswer | ((call: ApiCall) => ApiAnswer)>
  options?: HostOptions
  origin?: string
  debug?: boolean
  basic?: boolean
}) {
  const api = fakeApi({
    [CONFIG]: { status: 200, body: projectConfig() },
    [ORIGINS]: { status: 200, body: { allowedOrigins: ['https://app.example.com'] } },
    [EVENTS]: { status: 202, body: { ok: true } },
    ...opts.routes,
  })
  const k = createTestKernel({
    http: api.http,
    options: { projectId: PID, apiUrl: 'http://api.test/', ...opts.options },
    config: {
      projectId: PID,
      features: { ...opts.options?.features },
      ...(opts.basic ? { basic: true } : {}),
      ...(opts.debug === false ? { debug: false } : {}),
    },
    plugins: [
      createProjectPlugin({
        origin: opts.origin ?? 'http://localhost:5173',
        location: { href: 'http://localhost:5173/shop', hostname: 'localhost' },
      }),
    ],
  })
  kernels.push(k)
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  return { k, api, warn, error, paths: () => api.calls.map((c) => `${c.method} ${c.path}`) }
}

// The alert catalogue is a dynamic import: give it real turns of the event loop.
async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 5))
  expect(ok()).toBe(true)
}

const events = (calls: ApiCall[]) =>
  calls.filter((c) => c.path === '/e').map((c) => (c.body as { props?: { event?: string } }).props?.event)

describe('project/init', () => {
  it('applies the remote config over local features and warns with the local settings it ignored', async () => {
    const { k, api, warn } = setup({
      options: { features: { swaps: true, email: true, analytics: false, connectMethodsOrder: ['wallet'] } },
      routes: { [CONFIG]: { status: 200, body: projectConfig({ swaps: false, email: false }) } },
    })
    await k.request('project/init')
    const s = k.getState()
    expect(isFeatureEnabled(s, 'swaps')).toBe(false)
    expect(isFeatureEnabled(s, 'email')).toBe(false)
    expect(isFeatureEnabled(s, 'onramp')).toBe(true)
    // Local settings that are not remote features stay as the host set them.
    expect(s.config.features.connectMethodsOrder).toEqual(['wallet'])
    expect(s.config.features.socials).toEqual(['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
    expect(s.project).toMatchObject({ source: 'remote', ignored: ['"features.email"', '"features.swaps"'] })
    expect(s.alert).toMatchObject({ open: true, variant: 'warning', code: 'LOCAL_CONFIG_IGNORED' })
    expect(s.alert.message).toContain('"features.email", "features.swaps"')
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"features.email", "features.swaps"'))
    // Every call carries the SDK properties; the init order is config, then origins (email/socials on); INITIALIZE
    // waits for the visitor's first act.
    for (const c of api.calls) expect(c.query).toEqual({ projectId: PID, st: 'foyer', sv: 'foyer-test' })
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([CONFIG, ORIGINS])
  })

  it('a defaultNetwork outside the networks: APKT001 (network not found)', async () => {
    const { k, error } = setup({ options: { defaultNetwork: 'eip155:999' } })
    const shown: string[] = []
    k.on('alert/shown', (e) => shown.push(e.payload.code ?? ''))
    await k.request('project/init')
    await until(() => shown.length > 0)
    expect(shown).toEqual(['APKT001'])
    expect(error).toHaveBeenCalledWith(expect.stringContaining('eip155:999'))
  })

  it('runs once however often it is asked', async () => {
    const { k, paths } = setup({})
    await Promise.all([k.request('project/init'), k.request('project/init')])
    await k.request('project/init')
    expect(paths()).toEqual([CONFIG, ORIGINS])
  })

  it('basic mode: no config request, every remote feature off, so no origin check either', async () => {
    const { k, paths } = setup({ basic: true, options: { basic: true } })
    await k.request('project/init')
    expect(paths()).toEqual([])
    for (const id of ['email', 'socials', 'swaps', 'onramp', 'activity', 'reownBranding', 'multiWallet'])
      expect(isFeatureEnabled(k.getState(), id)).toBe(false)
    expect(isFeatureEnabled(k.getState(), 'send')).toBe(true)
  })

  it('payments on disables email and socials (SPEC §6), so the origin is not checked', async () => {
    const { k, paths } = setup({ routes: { [CONFIG]: { status: 200, body: projectConfig({ payments: true }) } } })
    await k.request('project/init')
    expect(isFeatureEnabled(k.getState(), 'payments')).toBe(true)
    expect(isFeatureEnabled(k.getState(), 'email')).toBe(false)
    expect(isFeatureEnabled(k.getState(), 'socials')).toBe(false)
    expect(paths()).toEqual([CONFIG])
  })

  it('an origin outside the allowlist: the origin-not-allowed alert, and no email or social login', async () => {
    const { k, error } = setup({ origin: 'http://shop.test:5173' })
    await k.request('project/init')
    expect(k.getState().project?.originAllowed).toBe(false)
    expect(isFeatureEnabled(k.getState(), 'email')).toBe(false)
    expect(isFeatureEnabled(k.getState(), 'socials')).toBe(false)
    expect(k.getState().alert).toMatchObject({ open: true, code: 'APKT002' })
    expect(k.getState().alert.message).toContain('http://shop.test:5173')
    expect(error).toHaveBeenCalledWith(expect.stringContaining('APKT002'))
  })

  it('an allowed origin: the project list, or the SPEC §5 defaults (localhost) beside a list or an empty one', async () => {
    for (const [origin, list] of [
      ['https://app.example.com', ['https://app.example.com']],
      ['http://localhost:4000', ['https://app.example.com']],
      ['http://localhost:4000', []],
    ] as const) {
      const { k } = setup({ origin, routes: { [ORIGINS]: { status: 200, body: { allowedOrigins: list } } } })
      await k.request('project/init')
      expect(k.getState().project?.originAllowed).toBe(true)
      expect(isFeatureEnabled(k.getState(), 'email')).toBe(true)
      expect(k.getState().alert.open).toBe(false)
    }
  })

  it('an empty project list allows only the SPEC §5 defaults, not every origin', async () => {
    const { k } = setup({
      origin: 'https://anywhere.test',
      routes: { [ORIGINS]: { status: 200, body: { allowedOrigins: [] } } },
    })
    await k.request('project/init')
    expect(k.getState().project?.originAllowed).toBe(false)
    expect(isFeatureEnabled(k.getState(), 'email')).toBe(false)
    expect(k.getState().alert).toMatchObject({ open: true, code: 'APKT002' })
  })

  it('a 429 while loading the configuration: APKT010 once; local settings apply', async () => {
    const { k } = setup({
      options: { features: { swaps: false } },
      routes: {
        [CONFIG]: { status: 429, body: { error: 'rate_limited', reasons: [{ description: 'RATE_LIMITED' }] } },
        [ORIGINS]: { status: 429, body: { error: 'rate_limited' } },
      },
    })
    const shown: string[] = []
    k.on('alert/shown', (e) => shown.push(e.payload.code ?? ''))
    await k.request('project/init')
    expect(shown).toEqual(['APKT010'])
    expect(k.getState().project).toMatchObject({ source: 'local', ignored: [] })
    expect(isFeatureEnabled(k.getState(), 'swaps')).toBe(false)
  })

  it("a 5xx: APKT009 with the server's reason; a 404 for the project: APKT007", async () => {
    const { k } = setup({
      routes: {
        [CONFIG]: { status: 503, body: { error: 'unavailable', reasons: [{ description: 'database is down' }] } },
      },
    })
    await k.request('project/init')
    expect(k.getState().alert).toMatchObject({ code: 'APKT009' })
    expect(k.getState().alert.message).toContain('database is down')
    const other = setup({ routes: { [CONFIG]: { status: 404, body: { error: 'project_not_found' } } } })
    await other.k.request('project/init')
    expect(other.k.getState().alert).toMatchObject({ code: 'APKT007' })
  })

  it('caches both answers for five minutes', async () => {
    const { k, api } = setup({})
    await k.request('project/init')
    const again = createTestKernel({
      http: api.http,
      options: { projectId: PID, apiUrl: 'http://api.test/' },
      config: { projectId: PID },
      plugins: [createProjectPlugin({ origin: 'http://localhost:5173' })],
    })
    kernels.push(again)
    // Same storage: copy what the first page stored.
    for (const [key, value] of Object.entries(k.backend.dump())) again.backend.setItem(key, value)
    again.clock.advance(k.clock.now() + 60_000)
    await again.request('project/init')
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([CONFIG, ORIGINS])
    const late = createTestKernel({
      http: api.http,
      options: { projectId: PID, apiUrl: 'http://api.test/' },
      config: { projectId: PID },
      plugins: [createProjectPlugin({ origin: 'http://localhost:5173' })],
    })
    kernels.push(late)
    for (const [key, value] of Object.entries(k.backend.dump())) late.backend.setItem(key, value)
    late.clock.advance(k.clock.now() + 5 * 60_000 + 1)
    await late.request('project/init')
    expect(api.calls.slice(2).map((c) => `${c.method} ${c.path}`)).toEqual([CONFIG, ORIGINS])
  })

  it('debug off: alerts go to the console only, never to the bar', async () => {
    const { k, error } = setup({ debug: false, origin: 'http://shop.test' })
    await k.request('project/init')
    expect(k.getState().alert.open).toBe(false)
    expect(error).toHaveBeenCalledWith(expect.stringContaining('APKT002'))
  })
})

describe('analytics (SPEC §7)', () => {
  const connect = (k: TestKernel, connectorId = 'io.metamask') => {
    k.emit('connectors/discovered', {
      namespace: 'eip155',
      connectors: [{ id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', namespace: 'eip155' }],
    })
    k.emit('wallet/connected', {
      namespace: 'eip155',
      caipAddress: 'eip155:8453:0x1234567890abcdef1234567890abcdef1234abcd',
      connectorId,
    })
  }

  it('INITIALIZE waits for the first opening of the modal and reports the set-up initialization found', async () => {
    const { k, api } = setup({ basic: true, options: { basic: true, sdkVersion: 'foyer-test' } })
    await k.request('project/init')
    await flush()
    expect(api.calls).toEqual([])
    k.emit('config/featuresChanged', { features: { analytics: false } })
    k.emit('modal/opened', {} as never)
    await until(() => events(api.calls).length === 1)
    expect(api.calls[0].body).toMatchObject({
      props: { event: 'INITIALIZE', properties: { basic: true, sdkVersion: 'foyer-test', networks: [] } },
    })
    k.emit('modal/opened', {} as never)
    await flush()
    expect(events(api.calls)).toEqual(['INITIALIZE'])
  })

  it('INITIALIZE and CONNECT_SUCCESS always; the rest only with analytics on; MODAL_CREATED never', async () => {
    const { k, api } = setup({ options: { features: { analytics: false } }, basic: true })
    k.emit('config/featuresChanged', { features: { analytics: false } })
    await k.request('project/init')
    connect(k)
    k.emit('wallet/disconnected', { namespace: 'eip155' })
    k.reportError(new Error('internal'))
    await until(() => events(api.calls).length >= 2)
    await flush()
    expect(events(api.calls)).toEqual(['INITIALIZE', 'CONNECT_SUCCESS'])
    const body = api.calls.find((c) => (c.body as { props: { event: string } })?.props?.event === 'CONNECT_SUCCESS')!
    expect(body.body).toMatchObject({
      eventId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      url: 'http://localhost:5173/shop',
      domain: 'localhost',
      timestamp: k.clock.now(),
      props: {
        type: 'track',
        event: 'CONNECT_SUCCESS',
        address: '0x1234567890abcdef1234567890abcdef1234abcd',
        properties: { method: 'browser', name: 'MetaMask', namespace: 'eip155', caipNetworkId: 'eip155:8453' },
      },
    })
    expect(body.query).toEqual({ projectId: PID, st: 'foyer', sv: 'foyer-test' })
    k.emit('config/featuresChanged', { features: { analytics: true } })
    k.emit('wallet/disconnected', { namespace: 'eip155' })
    k.reportError(new Error('internal again'))
    await until(() => events(api.calls).length >= 4)
    expect(events(api.calls)).toEqual(['INITIALIZE', 'CONNECT_SUCCESS', 'DISCONNECT_SUCCESS', 'INTERNAL_SDK_ERROR'])
  })

  it('a restored connection is not a CONNECT_SUCCESS', async () => {
    const { k, api } = setup({ basic: true, options: { basic: true } })
    k.emit('wallet/reconnect/started' as never, { input: null } as never, 'r-restore')
    connect(k)
    // The sender loads with the fact; give the dynamic import real turns before looking.
    await new Promise((r) => setTimeout(r, 50))
    expect(events(api.calls)).toEqual([])
  })

  it('a 403 from /e shows the invalid-app-configuration alert once', async () => {
    const { k } = setup({ basic: true, options: { basic: true }, routes: { [EVENTS]: { status: 403, body: {} } } })
    const shown: string[] = []
    k.on('alert/shown', (e) => shown.push(e.payload.code ?? ''))
    await k.request('project/init')
    connect(k)
    await k.request('project/reportError', { errorType: 'WALLET', errorMessage: 'x', stackTrace: '' })
    await until(() => shown.length > 0)
    await flush()
    expect(shown).toEqual(['APKT002'])
    expect(k.getState().alert.message).toContain('allowlist')
  })

  it('telemetry: false sends no event and no error report', async () => {
    const { k, api } = setup({ options: { telemetry: false } })
    await k.request('project/init')
    connect(k)
    await k.request('project/reportError', { errorType: 'WALLET', errorMessage: 'x', stackTrace: '' })
    k.emit('modal/opened', {} as never)
    await new Promise((r) => setTimeout(r, 50))
    expect(api.calls.filter((c) => c.path === '/e')).toEqual([])
  })
})
