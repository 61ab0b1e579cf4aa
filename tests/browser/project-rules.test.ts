// Project rules against the project's own server: remote features from a project the operator created through the
// admin API (Connect and Account lose email and Swap), the origin allowlist (a page on a host name outside it), the
// server's rate limit (APKT010), the requests of a page load (and none with `telemetry: false`), and the operator's
// dashboard charting the demo's connections.
import { mkdirSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browserFixture } from './fixture.js'

const token = 'browser-test-operator-token-0001'
const demoProjectId = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'
// The server's per-project budget per minute: far above what one project's pages ask for here, small enough for a
// test to spend it on a project of its own.
const perProject = 200
const stack = browserFixture({
  services: ['api', 'chains'],
  chains: [1],
  // Only projects the operator created (or configured) are served: others answer 404.
  config: {
    operatorToken: token,
    requireKnownProjects: true,
    demoProjectId,
    apiRateLimitPerProject: perProject,
    // below perProject: the test process and the page share 127.0.0.1, which spends more than its share (issue 30 #3)
    apiLimits: { projectSharePerIp: perProject / 2 },
  },
  // An outside host name for the origin check, resolved to this machine.
  chromiumArgs: ['--host-resolver-rules=MAP shop.outside.test 127.0.0.1'],
})
const api = () => stack.services.need('api').url

async function createProject(body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${api()}/admin/v1/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { id: string }).id
}

/** A fresh page on `url` recording every request and the console. */
async function open(url: string): Promise<{ page: Page; requests: URL[]; logs: string[]; statuses: string[] }> {
  const context = await stack.browser.newContext()
  const page = await context.newPage()
  const requests: URL[] = []
  const logs: string[] = []
  const statuses: string[] = []
  page.on('request', (r) => requests.push(new URL(r.url())))
  page.on('response', (r) => statuses.push(`${r.status()} ${new URL(r.url()).pathname}`))
  page.on('console', (m) => logs.push(m.text()))
  await page.goto(url, { waitUntil: 'networkidle' })
  await page.getByTestId('connect-button').first().waitFor()
  return { page, requests, logs, statuses }
}

beforeAll(async () => {
  await createProject({ id: demoProjectId, name: 'Demo' })
})

const apiCalls = (requests: URL[]) => requests.filter((u) => u.origin === new URL(api()).origin)
// The network button draws its network's logo from the same server (README, "Private by default"): an image of the
// page, not a call; a host that wants none passes `chainImages`. Everything else the page asks the server is a call.
const networkLogo = (u: URL) => /^\/v1\/icons\/networks\/[^/]+$/.test(u.pathname)
const serverCalls = (requests: URL[]) => apiCalls(requests).filter((u) => !networkLogo(u))

describe('project rules in the browser', () => {
  it("the server's project config turns off swaps and email: Connect loses email, Account loses Swap, the warning lists both", async () => {
    const projectId = await createProject({
      name: 'No email',
      features: { swaps: { isEnabled: false }, email: { isEnabled: false } },
    })
    const demo = await stack.startDemo({ projectId, options: { features: { swaps: true, email: true } } })
    const { page, logs } = await open(demo.url)
    // SPEC §4 initialization runs when the visitor first opens the modal, and the modal shows once it has decided.
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('foyer-view-Connect').waitFor()
    expect(await page.getByTestId('connect-method-email').count()).toBe(0)
    await expect.poll(() => logs.join('\n')).toContain('LOCAL_CONFIG_IGNORED')
    const warning = logs.find((l) => l.includes('LOCAL_CONFIG_IGNORED'))!
    expect(warning).toContain('"features.swaps"')
    expect(warning).toContain('"features.email"')
    await page.getByTestId('connect-wallets').waitFor()
    expect(await page.getByTestId('connect-method-email').count()).toBe(0)
    expect(await page.getByTestId('alert-message').textContent()).toContain('"features.email"')
    // Connected, the Account view offers no Swap action.
    await page.getByTestId('wallet-selector-dev.foyer.wallet').click()
    await page.getByTestId('account-button').first().click()
    await page.getByTestId('foyer-view-Account').waitFor()
    await page.getByTestId('account-address').waitFor()
    expect(await page.getByTestId('account-action-swaps').count()).toBe(0)
    await page.context().close()

    const basic = await stack.startDemo({ projectId, options: { basic: true } })
    const b = await open(basic.url)
    await b.page.getByTestId('connect-button').first().click()
    await b.page.getByTestId('foyer-view-Connect').waitFor()
    // basic mode turns every remote feature off and asks the server for no config at all.
    expect(apiCalls(b.requests).filter((u) => u.pathname.startsWith('/v1/projects/'))).toEqual([])
    await b.page.context().close()
  })

  it('a project id the server does not know: APKT007 (invalid project id), local settings apply', async () => {
    const demo = await stack.startDemo({ projectId: '0123456789abcdef0123456789abcdef' })
    const { page, logs } = await open(demo.url)
    await page.getByTestId('connect-button').first().click()
    await expect.poll(() => logs.join('\n')).toContain('APKT007')
    await expect.poll(() => page.getByTestId('alert-message').getAttribute('data-code')).toBe('APKT007')
    await page.context().close()
  })

  it('a page outside the allowlist shows origin-not-allowed and cannot start email login', async () => {
    const projectId = await createProject({ name: 'Shop', allowedOrigins: ['https://shop.example'] })
    const demo = await stack.startDemo({ projectId })
    const outside = demo.url.replace('127.0.0.1', 'shop.outside.test')
    const { page, logs, statuses } = await open(outside)
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('foyer-view-Connect').waitFor()
    // The origin check decided before the modal showed: email was never offered here.
    expect(await page.getByTestId('connect-method-email').count()).toBe(0)
    await expect.poll(() => logs.join('\n')).toContain('APKT002')
    // The server agrees: INITIALIZE (sent at the first opening) from this origin is refused.
    await expect.poll(() => statuses).toContain('403 /e')
    await expect.poll(() => page.getByTestId('alert-message').getAttribute('data-code')).toBe('APKT002')
    expect(await page.getByTestId('connect-method-email').count()).toBe(0)
    // Asking the kernel directly is refused too, before any code is mailed.
    const outcome = await page.evaluate(() =>
      window.foyer.kernel.request('auth/connectEmail', { email: 'ada@example.com' }).then(
        () => 'started',
        (e: { code?: string }) => e.code,
      ),
    )
    expect(outcome).toBe('EMAIL_NOT_ALLOWED')
    await page.context().close()
  })

  it('a project whose budget the server has spent: the page shows RATE_LIMITED (APKT010) from the real 429', async () => {
    const projectId = await createProject({ name: 'Busy' })
    // This address spends the project's budget for this minute, more than its share: a project over budget refuses
    // the addresses above their share (the page shares 127.0.0.1 with the test process).
    const answers = await Promise.all(
      Array.from({ length: perProject }, () => fetch(`${api()}/v1/projects/${projectId}/config`).then((r) => r.status)),
    )
    expect(answers.filter((s) => s === 429)).toEqual([])
    const demo = await stack.startDemo({ projectId })
    const { page, logs, statuses } = await open(demo.url)
    await page.getByTestId('connect-button').first().click()
    await expect.poll(() => logs.join('\n')).toContain('APKT010')
    expect(statuses).toContain(`429 /v1/projects/${projectId}/config`)
    await expect.poll(() => page.getByTestId('alert-message').getAttribute('data-code')).toBe('APKT010')
    // Once per page, and the local settings apply: email login is still offered.
    expect(logs.filter((l) => l.includes('APKT010'))).toHaveLength(1)
    await page.getByTestId('connect-method-email').waitFor()
    await page.context().close()
  })

  it('a page load makes no request; the first opening only SPEC §4 and §7 ones, all to the configured server; telemetry: false sends no /e', async () => {
    const { page, requests } = await open(stack.demo.url)
    const pageOrigin = new URL(stack.demo.url).origin
    // Until the visitor opens the modal, the page asks the project's server nothing (SPEC §4 runs then); intent
    // only downloads code.
    await page.getByTestId('connect-button').first().hover()
    await page.waitForTimeout(300)
    expect(serverCalls(requests).map(String)).toEqual([])
    expect(
      apiCalls(requests)
        .filter(networkLogo)
        .map((u) => u.pathname),
    ).toEqual(['/v1/icons/networks/eip155:1'])
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('foyer-view-Connect').waitFor()
    // The demo's project and the SPEC §5 default origins (127.0.0.1 on any port): email login is offered.
    await page.getByTestId('connect-method-email').waitFor()
    // SPEC §7's INITIALIZE goes out with the first opening.
    await expect.poll(() => apiCalls(requests).filter((u) => u.pathname === '/e').length).toBe(1)
    const others = requests.filter((u) => u.origin !== pageOrigin && u.origin !== new URL(api()).origin)
    // The local chain's RPC is the host's own counterpart too (the dev wallet reads it); nothing else.
    const rpc = new URL(stack.services.need('chains').chains[0].rpcUrl).origin
    expect(others.filter((u) => u.origin !== rpc).map(String)).toEqual([])
    // SPEC §4 first (the config, then the origins), then only what the modal shows: the wallet list, its images and logos.
    const paths = serverCalls(requests).map((u) => u.pathname)
    expect(paths.slice(0, 2)).toEqual([`/v1/projects/${demoProjectId}/config`, `/v1/projects/${demoProjectId}/origins`])
    for (const p of paths.slice(2))
      expect(p).toMatch(/^\/(e|v1\/wallets(\/[0-9a-f]{64}\/image)?|v1\/icons\/[a-z]+\/[^/]+)$/)
    await page.context().close()

    const quiet = await stack.startDemo({ options: { telemetry: false } })
    const q = await open(quiet.url)
    await q.page.waitForTimeout(300)
    expect(serverCalls(q.requests).map(String)).toEqual([])
    // The visitor acts: the project config is asked for then, and still nothing goes to /e.
    await q.page.getByTestId('connect-button').first().click()
    await q.page.getByTestId('foyer-view-Connect').waitFor()
    await expect.poll(() => apiCalls(q.requests).some((u) => u.pathname.endsWith('/config'))).toBe(true)
    // The demo's project turns nothing off and its origin is allowed: email login is offered here.
    await q.page.getByTestId('connect-method-email').waitFor()
    expect(apiCalls(q.requests).filter((u) => u.pathname === '/e')).toEqual([])
    await q.page.context().close()
  })

  it("the operator's dashboard charts the demo's connections", async () => {
    let projectId = ''
    for (let i = 0; i < 3; i++) {
      const { page } = await open(stack.demo.url)
      projectId = await page.evaluate(() => window.foyer.getState().config.projectId)
      await page.getByTestId('connect-button').first().click()
      await page.getByTestId('wallet-selector-dev.foyer.wallet').click()
      await page.getByTestId('account-button').first().waitFor()
      // The demo's project leaves swaps on: the Account view offers the Swap action.
      if (i === 0) {
        await page.getByTestId('account-button').first().click()
        await page.getByTestId('account-action-swaps').waitFor()
      }
      await page.context().close()
    }
    const context = await stack.browser.newContext({ viewport: { width: 1100, height: 1300 } })
    const page = await context.newPage()
    await page.goto(`${api()}/admin?project=${projectId}`)
    await page.locator('#token').fill(token)
    await page.getByRole('button', { name: 'Show' }).click()
    await expect.poll(() => page.getByTestId('dashboard-totals').textContent()).toMatch(/^[3-9]\d* connections/)
    mkdirSync('.foyer', { recursive: true })
    await page.screenshot({ path: '.foyer/dashboard.png', fullPage: true })
    await context.close()
  })
})
