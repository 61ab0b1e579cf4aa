// axe (WCAG 2.0–2.2 A/AA and best practice, color-contrast included) on the views a visitor reaches, disconnected and
// connected (the in-page dev wallet on anvil), in both themes on a phone (390×844): zero serious or critical
// findings, and every button and link at least 24 × 24 px (WCAG 2.5.8). a11y-desktop.test.ts does the same on a desktop.
import { describe, expect, it } from 'vitest'
import { ConnectedViews, DisconnectedViews, walkViews } from './a11y.js'
import { browserFixture } from './fixture.js'

const stack = browserFixture({ services: ['api', 'relay', 'chains'], chains: [1], fund: [] })

describe('accessibility on a phone (390×844)', () => {
  for (const theme of ['light', 'dark'] as const)
    it(`${theme} theme: axe finds nothing serious or critical in any view, and every target is at least 24 × 24 px`, async () => {
      // Reduced motion: each view is checked as it rests, without waiting out its entrance.
      const context = await stack.browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        reducedMotion: 'reduce',
      })
      const page = await context.newPage()
      await page.goto(stack.demo.url)
      await page.getByTestId('connect-button').first().waitFor()
      await page.evaluate((t) => window.foyer.setThemeMode(t), theme)

      const before = await walkViews(page, DisconnectedViews)
      await page.getByTestId('connect-button').first().click()
      await page.getByTestId('wallet-selector-dev.foyer.wallet').click()
      await page.getByTestId('account-button').first().waitFor()
      const after = await walkViews(page, ConnectedViews)

      expect(before.checked).toEqual(DisconnectedViews)
      expect(after.checked).toEqual(ConnectedViews)
      expect([...before.findings, ...after.findings]).toEqual([])
      await context.close()
    }, 300_000)
})
