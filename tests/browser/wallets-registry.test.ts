// The wallet registry as a person browses it: AllWallets from Connect, real pages from the project's API
// (in-memory PGlite store, 540 seeded wallets), infinite scroll and search.
import { describe, expect, it } from 'vitest'
import { browserFixture } from './fixture.js'

const stack = browserFixture({ services: ['api'] })

type Page = { count: number; data: Array<{ id: string; name: string }> }
const registry = async (params: string): Promise<Page> =>
  (await fetch(`${stack.services.need('api').url}/v1/wallets?${params}`)).json() as Promise<Page>

describe('wallet registry (AllWallets)', () => {
  it('shows the server registry, loads more on scroll, and narrows on search', async () => {
    const page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } })
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    const walletRequests: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/v1/wallets?')) walletRequests.push(r.url())
    })
    await page.goto(stack.demo.url)
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('foyer-view-Connect').waitFor()
    expect(walletRequests).toEqual([])
    await page.getByTestId('all-wallets-button').click()
    await page.getByTestId('foyer-view-AllWallets').waitFor()

    const first = await registry('page=1&entries=40')
    expect(first.count).toBeGreaterThanOrEqual(500)
    const rows = page.locator('[data-testid^="wallet-selector-"]')
    await page.getByTestId(`wallet-selector-${first.data[39].id}`).waitFor()
    expect(await rows.count()).toBe(40)
    expect(await rows.first().getAttribute('data-testid')).toBe(`wallet-selector-${first.data[0].id}`)
    await expect(rows.first().textContent()).resolves.toBe(first.data[0].name)
    expect(await rows.first().locator('img').getAttribute('src')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/v1\/wallets\/[0-9a-f]{64}\/image$/,
    )

    // Infinite scroll: bringing the end of the list into view loads the next page of 40.
    const second = await registry('page=2&entries=40')
    await page.getByTestId('all-wallets-sentinel').scrollIntoViewIfNeeded()
    await page.getByTestId(`wallet-selector-${second.data[39].id}`).waitFor()
    expect(await rows.count()).toBe(80)

    // Search (debounced): the list narrows to what the server finds.
    const term = first.data[3].name.split(' ')[0]
    const found = await registry(`page=1&entries=40&search=${encodeURIComponent(term)}`)
    expect(found.count).toBeLessThan(first.count)
    await page.getByTestId('wallet-search').fill(term)
    await page.waitForFunction(
      (n) => {
        const root = document.querySelector('foyer-modal')?.shadowRoot
        return root?.querySelectorAll('[data-testid^="wallet-selector-"]').length === n
      },
      Math.min(found.count, 40),
    )
    const shown = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))
    expect(shown).toEqual(found.data.map((w) => `wallet-selector-${w.id}`))
    expect(walletRequests.filter((u) => u.includes('search=')).length).toBe(1)

    await page.getByTestId('wallet-search').fill('no-such-wallet-zzz')
    await page.getByTestId('all-wallets-empty').waitFor()
    expect(errors).toEqual([])
    await page.close()
  })
})
