// examples/vanilla against the project's stack, served under a strict Content-Security-Policy (no 'unsafe-inline'
// for scripts or styles; the page's own inline script and every style Foyer injects carry a nonce): <foyer-button>
// renders, a click opens the styled modal with the wallet list, the email login starts its secure frame, and the
// browser reports no CSP violation.
import { createServer, type Server } from 'node:http'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize } from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from 'vite'
import { privateKeyToAccount } from 'viem/accounts'
import { installTestWallet, TestWalletRdns } from '../../testing.js'
import { browserFixture } from './fixture.js'

const KEY = '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6' as const
const ADDRESS = privateKeyToAccount(KEY).address
const stack = browserFixture({
  services: ['api', 'chains', 'secureSite', 'mailbox'],
  chains: [1],
  fund: [ADDRESS],
  config: { secureSite: { port: 0, kekFile: 'secure-site.kek', mailbox: { port: 0, smtpPort: 0 } } },
})
const root = 'examples/vanilla/dist'
const nonce = 'c3RyaWN0LWNzcC1ub25jZQ'
let server: Server
let url = ''

const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }

beforeAll(async () => {
  const started = Date.now()
  await build({ configFile: 'examples/vanilla/vite.config.ts' })
  console.log(`vite build of examples/vanilla took ${((Date.now() - started) / 1000).toFixed(1)} s`)
  const api = stack.services.need('api').url
  const site = stack.services.need('secureSite').url
  const rpc = stack.services.need('chains').chains[0]!.rpcUrl
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    `img-src 'self' data: ${api}`,
    `connect-src 'self' ${api} ${rpc} ${site}`,
    `frame-src ${site}`,
  ].join('; ')
  const inject = `<script nonce="${nonce}">window.FOYER_EXAMPLE=${JSON.stringify({
    apiUrl: api,
    secureSiteUrl: site,
    rpcUrl: rpc,
    nonce,
  })}</script>`
  server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const file = normalize(join(root, path === '/' ? 'index.html' : path))
    if (!file.startsWith(root)) return void res.writeHead(403).end()
    const body = await readFile(file).catch(() => undefined)
    if (!body) return void res.writeHead(404).end()
    const type = types[extname(file)] ?? 'application/octet-stream'
    res.writeHead(200, { 'content-type': type, 'content-security-policy': csp })
    res.end(type === 'text/html' ? body.toString().replace('<!--FOYER_EXAMPLE_CONFIG-->', inject) : body)
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
}, 300_000)
afterAll(() => new Promise<void>((ok) => (server ? server.close(() => ok()) : ok())))

describe('examples/vanilla under a strict CSP', () => {
  it('renders <foyer-button>, opens the styled modal and starts the email login with no CSP violation', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    const problems: string[] = []
    // A failed load is recorded by its URL below (the browser's own favicon request aside).
    page.on(
      'console',
      (m) => m.type() === 'error' && !/^Failed to load resource/.test(m.text()) && problems.push(m.text()),
    )
    page.on(
      'response',
      (r) => r.status() >= 400 && !r.url().endsWith('/favicon.ico') && problems.push(`${r.status()} ${r.url()}`),
    )
    page.on('pageerror', (e) => problems.push(e.message))
    // Violations inside shadow roots reach the document too (the event is composed).
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
      ),
    )
    await installTestWallet(page, {
      privateKey: KEY,
      chains: [{ chainId: 1, rpcUrl: stack.services.need('chains').chains[0]!.rpcUrl }],
    })
    await page.goto(url)

    const button = page.locator('foyer-button').getByTestId('connect-button')
    await expect(button.textContent()).resolves.toBe('Connect Wallet')
    // Styled by the button's sheet: the accent background, not the browser's default button.
    const background = await button.evaluate((b) => getComputedStyle(b).backgroundColor)
    expect(background).not.toMatch(/^rgba?\(2[34]\d, 2[34]\d, 2[34]\d/)
    expect(background).not.toBe('rgba(0, 0, 0, 0)')

    await button.click()
    await page.getByTestId('foyer-view-Connect').waitFor()
    await page.getByTestId(`wallet-selector-${TestWalletRdns}`).waitFor()
    // The modal's sheet applies: the dialog sits in a fixed overlay, with a visible box.
    expect(await page.locator('.fy-overlay').evaluate((m) => getComputedStyle(m).position)).toBe('fixed')
    expect((await page.getByTestId('foyer-modal').boundingBox())!.width).toBeGreaterThan(200)

    // The email login starts the secure frame, placed by CSSOM (a style attribute would be refused here).
    await page.getByTestId('connect-email-button').click()
    await page.getByTestId('email-input').fill('csp@example.com')
    await page.getByTestId('email-submit').click()
    await page.getByTestId('foyer-wallet-frame').waitFor({ state: 'attached' })
    expect(await page.getByTestId('foyer-wallet-frame').evaluate((f) => getComputedStyle(f).position)).toBe('fixed')
    await page.getByTestId('otp-input').waitFor()
    expect(problems).toEqual([])
    await context.close()
  })
})
