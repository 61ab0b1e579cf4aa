// The demo and every view the demo can open, on a phone (390×844, touch, mobile viewport): nothing overflows sideways
// and the modal's bottom sheet sits wholly on screen, before and after connecting the in-page dev wallet.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { browserFixture } from './fixture.js'
import { settleModal } from './pages.js'

const stack = browserFixture({ services: ['api', 'relay', 'chains'], chains: [1, 8453], fund: [] })
const PHONE = { width: 390, height: 844 }

/** What a phone visitor would mind on the current page: sideways scroll, and a sheet reaching past the screen. */
const layout = (page: Page) =>
  page.evaluate(() => {
    const roots = [document, ...[...document.querySelectorAll('*')].flatMap((e) => e.shadowRoot ?? [])]
    const sheet = roots
      .map((r) => r.querySelector('[data-testid="foyer-modal"]'))
      .find(Boolean)
      ?.getBoundingClientRect()
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      innerHeight: window.innerHeight,
      sheet: sheet ? { left: sheet.left, right: sheet.right, top: sheet.top, bottom: sheet.bottom } : null,
    }
  })

const openPhone = async () => {
  const context = await stack.browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto(stack.demo.url)
  await page.getByTestId('connect-button').first().waitFor()
  return { page, errors }
}

/** Opens each view of the demo's launcher in turn; returns the views that overflow or push the sheet off screen. */
async function checkEveryView(
  page: Page,
): Promise<{ checked: string[]; bad: Array<{ view: string; issue: unknown }> }> {
  const ids = await page.evaluate(() => window.foyer.kernel.viewIds().sort())
  const checked: string[] = []
  const bad: Array<{ view: string; issue: unknown }> = []
  for (const view of ids) {
    const opened = await page.evaluate(async (v) => {
      try {
        await window.foyer.open({ view: v })
        return true
      } catch {
        return false // a view that needs context the launcher cannot give (the demo alerts); nothing rendered
      }
    }, view)
    if (opened) {
      await page.getByTestId('foyer-modal').waitFor()
      await settleModal(page)
      const l = await layout(page)
      checked.push(view)
      const s = l.sheet
      if (
        l.scrollWidth > l.innerWidth ||
        !s ||
        s.left < 0 ||
        s.right > l.innerWidth + 0.5 ||
        s.top < 0 ||
        s.bottom > l.innerHeight + 0.5
      )
        bad.push({ view, issue: l })
    }
    await page.evaluate(() => window.foyer.close())
  }
  return { checked, bad }
}

describe('on a phone (390×844)', () => {
  it('the demo page and every view it can open fit the screen, disconnected and connected', async () => {
    const { page, errors } = await openPhone()
    const page0 = await layout(page)
    expect(page0.scrollWidth).toBeLessThanOrEqual(page0.innerWidth)

    const before = await checkEveryView(page)
    expect(before.bad).toEqual([])
    expect(before.checked).toEqual(expect.arrayContaining(['Connect', 'AllWallets', 'Networks', 'WhatIsAWallet']))

    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('wallet-selector-dev.foyer.wallet').click()
    await page.getByTestId('account-button').first().waitFor()
    const connectedPage = await layout(page)
    expect(connectedPage.scrollWidth).toBeLessThanOrEqual(connectedPage.innerWidth)
    // The event log, now full of rows (one opened to its payload), wraps rather than scrolling sideways.
    await page.locator('.event-row').first().click()
    const log = await page.getByTestId('event-log').evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }))
    expect(log.scroll).toBeLessThanOrEqual(log.client)

    const after = await checkEveryView(page)
    expect(after.bad).toEqual([])
    expect(after.checked).toEqual(expect.arrayContaining(['Account', 'Networks']))

    // The narrowest and widest common phones: the page and the Account sheet still fit.
    for (const width of [360, 430]) {
      await page.setViewportSize({ width, height: 800 })
      await page.evaluate(() => window.foyer.open({ view: 'Account' }))
      await page.getByTestId('foyer-view-Account').waitFor()
      await settleModal(page)
      const l = await layout(page)
      expect([l.scrollWidth, l.sheet?.left, l.sheet?.right]).toEqual([width, 0, width])
      await page.evaluate(() => window.foyer.close())
    }
    expect(errors).toEqual([])
    await page.context().close()
  }, 240_000)
})
