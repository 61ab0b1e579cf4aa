// One-step sign-in for the embedded wallet in Chromium (SPEC §7 auth connect `siwxMessage`): with the server-backed
// SIWX config (sign-in required), an email visitor logs in and is signed in by the same login — SIWXSignMessage never
// shows, the server verified the signature (its JWT names the connected account) — and DataCapture still follows
// where the project turns it on. First with SPEC's default settings (EVM account type smartAccount), then with
// `defaultAccountTypes: { eip155: 'eoa' }` beside it, then on a project without email capture.
import { createRemoteJWKSet, jwtVerify } from 'jose'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browserFixture } from './fixture.js'
import { mailedCode } from './pages.js'

const ProjectId = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'
const stack = browserFixture({
  services: ['api', 'chains', 'secureSite', 'mailbox'],
  chains: [1],
  demo: { devWallet: false, siwx: { config: 'server', required: true } },
  config: {
    demoProjectId: ProjectId,
    projects: { [ProjectId]: { features: { emailCapture: { isEnabled: true } } } },
    secureSite: { port: 0, kekFile: 'secure-site.kek', mailbox: { port: 0, smtpPort: 0 } },
  },
})
const apiUrl = () => stack.services.need('api').url
const state = (page: Page) => page.evaluate(() => (window as any).foyer.getState())

/** The newest code the local mailbox holds for `email`. */
const codeFor = (email: string) => mailedCode(stack.services.need('mailbox').url, email)

async function openPage(url: string): Promise<{ page: Page; logs: string[] }> {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const logs: string[] = []
  page.on('console', (m) => logs.push(m.text()))
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`))
  await page.goto(url)
  await page.getByTestId('connect-button').first().waitFor()
  // every view the modal showed, from here on
  await page.evaluate(() => {
    const w = window as unknown as { views: string[]; siwxEvents: string[] }
    w.views = []
    w.siwxEvents = []
    ;(window as any).foyer.subscribeState((s: any) => {
      const view = s.modal.open ? s.router.history.at(-1)?.view : undefined
      if (view && w.views.at(-1) !== view) w.views.push(view)
    })
    // the sign-in's requests, to tell why a login came back unsigned
    ;(window as any).foyer.subscribeEvents((e: any) => {
      if (/^siwx\/|^auth\/connectOtp/.test(e.type))
        (window as any).siwxEvents.push(`${e.type} ${JSON.stringify(e.payload)}`)
    })
  })
  return { page, logs }
}
const views = (page: Page) => page.evaluate(() => (window as unknown as { views: string[] }).views)

/** Logs in by email; resolves once the login view is gone. */
async function emailLogin(page: Page, email: string): Promise<void> {
  await page.getByTestId('connect-button').first().click()
  await page.getByTestId('connect-email-button').click()
  await page.getByTestId('email-input').fill(email)
  await page.getByTestId('email-submit').click()
  await page.getByTestId('otp-input').waitFor()
  await page.getByTestId('otp-input').fill(await codeFor(email))
  await page.getByTestId('foyer-view-EmailLogin').waitFor({ state: 'detached', timeout: 30_000 })
}

/** The signed-in session of the connected account: one, verified by the server (its JWT names the account). */
async function checkSignedIn(page: Page): Promise<{ address: string; accountType: string }> {
  await expect
    .poll(async () => (await state(page)).account.namespaces.eip155?.status, { timeout: 30_000 })
    .toBe('connected')
  const s = await state(page)
  const [, reference, address] = s.account.namespaces.eip155.caipAddress.split(':')
  const chainId = `eip155:${reference}`
  await expect.poll(async () => (await state(page)).account.sessionCount).toBe(1)
  const sessions = (await page.evaluate(([c, a]) => (window as any).foyer.options.siwx.getSessions(c, a), [
    chainId,
    address,
  ] as const)) as Array<{ token: string; data: { accountAddress: string } }>
  expect(sessions).toHaveLength(1)
  expect(sessions[0].data.accountAddress.toLowerCase()).toBe(address.toLowerCase())
  const jwks = createRemoteJWKSet(new URL('/.well-known/jwks.json', apiUrl()))
  const { payload } = await jwtVerify(sessions[0].token, jwks, { audience: ProjectId, issuer: apiUrl() })
  expect(String(payload.sub).toLowerCase()).toBe(`${chainId}:${address}`.toLowerCase())
  return { address, accountType: s.auth.user.accountType }
}

/** Email login with sign-in required and capture on: signed in without SIWXSignMessage, then DataCapture (skipped). */
async function oneStepWithCapture(url: string, email: string): Promise<{ accountType: string }> {
  const { page, logs } = await openPage(url)
  await emailLogin(page, email)
  await page
    .getByTestId('foyer-view-DataCapture')
    .or(page.getByTestId('foyer-view-SIWXSignMessage'))
    .waitFor({ timeout: 30_000 })
  const why = await page.evaluate(() => (window as any).siwxEvents.join('\n'))
  expect(await views(page), `${logs.join('\n')}\n${why}`).not.toContain('SIWXSignMessage')
  await page.getByTestId('foyer-view-DataCapture').waitFor()
  const signed = await checkSignedIn(page)
  await page.getByTestId('data-capture-skip').click()
  await expect.poll(async () => (await state(page)).modal.open).toBe(false)
  expect(await views(page)).not.toContain('SIWXSignMessage')
  expect(logs.filter((l) => l.startsWith('pageerror'))).toEqual([])
  await page.context().close()
  return signed
}

describe('one-step sign-in for the embedded wallet (server-backed SIWX, required)', () => {
  it("SPEC's default settings (smart account): the email login signs in, no second prompt; DataCapture follows", async () => {
    const { accountType } = await oneStepWithCapture(stack.demo.url, 'one-step-default@example.com')
    expect(accountType).toBe('smartAccount')
  })

  it('variant with defaultAccountTypes eip155 eoa: the same, on the EOA', async () => {
    const eoa = await stack.startDemo({ options: { defaultAccountTypes: { eip155: 'eoa' } } })
    const { accountType } = await oneStepWithCapture(eoa.url, 'one-step-eoa@example.com')
    expect(accountType).toBe('eoa')
  })

  it('without email capture the login closes the modal signed in, with no second prompt', async () => {
    const off = await stack.startDemo({
      projectId: 'cd'.repeat(16),
      options: { defaultAccountTypes: { eip155: 'eoa' } },
    })
    const { page, logs } = await openPage(off.url)
    await emailLogin(page, 'one-step-off@example.com')
    await expect.poll(async () => (await state(page)).modal.open, { timeout: 30_000 }).toBe(false)
    const s = await state(page)
    expect(s.account.namespaces.eip155.status).toBe('connected')
    await expect.poll(async () => (await state(page)).account.sessionCount).toBe(1)
    expect(await views(page)).not.toContain('SIWXSignMessage')
    expect(await views(page)).not.toContain('DataCapture')
    expect(logs.filter((l) => l.startsWith('pageerror'))).toEqual([])
    await page.context().close()
  })
})
