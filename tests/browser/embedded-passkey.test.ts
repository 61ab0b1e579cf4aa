// Passkey login of the embedded wallet (issue 36) end to end in Chromium, with Chromium's virtual authenticator
// (DevTools WebAuthn: ctap2, internal transport, resident keys, user verification) standing in for the device's. The
// operator turns the feature on the way an operator does: the server's remote feature config (`features.passkeys`),
// which the page reads from GET /v1/projects/{id}/config. The ceremony runs in the secure frame (localhost, the relying
// party) on the demo page (127.0.0.1), third-party cookies blocked as in embedded-wallet.test.ts.
import { describe, expect, it } from 'vitest'
import type { CDPSession, Page } from 'playwright-core'
import { createPublicClient, http, type Address, type Hex } from 'viem'
import { browserFixture } from './fixture.js'
import { clickInFrame, frameText, WALLET_FRAME, mailedCode } from './pages.js'

const stack = browserFixture({
  services: ['api', 'chains', 'secureSite', 'mailbox'],
  chains: [1],
  demo: { devWallet: false },
  config: {
    features: { passkeys: { isEnabled: true } },
    secureSite: { port: 0, kekFile: 'secure-site.kek', mailbox: { port: 0, smtpPort: 0 } },
  },
  chromiumArgs: ['--test-third-party-cookie-phaseout'],
})

const FRAME = WALLET_FRAME
const pub = () => createPublicClient({ transport: http(stack.services.need('chains').chains[0].rpcUrl) })

/** A fresh visitor: a new browser context with its own virtual authenticator (its passkeys live there). */
async function visitor(): Promise<{ page: Page; cdp: CDPSession; authenticatorId: string; logs: string[] }> {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const logs: string[] = []
  page.on('console', (m) => logs.push(m.text()))
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`))
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  await page.goto(stack.demo.url)
  await page.getByTestId('connect-button').first().waitFor()
  return { page, cdp, authenticatorId, logs }
}

const status = (page: Page) => page.evaluate(() => window.foyer.getState().account.namespaces.eip155?.status)
const address = async (page: Page) =>
  (await page.evaluate(() => window.foyer.getState().account.namespaces.eip155?.caipAddress))!.split(':')[2] as Address

/** Opens Connect, picks the passkey method and clicks `button` in the secure frame's panel. */
async function passkeyConnect(page: Page, button: 'passkey-create' | 'passkey-login'): Promise<void> {
  await page.getByTestId('connect-button').first().click()
  await page.getByTestId('connect-method-email').getByTestId('connect-passkey-button').click()
  await page.getByTestId('foyer-view-PasskeyLogin').waitFor()
  await clickInFrame(page, button)
}

async function connected(page: Page, logs: string[] = []): Promise<Address> {
  try {
    await expect.poll(() => status(page), { timeout: 30_000 }).toBe('connected')
  } catch (e) {
    // what the page and the frame said is the first clue when a login never ends
    const panel = await frameText(page)
    const view = await page.evaluate(() => JSON.stringify(window.foyer.getState().modal)).catch(() => '?')
    throw new Error(
      `${(e as Error).message}\nthe frame shows: ${panel}\nthe modal: ${view}\nthe page and the frame logged:\n${logs.join('\n')}`,
      { cause: e },
    )
  }
  await page.getByTestId('foyer-view-PasskeyLogin').waitFor({ state: 'detached' })
  return address(page)
}

async function signOut(page: Page): Promise<void> {
  await page.getByTestId('account-button').first().click()
  await page.getByTestId('disconnect-button').click()
  await expect.poll(() => status(page)).toBe('disconnected')
}

async function openPasskeys(page: Page): Promise<void> {
  await page.getByTestId('account-button').first().click()
  await page.getByTestId('auth-account-passkeys').click()
  await page.getByTestId('foyer-view-Passkeys').waitFor()
}

describe('embedded wallet passkeys (virtual authenticator)', () => {
  it('creates a wallet with a passkey, logs in with it after a reload, signs a message viem verifies', async () => {
    const { page, cdp, authenticatorId, logs } = await visitor()
    await passkeyConnect(page, 'passkey-create')
    const created = await connected(page, logs)
    // the credential is a resident key of the secure site (the relying party), not of the host page
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(credentials).toHaveLength(1)
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' })

    // a passkey-only wallet keeps its one way in
    await openPasskeys(page)
    await page.getByTestId('passkey-item-0').waitFor()
    await page.getByTestId('passkey-remove-0').click()
    await expect.poll(() => page.getByTestId('passkeys-error').textContent()).toContain('only way to log in')
    await page.getByTestId('foyer-header-close').click()

    await signOut(page)
    await page.reload()
    await page.getByTestId('connect-button').first().waitFor()
    expect(await status(page)).not.toBe('connected')
    await passkeyConnect(page, 'passkey-login')
    expect(await connected(page, logs)).toBe(created)

    const message = 'signed with a passkey wallet'
    const signing = page.evaluate(
      (m) => window.foyer.kernel.request('wallet/signMessage', { message: m }) as Promise<{ signature: Hex }>,
      message,
    )
    await page.getByTestId('foyer-view-ApproveTransaction').waitFor()
    await clickInFrame(page, 'approve-button')
    const { signature } = await signing
    // SPEC §9's default smart account, not deployed yet: viem verifies through the chain (ERC-6492)
    expect(await pub().verifyMessage({ address: created, message, signature })).toBe(true)
    expect(await pub().verifyMessage({ address: created, message: 'something else', signature })).toBe(false)
    expect(logs.filter((l) => l.startsWith('pageerror'))).toEqual([])
    await page.context().close()
  }, 120_000)

  it('adds a passkey to an email wallet and logs in with it; once removed it is refused', async () => {
    const { page, logs } = await visitor()
    const email = 'passkey-ada@example.com'
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('connect-email-button').click()
    await page.getByTestId('email-input').fill(email)
    await page.getByTestId('email-submit').click()
    await page.getByTestId('otp-input').fill(await mailedCode(stack.services.need('mailbox').url, email, 0))
    await page.getByTestId('foyer-view-EmailLogin').waitFor({ state: 'detached' })
    await expect.poll(() => status(page)).toBe('connected')
    const wallet = await address(page)

    await openPasskeys(page)
    await page.getByTestId('passkey-add-start').click()
    await clickInFrame(page, 'passkey-add')
    await page.getByTestId('passkey-item-0').waitFor()
    await page.getByTestId('foyer-header-close').click()

    await signOut(page)
    await passkeyConnect(page, 'passkey-login')
    expect(await connected(page)).toBe(wallet)
    expect(await page.evaluate(() => window.foyer.getState().auth?.user?.email)).toBe(email)

    // removed (the email still logs in), the passkey on the device is refused by the site
    await openPasskeys(page)
    await page.getByTestId('passkey-remove-0').click()
    await page.getByTestId('passkey-item-0').waitFor({ state: 'detached' })
    await page.getByTestId('foyer-header-close').click()
    await signOut(page)
    await passkeyConnect(page, 'passkey-login')
    await expect
      .poll(() => page.frameLocator(FRAME).getByTestId('passkey-error').textContent())
      .toContain('not registered')
    expect(await status(page)).not.toBe('connected')
    expect(logs.filter((l) => l.startsWith('pageerror'))).toEqual([])
    await page.context().close()
  }, 120_000)
})
