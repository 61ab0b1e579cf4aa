// The wallet registry as a person meets it, against the project's API: AllWallets lists exactly the shipped wallets
// (compared with server/registry/data/wallets.json), icons come from our own API, featured wallets appear on Connect in
// SPEC §9 order, include/exclude ids are honoured, and a wallet announced twice (EIP-6963) is one row. Big-list
// behaviour (scrolling past 500 entries, search) runs on a second API serving a test fixture, never product data.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { startApi, type RunningApi } from '../../server/api/server.js'
import { openTestStore } from '../../server/api/testing/store.js'
import { fixtureRegistry } from '../../server/registry/fixture.js'
import type { RegistryWallet } from '../../server/registry/types.js'
import type { Store } from '../../server/store/store.js'
import { browserFixture } from './fixture.js'

const shipped = (JSON.parse(readFileSync('server/registry/data/wallets.json', 'utf8')) as { wallets: RegistryWallet[] })
  .wallets
const byName = (name: string) => shipped.find((w) => w.name === name)!
const fixture = fixtureRegistry(520)

const stack = browserFixture({ services: ['api'], demo: { devWallet: false } })
const api = () => stack.services.need('api')
// A second API serving the test fixture (big-list behaviour), on a store from the migrated template.
let fixtureStore: Store
let fixtureApi: RunningApi
beforeAll(async () => {
  fixtureStore = await openTestStore()
  fixtureApi = await startApi({ store: fixtureStore, registry: fixture, config: { dataDir: 'memory://' } })
})
afterAll(async () => {
  await fixtureApi?.close()
  await fixtureStore?.close()
})

async function open(inject: Record<string, unknown>, before?: (page: Page) => Promise<void>) {
  const demo = await stack.startDemo(inject)
  const page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors: string[] = []
  const walletRequests: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('request', (r) => {
    if (r.url().includes('/v1/wallets?')) walletRequests.push(r.url())
  })
  await before?.(page)
  await page.goto(demo.url)
  await page.getByTestId('connect-button').first().waitFor()
  return { page, errors, walletRequests }
}

const shown = (page: Page, scope = 'all-wallets-list') =>
  page
    .getByTestId(scope)
    .locator('[data-testid^="wallet-selector-"]')
    .evaluateAll((els) =>
      els.map((e) => [e.getAttribute('data-testid')!.slice('wallet-selector-'.length), e.textContent]),
    )

// Scrolls the list's end into view the way a visitor's scrolling does (no waiting for the layout to settle first).
const toEnd = (page: Page) => page.getByTestId('all-wallets-sentinel').evaluate((el) => el.scrollIntoView())

const countIs = (page: Page, n: number) =>
  page.waitForFunction((count) => {
    const root = document.querySelector('foyer-modal')?.shadowRoot
    return root?.querySelectorAll('[data-testid="all-wallets-list"] [data-testid^="wallet-selector-"]').length === count
  }, n)

describe('wallet registry (AllWallets and Connect)', () => {
  it('AllWallets lists the shipped wallets in order, with icons from our API; search narrows to what the data holds', async () => {
    const { page, errors, walletRequests } = await open({})
    expect(walletRequests).toEqual([])
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('all-wallets-button').click()
    await countIs(page, 40)
    expect(await shown(page)).toEqual(shipped.slice(0, 40).map((w) => [w.id, w.name]))
    await toEnd(page)
    await countIs(page, 80)
    expect(await shown(page)).toEqual(shipped.slice(0, 80).map((w) => [w.id, w.name]))
    expect(await page.getByTestId('all-wallets-list').getAttribute('data-count')).toBe(String(shipped.length))

    // Icons are the shipped ones, served by the project's API (no image host).
    const metamask = byName('MetaMask')
    const icon = page.getByTestId(`wallet-selector-${metamask.id}`).locator('img')
    expect(await icon.getAttribute('src')).toBe(`${api().url}/v1/wallets/${metamask.id}/image`)
    await page.waitForFunction(
      (id) =>
        (
          document
            .querySelector('foyer-modal')
            ?.shadowRoot?.querySelector(`[data-testid="wallet-selector-${id}"] img`) as HTMLImageElement | null
        )?.naturalWidth === 128,
      metamask.id,
    )

    await page.getByTestId('wallet-search').fill('trust')
    const expected = shipped.filter((w) => w.name.toLowerCase().includes('trust'))
    await countIs(page, expected.length)
    expect(await shown(page)).toEqual(expected.map((w) => [w.id, w.name]))
    await page.getByTestId('wallet-search').fill('no-such-wallet-zzz')
    await page.getByTestId('all-wallets-empty').waitFor()
    expect(errors).toEqual([])
    await page.close()
  })

  it('Connect shows featured wallets in SPEC order after the installed one, merges a double announcement, honours exclude', async () => {
    const featured = [byName('Rainbow'), byName('Zerion'), byName('MetaMask')]
    const excluded = byName('Trust Wallet')
    const { page, errors, walletRequests } = await open(
      {
        options: { featuredWalletIds: featured.map((w) => w.id), excludeWalletIds: [excluded.id] },
      },
      // Two EIP-6963 announcements of one wallet (one rdns, two uuids), and an installed wallet the host excluded.
      async (p) => {
        await p.addInitScript(
          (rdns: string[]) => {
            const provider = { request: async () => null, on() {}, removeListener() {} }
            const icon = 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E'
            const infos = [
              { uuid: '0b7e0e53-1d4a-4c53-9d3e-3b1f5a2b0001', rdns: rdns[0], name: 'Doubled Wallet', icon },
              { uuid: '0b7e0e53-1d4a-4c53-9d3e-3b1f5a2b0002', rdns: rdns[0], name: 'Doubled Wallet', icon },
              { uuid: '0b7e0e53-1d4a-4c53-9d3e-3b1f5a2b0003', rdns: rdns[1], name: 'Trust Wallet', icon },
            ]
            const announce = () => {
              for (const info of infos)
                window.dispatchEvent(
                  new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
                )
            }
            window.addEventListener('eip6963:requestProvider', announce)
            announce()
          },
          ['test.doubled.wallet', excluded.rdns!],
        )
      },
    )
    expect(walletRequests).toEqual([])
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(`wallet-selector-${featured[2].id}`).waitFor()
    const rows = (await shown(page, 'connect-wallets')).map(([id]) => id)
    // walletConnect, injected (one row for two announcements; the excluded Trust Wallet hidden), featured in the
    // host's order, then the registry's recommended wallets (neither featured nor excluded).
    const recommended = shipped.filter((w) => !featured.includes(w) && w !== excluded).slice(0, 4)
    expect(rows).toEqual([
      'walletConnect',
      'test.doubled.wallet',
      ...featured.map((w) => w.id),
      ...recommended.map((w) => w.id),
    ])
    expect(walletRequests).toHaveLength(2) // the Connect list's page, and the rdns of the excluded ids

    // AllWallets: featured first, the excluded wallet nowhere.
    await page.getByTestId('all-wallets-button').click()
    await countIs(page, 40)
    const all = (await shown(page)).map(([id]) => id)
    expect(all.slice(0, 3)).toEqual(featured.map((w) => w.id))
    expect(all).not.toContain(excluded.id)
    expect(errors).toEqual([])
    await page.close()
  })

  it("a host's own wallet naming a registry wallet (explorerId) stands for it, with the registry image it names (imageId)", async () => {
    const [named, imaged] = [shipped[0], shipped[1]]
    const { page, errors } = await open(
      {
        hostConnectors: [
          { id: 'acme.host', name: 'Acme Wallet', global: 'acmeWallet', explorerId: named.id, imageId: imaged.id },
        ],
      },
      async (p) => {
        await p.addInitScript(() => Object.assign(window, { acmeWallet: { request: async () => null } }))
      },
    )
    await page.getByTestId('connect-button').first().click()
    const row = page.getByTestId('wallet-selector-acme.host')
    await row.waitFor()
    await page.getByTestId(`wallet-selector-${imaged.id}`).waitFor()
    const rows = (await shown(page, 'connect-wallets')).map(([id]) => id)
    // SPEC §9: the external tier, then the recommended wallets, less the one the host's wallet stands for.
    expect(rows.slice(0, 2)).toEqual(['walletConnect', 'acme.host'])
    expect(rows).not.toContain(named.id)
    expect(await row.textContent()).toContain('This site')
    expect(await row.locator('img').getAttribute('src')).toBe(`${api().url}/v1/wallets/${imaged.id}/image`)
    await page.waitForFunction(
      () =>
        (
          document
            .querySelector('foyer-modal')
            ?.shadowRoot?.querySelector('[data-testid="wallet-selector-acme.host"] img') as HTMLImageElement | null
        )?.naturalWidth === 128,
    )
    expect(errors).toEqual([])
    await page.close()
  })

  it('includeWalletIds: only those wallets in Connect and AllWallets', async () => {
    const include = [byName('Zerion'), byName('Rainbow')]
    const { page, errors } = await open({ options: { includeWalletIds: include.map((w) => w.id) } })
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(`wallet-selector-${include[1].id}`).waitFor()
    const inOrder = [...include].sort((a, b) => a.order - b.order)
    expect((await shown(page, 'connect-wallets')).map(([id]) => id)).toEqual([
      'walletConnect',
      ...inOrder.map((w) => w.id),
    ])
    await page.getByTestId('all-wallets-button').click()
    await countIs(page, 2)
    expect(await shown(page)).toEqual(inOrder.map((w) => [w.id, w.name]))
    expect(errors).toEqual([])
    await page.close()
  })

  it('scrolls a 520-wallet list (test fixture) to its end and searches it', async () => {
    const { page, errors } = await open({ apiUrl: fixtureApi.url })
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('all-wallets-button').click()
    await countIs(page, 40)
    // A visitor scrolling to the bottom again and again, each time a page arrives, until the whole list is there.
    await page.waitForFunction(
      (count) => {
        const root = document.querySelector('foyer-modal')?.shadowRoot
        root?.querySelector('[data-testid="all-wallets-sentinel"]')?.scrollIntoView()
        return (
          root?.querySelectorAll('[data-testid="all-wallets-list"] [data-testid^="wallet-selector-"]').length === count
        )
      },
      fixture.wallets.length,
      { polling: 100, timeout: 60_000 },
    )
    expect(await shown(page)).toEqual(fixture.wallets.map((w) => [w.id, w.name]))
    await toEnd(page)
    expect(await page.getByTestId('all-wallets-loading').count()).toBe(0)
    // Off-screen rows skip rendering (content-visibility), so 500+ rows stay cheap to scroll.
    const offscreen = await page
      .getByTestId(`wallet-selector-${fixture.wallets[0].id}`)
      .evaluate((el) => getComputedStyle(el).contentVisibility)
    expect(offscreen).toBe('auto')

    await page.getByTestId('wallet-search').fill('zeta')
    await countIs(page, 40)
    await toEnd(page)
    await countIs(page, 52)
    expect(await shown(page)).toEqual(fixture.wallets.filter((w) => w.name.includes('Zeta')).map((w) => [w.id, w.name]))
    expect(errors).toEqual([])
    await page.close()
  })
})
