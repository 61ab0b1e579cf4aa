// Buying crypto in Chromium against the project's stack: the Account "Buy" action, limits refused before any quote
// (card 9.99 and 7,500.01; bank 25,000.00 allowed), a 50 USD quote with the provider's fee, the local provider's
// checkout page opened with the SPEC §7 parameters and paid with the test card, and the wallet's USDC on anvil
// rising by exactly the quoted amount while the modal follows the order to the new balance, which the Account's Tokens
// tab then shows too (refreshed by the `tokens/balancesChanged` event, not by a reload); the host page toasts the
// purchase and Activity lists it as a "Buy". Every field of the form is labelled; the checkout names the network.
import { describe, expect, it } from 'vitest'
import { createPublicClient, erc20Abi, http, parseUnits, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { installTestWallet, TestWalletRdns } from '../../testing.js'
import { TEST_CARD } from '../../server/onramp/checkout.js'
import { browserFixture } from './fixture.js'
import { openDemo } from './pages.js'

// USDC base units (6 decimals) as the Tokens tab shows them: 3 decimals, cut, by bigint division only
// a USDC balance as the modal shows it: 3 decimals, truncated, grouped (the test browser's locale is en-US)
const cut3 = (units: bigint) =>
  `${(units / 10n ** 6n).toLocaleString('en-US')}.${((units % 10n ** 6n) / 1000n).toString().padStart(3, '0')}`

const KEY = '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6' as const
const ADDRESS = privateKeyToAccount(KEY).address
const stack = browserFixture({
  services: ['api', 'chains', 'indexer', 'onramp'],
  chains: [1],
  fund: [ADDRESS],
  config: { onrampPort: 0 },
  demo: { devWallet: false },
})

describe('on-ramp', () => {
  it('buys 50 USD of USDC with the local provider: exactly the quoted amount arrives on chain', async () => {
    const chain = stack.services.need('chains').chains[0]
    const usdc = chain.tokens.find((t) => t.symbol === 'USDC')!.address as Address
    const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) })
    const balance = () =>
      client.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [ADDRESS] })
    const { page, errors } = await openDemo(stack, (p) =>
      installTestWallet(p, { privateKey: KEY, chains: [{ chainId: 1, rpcUrl: chain.rpcUrl }] }).then(() => undefined),
    )
    await page.getByTestId('connect-button').first().click()
    // the legal footer speaks to a visitor about to connect (SPEC's legal footer on Connect)
    await page.getByTestId('foyer-footer-legal').waitFor()
    expect(await page.getByText('By connecting your wallet').count()).toBe(1)
    await page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
    await page.getByTestId('account-button').first().click()
    // the Tokens tab shows the balance before the purchase (and keeps it cached for 30 s)
    const before = await balance()
    const usdcRow = () => page.getByTestId('token-item-USDC').textContent()
    await page.getByTestId('account-tab-tokens').click()
    await expect.poll(usdcRow).toContain(`${cut3(before)} USDC`)
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true))
    // SPEC §9 wallet feature order on Account: onramp, swaps, receive, send
    const actions = await page
      .locator('[data-testid^="account-action-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.replace('account-action-', '')))
    expect(actions.filter((a) => ['onramp', 'swaps', 'receive', 'send'].includes(a))).toEqual([
      'onramp',
      'swaps',
      'receive',
      'send',
    ])
    await page.getByTestId('account-action-onramp').click()
    await page.getByTestId('foyer-view-OnRampProviders').waitFor()
    // SPEC §2: the on-ramp views carry the legal footer (its branding line once the visitor is connected)
    await page.getByTestId('foyer-footer-legal').waitFor()
    await expect.poll(() => page.getByTestId('onramp-token-button').textContent()).toBe('USDC')
    // every field has a label the visitor sees and a screen reader says; no "By connecting…" to a connected visitor
    for (const [label, testId] of [
      ['Token to buy', 'onramp-token-button'],
      ['Pay in', 'onramp-fiat-button'],
      ['Amount', 'onramp-amount-input'],
    ]) {
      expect(await page.getByLabel(label).count(), label).toBe(1)
      expect(await page.getByLabel(label).getAttribute('data-testid')).toBe(testId)
      expect(await page.getByText(label, { exact: true }).isVisible(), label).toBe(true)
    }
    const methods = page.getByRole('radiogroup', { name: 'Payment method' })
    expect(await methods.getByRole('radio', { name: 'Card' }).getAttribute('aria-checked')).toBe('true')
    expect(await methods.getByRole('radio', { name: 'Bank' }).getAttribute('aria-checked')).toBe('false')
    expect(await page.getByText('Payment method', { exact: true }).isVisible()).toBe(true)
    expect(await page.getByText('By connecting your wallet').count()).toBe(0)

    // token and fiat views
    await page.getByTestId('onramp-token-button').click()
    await page.getByTestId('foyer-view-OnRampTokenSelect').waitFor()
    expect(await page.getByText('By connecting your wallet').count()).toBe(0)
    await page.getByTestId('foyer-footer-legal').waitFor()
    await page.getByTestId('onramp-token-USDC').click()
    await page.getByTestId('foyer-view-OnRampProviders').waitFor()
    await page.getByTestId('onramp-fiat-button').click()
    await page.getByTestId('foyer-view-OnRampFiatSelect').waitFor()
    await page.getByTestId('foyer-footer-legal').waitFor()
    await page.getByTestId('onramp-fiat-USD').click()
    await page.getByTestId('foyer-view-OnRampProviders').waitFor()

    // limits are enforced before any quote
    const quotes: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/v1/onramp/quotes')) quotes.push(r.postData() ?? '')
    })
    const input = page.getByTestId('onramp-amount-input')
    for (const amount of ['9.99', '7500.01']) {
      await input.fill(amount)
      await expect
        .poll(() => page.getByTestId('onramp-limit-error').textContent())
        .toBe('Amount must be between 10.00 and 7,500.00 USD by card')
    }
    expect(quotes).toEqual([])
    await expect.poll(() => page.getByTestId('onramp-limits').textContent()).toBe('10.00 – 7,500.00 USD by card')
    await page.getByTestId('onramp-method-bank').click()
    await input.fill('25000.00')
    await expect.poll(() => page.getByTestId('onramp-quote').getAttribute('data-amount')).toBe('24625')
    await expect(page.getByTestId('onramp-limit-error').count()).resolves.toBe(0)
    await page.getByTestId('onramp-method-card').click()

    // 50 USD by card: 1.5 % fee → 49.25 USDC
    await input.fill('50')
    await expect.poll(() => page.getByTestId('onramp-quote').getAttribute('data-amount')).toBe('49.25')
    expect(await page.getByTestId('onramp-quote').textContent()).toContain('fee 0.75 USD')
    expect(await page.getByTestId('onramp-provider-local').textContent()).toContain('Fee 1.5 %')

    const [checkout] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByTestId('onramp-provider-local').click(),
    ])
    await checkout.waitForLoadState()
    const url = new URL(checkout.url())
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      publicKey: 'foyer-local-onramp',
      destinationCurrencyCode: 'USDC',
      walletAddress: ADDRESS,
    })
    expect(url.searchParams.get('externalCustomerId')).toMatch(/^[0-9a-f-]{36}$/)
    expect(await checkout.getByTestId('checkout-receive').textContent()).toBe('49.25 USDC')
    // the network by its name, not its CAIP-2 id
    expect(await checkout.locator('dl').textContent()).toContain('NetworkEthereum')
    expect(await checkout.locator('body').textContent()).not.toContain('eip155:1')
    await expect.poll(() => page.getByTestId('onramp-status').getAttribute('data-status')).toBe('pending')
    await checkout.getByTestId('checkout-card').fill(TEST_CARD)
    await checkout.getByTestId('checkout-expiry').fill('12/40')
    await checkout.getByTestId('checkout-cvc').fill('123')
    await checkout.getByTestId('checkout-submit').click()
    await expect.poll(() => checkout.getByTestId('checkout-status').getAttribute('data-status')).toBe('completed')

    await expect
      .poll(() => page.getByTestId('onramp-status').getAttribute('data-status'), { timeout: 20_000 })
      .toBe('completed')
    expect(await balance()).toBe(before + parseUnits('49.25', 6))
    const shown = cut3(before + parseUnits('49.25', 6))
    await expect.poll(() => page.getByTestId('onramp-balance').textContent()).toBe(`New balance: ${shown} USDC`)

    // back in the Account (no reload, no reopening): the Tokens tab shows the new balance, refreshed by the event
    await page.getByTestId('foyer-header-back').click()
    await page.getByTestId('account-tab-tokens').click()
    await expect.poll(usdcRow).toContain(`${cut3(before + parseUnits('49.25', 6))} USDC`)
    expect(cut3(before + parseUnits('49.25', 6))).not.toBe(cut3(before))
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)

    // the host page toasted the purchase; Activity calls it a purchase, read from the chain (the provider's delivery)
    await expect.poll(() => page.getByTestId('demo-toast').getAttribute('data-status')).toBe('success')
    expect(await page.getByTestId('demo-toast').textContent()).toMatch(
      /^Bought 49\.25 USDC · 0x[0-9a-f]{4}…[0-9a-f]{4}/,
    )
    const bought = page.locator('[data-testid^="activity-item-"]', { hasText: 'Buy' })
    await expect
      .poll(
        async () => {
          // the list loads on each opening of the modal (cached 15 s); the indexer follows the chain
          await page.keyboard.press('Escape')
          await page
            .getByTestId('foyer-modal')
            .waitFor({ state: 'detached' })
            .catch(() => undefined)
          await page.getByTestId('account-button').first().click()
          await page.getByTestId('account-tab-activity').click()
          await page.locator('[data-testid="activity-amount"], [data-testid="activity-empty"]').first().waitFor()
          return bought.count()
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(1)
    expect(await bought.getByTestId('activity-amount').textContent()).toBe('+49.250 USDC')
    expect(errors).toEqual([])
  }, 240_000)
})
