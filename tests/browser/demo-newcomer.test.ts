// The newcomer's path through the demo in Chromium, against real anvil chains and the project's API: no extension,
// only the in-page "Foyer Dev Wallet". One click connects; the address shows; Account opens; a reload stays connected.
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browserFixture } from './fixture.js'

const stack = browserFixture({ services: ['api', 'chains'], chains: [1, 8453], fund: [] })
let address: string

const rpcCall = async (url: string, method: string, params: unknown[] = []) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as { result: unknown }).result
}

beforeAll(async () => {
  address = ((await rpcCall(stack.services.need('chains').chains[0].rpcUrl, 'eth_accounts')) as string[])[0]
})

const selector = 'wallet-selector-dev.foyer.wallet'
const status = (page: Page) => page.getByTestId('demo-status').textContent()
// The dev wallet's provider as the page sees it (through EIP-6963, like any dapp would find it).
const devRequest = (page: Page, method: string, params: unknown[] = []) =>
  page.evaluate(
    async ([m, p]) => {
      let provider: any
      const take = (e: Event) => {
        const d = (e as CustomEvent).detail
        if (d.info.rdns === 'dev.foyer.wallet') provider = d.provider
      }
      window.addEventListener('eip6963:announceProvider', take)
      window.dispatchEvent(new Event('eip6963:requestProvider'))
      window.removeEventListener('eip6963:announceProvider', take)
      try {
        return { result: await provider.request({ method: m, params: p }) }
      } catch (e: any) {
        return { code: e.code, message: e.message }
      }
    },
    [method, params] as const,
  )

describe("the newcomer's demo", () => {
  it('connects the in-page dev wallet in one click, shows the address, opens Account, and reconnects after a reload', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(stack.demo.url)
    await expect(page.getByTestId('dev-wallet-notice').textContent()).resolves.toMatch(
      /local development wallet.*Never use it with real funds/,
    )

    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('foyer-view-Connect').waitFor()
    await expect(page.getByTestId(selector).textContent()).resolves.toContain('Foyer Dev Wallet')
    await page.getByTestId(selector).click()
    await page.getByTestId('foyer-view-Connect').waitFor({ state: 'detached' })
    const short = `${address.slice(0, 4)}…${address.slice(-4)}`
    await expect(page.getByTestId('account-button').first().textContent()).resolves.toContain(short)
    expect(await status(page)).toContain(address)

    await page.getByTestId('account-button').first().click()
    await page.getByTestId('foyer-view-Account').waitFor()
    await expect(page.getByTestId('account-address').getAttribute('title')).resolves.toBe(address)
    await page.getByTestId('account-balance').waitFor()
    expect(await page.getByTestId('account-balance').textContent()).toMatch(/^\d{1,3}(,\d{3})*\.\d{3} ETH$/)
    await page.keyboard.press('Escape')
    await page.getByTestId('foyer-view-Account').waitFor({ state: 'detached' })

    // Signing and sending go to anvil's unlocked account: real results, no key in the page.
    const signed = await devRequest(page, 'personal_sign', ['0x68656c6c6f', address])
    expect(signed.result).toMatch(/^0x[0-9a-f]{130}$/)
    const sent = await devRequest(page, 'eth_sendTransaction', [
      { from: address, to: '0x000000000000000000000000000000000000dEaD', value: '0x1' },
    ])
    expect(sent.result).toMatch(/^0x[0-9a-f]{64}$/)

    // Switching between the two local chains works; any other chain is a 4902.
    await page.evaluate(() => (window as any).foyer.switchNetwork('eip155:8453'))
    await expect.poll(() => status(page)).toContain('eip155:8453')
    // the status shows the chosen network at once; the wallet's switch follows the connection (under load, later)
    await expect.poll(async () => (await devRequest(page, 'eth_chainId')).result).toBe('0x2105')
    expect((await devRequest(page, 'wallet_switchEthereumChain', [{ chainId: '0xa' }])).code).toBe(4902)

    // A reload comes back connected within a few seconds, without a click.
    await page.reload()
    await expect
      .poll(
        () =>
          page
            .getByTestId('account-button')
            .first()
            .textContent()
            .catch(() => ''),
        { timeout: 5_000 },
      )
      .toContain(short)
    expect(await status(page)).toContain('eip155:8453')
    await page.getByTestId('account-button').first().click()
    await page.getByTestId('foyer-view-Account').waitFor()
    await page.getByTestId('disconnect-button').click()
    await page.getByTestId('connect-button').first().waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  it('keeps a network chosen before connecting; "Address copied" covers no button and stays on its view; views opened without context say so', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(stack.demo.url)
    await page.getByTestId('connect-button').first().waitFor()

    // Views a host opens without their context: a sensible state, not another view's wrong copy.
    const open = (view: string) => page.evaluate((v) => (window as any).foyer.open({ view: v }), view)
    const dialog = () => page.locator('[role=dialog]').first().textContent()
    for (const [view, text] of [
      ['UnsupportedChain', 'Choose a network'],
      ['SwitchNetwork', 'No network switch is waiting'],
      ['SwitchActiveChain', 'No network chosen'],
      ['ConnectingExternal', 'No wallet is connecting'],
    ] as const) {
      await open(view)
      await page.getByTestId(`foyer-view-${view}`).waitFor()
      await expect.poll(dialog).toContain(text)
      expect(await dialog()).not.toMatch(/unsupported|doesn't support|eip155:1\b/i)
      await page.keyboard.press('Escape')
      await page.getByTestId(`foyer-view-${view}`).waitFor({ state: 'detached' })
    }

    // Base chosen before connecting; the dev wallet (on chain 1) is asked to switch when it connects.
    await page.getByTestId('network-button').first().click()
    await page.getByTestId('network-item-eip155:8453').click()
    await page.getByTestId('foyer-view-Networks').waitFor({ state: 'detached' })
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(selector).click()
    await page.getByTestId('foyer-view-Connect').waitFor({ state: 'detached' })
    await expect.poll(() => status(page)).toContain('eip155:8453')
    // the status shows the chosen network at once; the wallet's switch follows the connection (under load, later)
    await expect.poll(async () => (await devRequest(page, 'eth_chainId')).result).toBe('0x2105')

    // Copying the address: the note covers no button of Account, and is gone once another view opens.
    await page.getByTestId('account-button').first().click()
    await page.getByTestId('foyer-view-Account').waitFor()
    await page.getByTestId('copy-address').click()
    await page.getByTestId('snackbar-message').waitFor()
    expect(await page.getByTestId('snackbar-message').textContent()).toBe('Address copied')
    const note = (await page.getByTestId('snackbar-message').boundingBox())!
    const buttons = await page
      .getByTestId('foyer-view-Account')
      .locator('button')
      .evaluateAll((bs) => bs.map((b) => b.getBoundingClientRect().toJSON() as DOMRect))
    expect(buttons.length).toBeGreaterThan(0)
    const overlaps = (b: DOMRect) =>
      b.x < note.x + note.width && note.x < b.x + b.width && b.y < note.y + note.height && note.y < b.y + b.height
    expect(buttons.filter(overlaps)).toEqual([])
    await page.getByTestId('account-network-button').click()
    await page.getByTestId('foyer-view-Networks').waitFor()
    expect(await page.getByTestId('snackbar-message').count()).toBe(0)
    expect(errors).toEqual([])
    await page.close()
  })

  it('a switch on the demo page turns Sign in with X on: connect, sign, signed in with the server; off again after', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(stack.demo.url)
    const toggle = page.getByTestId('siwx-switch')
    await toggle.waitFor()
    expect(await toggle.getAttribute('aria-checked')).toBe('false')
    expect(await page.evaluate(() => !!(window as any).foyer.options.siwx)).toBe(false)

    // On: the page comes back with sign-in configured (the server-backed config of foyer/siwx), and says so.
    await toggle.click()
    await expect.poll(() => page.getByTestId('siwx-switch').getAttribute('aria-checked')).toBe('true')
    await expect.poll(() => page.evaluate(() => !!(window as any).foyer?.options.siwx)).toBe(true)
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(selector).click()
    await page.getByTestId('foyer-view-SIWXSignMessage').waitFor()
    await page.getByTestId('siwx-sign-button').click()
    await page.getByTestId('foyer-view-SIWXSignMessage').waitFor({ state: 'detached' })
    await expect.poll(() => page.evaluate(() => (window as any).foyer.getState().account.sessionCount)).toBe(1)
    const sessions = (await page.evaluate(
      (a) => (window as any).foyer.options.siwx.getSessions('eip155:1', a),
      address,
    )) as Array<{ token: string; data: { accountAddress: string } }>
    expect(sessions).toHaveLength(1)
    expect(sessions[0].data.accountAddress.toLowerCase()).toBe(address.toLowerCase())
    // the session is the API's: the token it issued is alive there
    const current = await fetch(`${stack.services.need('api').url}/v1/siwx/sessions/current`, {
      headers: { authorization: `Bearer ${sessions[0].token}` },
    })
    expect(current.status).toBe(200)

    // Off again: a reload without sign-in.
    await page.getByTestId('siwx-switch').click()
    await expect.poll(() => page.getByTestId('siwx-switch').getAttribute('aria-checked')).toBe('false')
    await expect.poll(() => page.evaluate(() => (window as any).foyer?.options.siwx === undefined)).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })
})
