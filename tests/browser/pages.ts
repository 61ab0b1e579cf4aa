// Pages on a fixture's demo, and kernel requests run in them (the demo exposes `window.foyer`): for browser tests that
// drive the wallet requests.
import type { BrowserContextOptions, Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import type { Fixture } from './fixture.js'

/**
 * A fresh context on the demo (or another one the fixture started, at `url`); `install` runs before navigation (test
 * wallets); `options` add to the context's (a locale). Records page errors and scripts.
 */
export async function openDemo(
  stack: Fixture,
  install?: (page: Page) => Promise<void>,
  url = stack.demo.url,
  options: BrowserContextOptions = {},
): Promise<{ page: Page; errors: string[]; scripts: string[] }> {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options })
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
  await page.goto(url)
  await page.getByTestId('connect-button').first().waitFor()
  return { page, errors, scripts }
}

/** What a kernel request from the page gave: its output, or the error as plain data. */
export type Outcome<T> = { ok: T } | { error: { name: string; message: string; code?: unknown } }

/** Runs `foyer.kernel.request(name, input)` in the page. */
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

/** Waits until the modal's view has loaded, its images have decoded and its opening animation has ended. */
export async function settleModal(page: Page): Promise<void> {
  // The sheet rises from below and grows with its content; spinners run forever and are left out.
  await page.getByTestId('foyer-loading').waitFor({ state: 'detached', timeout: 15_000 })
  await page.evaluate(async () => {
    const roots = [document, ...[...document.querySelectorAll('*')].flatMap((e) => e.shadowRoot ?? [])]
    const settled = (p: Promise<unknown>) =>
      Promise.race([p.catch(() => undefined), new Promise((r) => setTimeout(r, 1000))])
    // First the animations, so an image is judged on or off the screen where it comes to rest.
    const finite = roots.flatMap((r) => r.getAnimations()).filter((a) => a.effect?.getTiming().iterations !== Infinity)
    await Promise.all(finite.map((a) => settled(a.finished)))
    // A lazy image off the screen (or scrolled out of its list) does not load until scrolled to, and is sized, so it
    // moves nothing: it is not waited for. Every other image is waited for, each at most a second.
    const onScreen = (i: HTMLImageElement) =>
      new Promise<boolean>((resolve) => {
        const o = new IntersectionObserver(([e]) => {
          o.disconnect()
          resolve(e.isIntersecting)
        })
        o.observe(i)
        setTimeout(() => resolve(true), 1000) // no frame rendered: wait for it as before
      })
    const all = roots.flatMap((r) => [...r.querySelectorAll('img')])
    const waited = await Promise.all(all.map((i) => i.complete || i.loading !== 'lazy' || onScreen(i)))
    const images = all.filter((_, n) => waited[n])
    await Promise.all(images.map((i) => settled(i.decode())))
  })
}

/** The embedded wallet's secure frame, laid over the modal's view. */
export const WALLET_FRAME = 'iframe[data-testid="foyer-wallet-frame"]'

/** What the secure frame shows, for a failure message: the first clue when a request or login never ends. */
export function frameText(page: Page, frame = WALLET_FRAME): Promise<string> {
  return page
    .frameLocator(frame)
    .locator('body')
    .innerText({ timeout: 2_000 })
    .catch((e: Error) => `(unread: ${e.message})`)
}

/**
 * Clicks `testId` in the secure frame once the frame is at rest on the page. The frame follows its view each animation
 * frame while the modal rises or grows, and Playwright judges a button inside it "stable" by the frame's own layout,
 * which does not move: a click aimed while the modal still animates lands where the button was. A visitor clicks a
 * button that has stopped; so does this. Answers how many animation frames the frame was still moving.
 */
export async function clickInFrame(page: Page, testId: string, frame = WALLET_FRAME): Promise<number> {
  const button = page.frameLocator(frame).getByTestId(testId)
  await button.waitFor()
  const moving = await page.evaluate(
    (selector) =>
      new Promise<number>((resolve) => {
        let last = ''
        let still = 0
        let frames = 0
        const started = performance.now()
        const look = () => {
          const el = document.querySelector(selector)
          const r = el?.getBoundingClientRect()
          const key = r ? `${r.left}|${r.top}|${r.width}|${r.height}` : ''
          still = key === last ? still + 1 : 0
          last = key
          frames++
          // three frames in the same place, or five seconds (a page that never stops is the test's to find)
          if (still >= 3 || performance.now() - started > 5_000) resolve(frames - still - 1)
          else requestAnimationFrame(look)
        }
        look()
      }),
    frame,
  )
  await button.click()
  return moving
}

/** Registers `name` for `key`'s EVM address straight through the API, as its owner would; resolves the status. */
export async function registerNameWithKey(apiUrl: string, name: string, key: `0x${string}`): Promise<number> {
  const owner = privateKeyToAccount(key)
  const message = JSON.stringify({ name, attributes: {}, coinType: 60, timestamp: Math.floor(Date.now() / 1000) })
  const res = await fetch(`${apiUrl}/v1/names`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      coinType: 60,
      address: owner.address,
      message,
      signature: await owner.signMessage({ message }),
    }),
  })
  return res.status
}

/** The newest one-time code the local mailbox (at `mailboxUrl`) holds for `email`, after message id `after`. */
export async function mailedCode(mailboxUrl: string, email: string, after = 0): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${mailboxUrl}/api/messages?to=${encodeURIComponent(email)}`)
    const { messages } = (await res.json()) as { messages: Array<{ id: number; subject: string }> }
    const m = messages.filter((x) => x.id > after).at(-1)
    const code = m && /\b(\d{6})\b/.exec(m.subject)?.[1]
    if (code) return code
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no code mailed to ${email}`)
}

/** Logs in on the Connect view's email entry with the code the local mailbox received; waits for the login to end. */
export async function emailLogin(page: Page, mailboxUrl: string, email: string): Promise<void> {
  await page.getByTestId('connect-button').first().click()
  await page.getByTestId('connect-email-button').click()
  await page.getByTestId('email-input').fill(email)
  await page.getByTestId('email-submit').click()
  await page.getByTestId('otp-input').fill(await mailedCode(mailboxUrl, email))
  await page.getByTestId('foyer-view-EmailLogin').waitFor({ state: 'detached' })
}
