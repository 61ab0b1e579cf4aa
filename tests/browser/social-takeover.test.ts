// Issue 29 item 1, played end to end in Chromium with the product's defaults (SPEC §5 default origin list, EVM
// account type smartAccount): an attacker publishes a page on a preview host the default list admits
// (https://foyer-attacker.vercel.app, served by the test's own route handler: no request leaves the machine) and
// sends a victim a link that starts on the wallet's own domain. The victim (one browser context) follows it and signs
// in at the provider; the attacker (another context) hands whatever reached his page to the wallet frame his page
// embeds, as Foyer on that page would, and to a script. He must get nothing: no result, no session, no address.
import { describe, expect, it } from 'vitest'
import type { BrowserContext, Page } from 'playwright-core'
import { browserFixture } from './fixture.js'

const stack = browserFixture({
  services: ['secureSite', 'chains', 'mailbox', 'oidc'],
  chains: [1],
  config: {
    secureSite: { port: 0, kekFile: 'secure-site.kek', mailbox: { port: 0, smtpPort: 0 }, oidc: { port: 0 } },
  },
  chromiumArgs: [
    '--test-third-party-cookie-phaseout',
    // the attacker's host is only ever answered by the routes below: never looked up
    '--host-resolver-rules=MAP foyer-attacker.vercel.app ~NOTFOUND',
    // the "public" attacker page may embed the wallet frame: in production the wallet is public too, here it is on
    // loopback, which Local Network Access would keep from a public page
    '--disable-features=LocalNetworkAccessChecks',
  ],
})

const ATTACKER = 'https://foyer-attacker.vercel.app'
const NETWORK = 'eip155:1'

/** The attacker's site in `context`: his page embeds the wallet frame; every request it gets is logged in `seen`. */
async function attackerSite(context: BrowserContext, seen: string[]): Promise<void> {
  const site = stack.services.need('secureSite').url
  await context.route(`${ATTACKER}/**`, (route) => {
    seen.push(route.request().url())
    return route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>Free tokens</title>
<iframe id="wallet" src="${site}/frame?origin=${encodeURIComponent(ATTACKER)}"></iframe>
<script>
  // what Foyer does on a page: talk to the frame by message, the frame's own origin named
  window.ask = (type, payload) => new Promise((resolve) => {
    const id = String(Math.random())
    addEventListener('message', function on(e) {
      if (e.origin !== ${JSON.stringify(site)} || e.data?.id !== id) return
      removeEventListener('message', on)
      resolve({ ok: e.data.type.endsWith('_SUCCESS'), payload: e.data.payload })
    })
    document.getElementById('wallet').contentWindow.postMessage({ type: '@foyer-app/' + type, id, payload }, ${JSON.stringify(site)})
  })
  window.ready = new Promise((resolve) => addEventListener('message', (e) => e.data?.type === '@foyer-frame/READY' && resolve(true)))
</script>`,
    })
  })
}

/** The victim signs in at the provider's page (the local OpenID provider playing Google). */
async function signInAtProvider(page: Page, username: string): Promise<void> {
  await page.getByTestId('oidc-title').waitFor({ timeout: 30_000 })
  await page.getByTestId('oidc-username').fill(username)
  await page.getByTestId('oidc-continue').click()
}

/** The frame API as a script calls it: any headers it likes, its own cookie jar. */
function script() {
  const site = stack.services.need('secureSite').url
  const jar: string[] = []
  return async (path: string, host: string, body: unknown) => {
    const res = await fetch(`${site}/api${path}`, {
      method: 'POST',
      headers: {
        origin: site,
        'x-foyer-frame': '1',
        'x-foyer-host': host,
        'content-type': 'application/json',
        cookie: jar.join('; '),
      },
      body: JSON.stringify(body),
    })
    jar.push(...res.headers.getSetCookie().map((c) => c.split(';')[0]))
    return { status: res.status, body: (await res.json()) as Record<string, any> }
  }
}

describe('social-login takeover through the default origin list', () => {
  it('a link on the wallet domain that returns to a preview-host page gives the attacker nothing', async () => {
    const site = stack.services.need('secureSite').url
    const seen: string[] = []
    const victim = await stack.browser.newContext()
    const attacker = await stack.browser.newContext()
    await Promise.all([attackerSite(victim, seen), attackerSite(attacker, seen)])

    // 1. The link of the report: starts on the wallet's domain, comes back to the attacker's page.
    const state = 'A'.repeat(43)
    const link = `${site}/social/start?${new URLSearchParams({ provider: 'google', origin: ATTACKER, state, mode: 'redirect', return: `${ATTACKER}/welcome` })}`
    const page = await victim.newPage()
    await page.goto(link)
    const refused = page.getByTestId('social-failed')
    await Promise.race([refused.waitFor(), page.getByTestId('oidc-title').waitFor()])
    if (!(await refused.isVisible())) {
      await signInAtProvider(page, 'victim-ada')
      await page.waitForURL(`${ATTACKER}/**`, { timeout: 30_000 }).catch(() => undefined)
    }
    const stolen = seen.map((u) => new URL(u).searchParams.get('result_uri')).find(Boolean)
    // the attacker's page hands it to its own wallet frame, as Foyer would, then asks who it is
    const mine = await attacker.newPage()
    await mine.goto(`${ATTACKER}/`)
    await mine.evaluate(() => (window as any).ready)
    const taken = stolen
      ? await mine.evaluate(
          ([uri, caipNetworkId]) =>
            (window as any).ask('CONNECT_SOCIAL', {
              provider: 'google',
              uri,
              caipNetworkId,
              accountType: 'smartAccount',
            }),
          [stolen, NETWORK],
        )
      : undefined
    const session = await mine.evaluate((n) => (window as any).ask('GET_USER', { caipNetworkId: n }), NETWORK)
    // and the same from a script, with headers no browser would send
    const redeemed =
      stolen && (await script()('/social/connect', ATTACKER, { resultUri: stolen, caipNetworkId: NETWORK }))
    expect({ taken, session: session.ok ? session.payload : undefined, redeemed: redeemed && redeemed.body }).toEqual({
      taken: undefined,
      session: undefined,
      redeemed: undefined,
    })
    expect(stolen).toBeUndefined()
    expect(await refused.textContent()).toMatch(/not valid/)

    // 2. The attacker's page asks its frame to start the login itself: refused on a preview host.
    const start = await mine.evaluate(() =>
      (window as any).ask('GET_SOCIAL_URI', {
        provider: 'google',
        mode: 'redirect',
        returnUrl: 'https://foyer-attacker.vercel.app/w',
      }),
    )
    expect(start).toMatchObject({
      ok: false,
      payload: { message: expect.stringMatching(/not available on this page/) },
    })
    const scripted = await script()('/social/start', ATTACKER, { provider: 'google', mode: 'popup' })
    expect(scripted.status).toBe(403)

    // 3. A script starts one for a page the operator trusts (forging that page's headers) and sends the link: the
    //    victim signs in, the result goes to that page only, and without it the script's session is worth nothing.
    const forger = script()
    const trusted = stack.demo.url
    const forged = await forger('/social/start', trusted, {
      provider: 'google',
      mode: 'redirect',
      returnUrl: `${trusted}/`,
    })
    expect(forged.status).toBe(200)
    const victim2 = await stack.browser.newContext()
    await attackerSite(victim2, seen)
    const page2 = await victim2.newPage()
    await page2.goto(forged.body.url)
    await signInAtProvider(page2, 'victim-bo')
    await page2.waitForURL(`${trusted}/**`, { timeout: 30_000 })
    expect(seen.filter((u) => u.includes('result_uri'))).toEqual([])
    expect((await forger('/user', trusted, { caipNetworkId: NETWORK })).status).toBe(401)
    await Promise.all([victim.close(), attacker.close(), victim2.close()])
  })
})
