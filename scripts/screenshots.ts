// `npm run screenshots`: the views a visitor meets, at 1280×900 and on a phone (390×844), in the dark and light
// themes, saved as docs/screenshots/<viewport>-<theme>-<n>-<view>.png. It runs the same stack and demo as the browser
// tests (tests/browser/fixture.ts: API, relay, two anvil chains, the built demo), with the in-page dev wallet and a test
// wallet that refuses once. Not part of `npm test`: run it after a UI change and look at the pictures.
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContextOptions, Page } from 'playwright-core'
import { installTestWallet, TestWalletRdns } from '../testing.js'
import { startFixture } from '../tests/browser/fixture.js'
import { settleModal } from '../tests/browser/pages.js'

const OUT = 'docs/screenshots'
// Anvil's well-known first dev key (public; it only ever holds local test ether).
const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const VIEWPORTS: Record<string, BrowserContextOptions> = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
}

const stack = await startFixture({ services: ['api', 'relay', 'chains'], chains: [1, 8453] })
const chains = stack.services.need('chains').chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl }))

const openView = async (page: Page, view: string) => {
  await page.evaluate(() => window.foyer.close())
  await page.evaluate((v) => window.foyer.open({ view: v }), view)
  await page.getByTestId(`foyer-view-${view}`).waitFor()
}

async function shoot(viewport: string, theme: 'dark' | 'light'): Promise<string[]> {
  const context = await stack.browser.newContext({ ...VIEWPORTS[viewport], colorScheme: theme })
  // tsx (which runs this script) wraps named functions in a `__name` helper, also those the test wallet sends into
  // the page; give the page that helper (vitest's transform does not add it, so the tests need none).
  await context.addInitScript({ content: 'globalThis.__name = (f) => f' })
  const page = await context.newPage()
  const wallet = await installTestWallet(page, { privateKey: KEY, chains })
  await page.goto(stack.demo.url)
  await page.getByTestId('connect-button').first().waitFor()
  if (theme === 'light') await page.getByTestId('theme-toggle').click()
  const saved: string[] = []
  let n = 0
  const snap = async (name: string) => {
    await settleModal(page)
    const file = join(OUT, `${viewport}-${theme}-${++n}-${name}.png`)
    await page.screenshot({ path: file })
    saved.push(file)
  }

  await page.getByTestId('connect-button').first().click()
  await page.getByTestId('foyer-view-Connect').waitFor()
  await snap('connect')

  await openView(page, 'AllWallets')
  await page.getByTestId('all-wallets-list').locator('button').first().waitFor()
  await snap('all-wallets')

  // A registry wallet that is not installed here (MetaMask, from the shipped registry).
  await page.getByTestId('wallet-search').fill('MetaMask')
  await page.getByTestId('all-wallets-list').getByText('MetaMask', { exact: true }).first().click()
  // Its install links at once, then the QR code for its phone app from the project's relay.
  await page.getByTestId('wallet-not-installed').waitFor()
  await page.getByTestId('qr-code').waitFor()
  await snap('not-installed')

  // The test wallet refuses the connection (EIP-1193 4001).
  wallet.rejectNext()
  await openView(page, 'Connect')
  await page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
  // The refusal stays on the connecting screen, as an error with "Try again".
  await page.getByTestId('connecting-retry').waitFor()
  await snap('rejected')

  await openView(page, 'Connect')
  await page.getByTestId('wallet-selector-dev.foyer.wallet').click()
  await page.getByTestId('account-button').first().waitFor()
  await openView(page, 'Account')
  await page.getByTestId('foyer-view-Account').getByText(/ETH/).first().waitFor()
  await snap('account')

  await openView(page, 'Networks')
  await snap('networks')
  await context.close()
  return saved
}

try {
  rmSync(OUT, { recursive: true, force: true })
  mkdirSync(OUT, { recursive: true })
  for (const viewport of Object.keys(VIEWPORTS))
    for (const theme of ['dark', 'light'] as const)
      console.log(`screenshots: ${(await shoot(viewport, theme)).length} ${viewport} ${theme}`)
  const files = readdirSync(OUT)
  const kib = files.reduce((sum, f) => sum + statSync(join(OUT, f)).size, 0) / 1024
  console.log(`screenshots: ${files.length} PNGs, ${kib.toFixed(0)} KiB in ${OUT}`)
} catch (error) {
  console.error(`screenshots: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
} finally {
  await stack.close()
}
