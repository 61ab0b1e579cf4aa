// Email capture (DataCapture) in Chromium against the project's server and the local mailbox: an injected EVM wallet
// signs in with the server-backed config, DataCapture asks for an email, the code read from the mailbox confirms it,
// the email shows on Account, survives a reload and is the account's on the server; on a project whose config leaves
// `emailCapture` off the view never appears, even when the page asks for it.
import type { Page } from 'playwright-core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { installTestWallet, TestWalletRdns } from '../../testing.js'
import { browserFixture } from './fixture.js'
import { openDemo } from './pages.js'

// emailCapture is a remote feature (SPEC §6): the project's config on the server turns it on for the demo's project;
// another project keeps the server's default (off), whatever the page asks for locally.
const demoProjectId = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'
const stack = browserFixture({
  services: ['api', 'chains', 'mailbox'],
  chains: [1],
  demo: { devWallet: false, siwx: { config: 'server' } },
  config: {
    demoProjectId,
    projects: { [demoProjectId]: { features: { emailCapture: { isEnabled: true } } } },
    secureSite: { port: 0, mailbox: { port: 0, smtpPort: 0 } },
  },
})
const chains = () => stack.services.need('chains').chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl }))
const state = (page: Page) => page.evaluate(() => (window as any).foyer.getState())

/** The newest code mailed to `email`, read over the mailbox's JSON API. */
async function codeFor(email: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${stack.services.need('mailbox').url}/api/messages?to=${encodeURIComponent(email)}`)
    const { messages } = (await res.json()) as { messages: Array<{ subject: string }> }
    const code = /\b(\d{6})\b/.exec(messages.at(-1)?.subject ?? '')?.[1]
    if (code) return code
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no code mailed to ${email}`)
}

// Connects the injected test wallet and signs in; returns the page once the sign view is gone.
async function connectAndSignIn(url: string) {
  const key = generatePrivateKey()
  const address = privateKeyToAccount(key).address
  const { page, errors } = await openDemo(
    stack,
    (p) => installTestWallet(p, { privateKey: key, chains: chains() }).then(() => undefined),
    url,
  )
  await page.getByTestId('connect-button').first().click()
  await page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
  await page.getByTestId('foyer-view-SIWXSignMessage').waitFor()
  await page.getByTestId('siwx-sign-button').click()
  await page.getByTestId('foyer-view-SIWXSignMessage').waitFor({ state: 'detached' })
  return { page, errors, address }
}

describe('DataCapture (email capture after sign-in)', () => {
  it('asks for an email after signing in, confirms it with the mailed code and shows it on Account', async () => {
    const { page, errors, address } = await connectAndSignIn(stack.demo.url)
    await page.getByTestId('foyer-view-DataCapture').waitFor()
    expect(await page.getByTestId('data-capture-skip').isVisible()).toBe(true)

    // SPEC §5's text for an address that is not one; nothing is mailed
    await page.getByTestId('data-capture-email').fill('not-an-email')
    await page.getByTestId('data-capture-submit').click()
    await expect.poll(() => page.getByTestId('data-capture-error').textContent()).toBe('Enter a valid email address')

    const email = `visitor-${address.slice(2, 10).toLowerCase()}@example.com`
    await page.getByTestId('data-capture-email').fill(email)
    await page.getByTestId('data-capture-submit').click()
    await page.getByTestId('foyer-view-DataCaptureOtpConfirm').waitFor()
    await expect.poll(() => page.getByTestId('data-capture-code-sent').textContent()).toContain(email)
    // resend waits out the cooldown
    expect(await page.getByTestId('data-capture-resend').isDisabled()).toBe(true)
    expect(await page.getByTestId('data-capture-resend').textContent()).toMatch(/^Resend code in \d+s$/)

    const code = await codeFor(email)
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    await page.getByTestId('data-capture-code').fill(wrong)
    await expect.poll(() => page.getByTestId('data-capture-error').textContent()).toBe('Wrong code. 4 tries left.')
    await page.getByTestId('data-capture-code').fill(code)
    await page.getByTestId('foyer-view-DataCaptureOtpConfirm').waitFor({ state: 'detached' })
    await expect.poll(async () => (await state(page)).modal.open).toBe(false)
    const key = `eip155:${address.toLowerCase()}`
    expect((await state(page)).siwx.emails[key]).toBe(email)

    // Account shows it under the address; the server has it for the account's token
    await page.getByTestId('account-button').first().click()
    await page.getByTestId('foyer-view-Account').waitFor()
    await expect.poll(() => page.getByTestId('siwx-account-email').textContent()).toBe(email)
    const [session] = await page.evaluate(([a]) => (window as any).foyer.options.siwx.getSessions('eip155:1', a), [
      address,
    ] as const)
    const current = await fetch(`${stack.services.need('api').url}/v1/siwx/sessions/current`, {
      headers: { authorization: `Bearer ${session.token}` },
    })
    expect((await current.json()).email).toBe(email)

    // a reload restores the session and the email without asking again
    await page.reload()
    await expect.poll(async () => (await state(page)).siwx?.emails?.[key]).toBe(email)
    expect((await state(page)).modal.open).toBe(false)
    expect(errors).toEqual([])
  })

  it('Skip closes it; with emailCapture off it never appears', async () => {
    const skipped = await connectAndSignIn(stack.demo.url)
    await skipped.page.getByTestId('foyer-view-DataCapture').waitFor()
    await skipped.page.getByTestId('data-capture-skip').click()
    await expect.poll(async () => (await state(skipped.page)).modal.open).toBe(false)

    const off = await stack.startDemo({ projectId: 'ab'.repeat(16), options: { features: { emailCapture: true } } })
    const { page, errors } = await connectAndSignIn(off.url)
    await expect.poll(async () => (await state(page)).modal.open).toBe(false)
    expect((await state(page)).account.sessionCount).toBe(1)
    expect(await page.getByTestId('foyer-view-DataCapture').count()).toBe(0)
    expect((await state(page)).router.history.map((h: { view: string }) => h.view)).not.toContain('DataCapture')
    expect(errors).toEqual([])
  })
})
