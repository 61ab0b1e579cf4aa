// The embedded wallet on Solana in Chromium, with the product's default settings (account types eip155 smartAccount,
// solana eoa): an email login connects the Solana namespace beside the EVM one (SPEC §4: the embedded wallet
// connects its other namespace first), with the Solana address the secure site keeps for that user; on Solana the
// local on-ramp provider delivers SOL and USDC (SPL) to that address, and the visitor sends SOL and USDC from it,
// each approved inside the secure frame. Every balance is read on the local Solana node.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { Connection, Keypair, PublicKey } from '@solana/web3.js'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { TEST_CARD } from '../../server/onramp/checkout.js'
import { LOCAL_SPL_MINT } from '../../server/solana/seed.js'
import { LOCAL_SOLANA_NETWORK } from '../../server/solana/service.js'
import { browserFixture } from './fixture.js'
import { emailLogin, openDemo, WALLET_FRAME } from './pages.js'

const stack = browserFixture({
  services: ['api', 'chains', 'solana', 'secureSite', 'mailbox', 'onramp'],
  chains: [1],
  demo: { devWallet: false },
  config: {
    secureSite: { port: 0, kekFile: 'secure-site.kek', mailbox: { port: 0, smtpPort: 0 } },
    onrampPort: 0,
    // No local pool prices Solana tokens: the operator's table does, and the on-ramp sells at it.
    priceTable: { [`${LOCAL_SOLANA_NETWORK}:native`]: '150', [`${LOCAL_SOLANA_NETWORK}:${LOCAL_SPL_MINT}`]: '1' },
  },
})

const FRAME = WALLET_FRAME
const node = () => new Connection(stack.services.need('solana').url, 'confirmed')
const mailbox = () => stack.services.need('mailbox').url
const state = (page: Page) => page.evaluate(() => window.foyer.getState().account)
const tokenUnits = async (owner: string): Promise<bigint> => {
  const ata = getAssociatedTokenAddressSync(new PublicKey(LOCAL_SPL_MINT), new PublicKey(owner))
  const balance = await node()
    .getTokenAccountBalance(ata)
    .catch(() => undefined)
  return BigInt(balance?.value.amount ?? 0)
}

/** The Solana address the secure site keeps for the user of `email`, read in its store. */
async function storedSolanaAddress(email: string): Promise<string | undefined> {
  const { rows } = await stack.services.need('store').store.query<{ address: string }>(
    `SELECT k.address FROM wallet_keys k JOIN wallet_identities i ON i.user_id = k.user_id
      WHERE i.provider = 'email' AND i.subject = $1 AND k.namespace = 'solana'`,
    [email],
  )
  return rows[0]?.address
}

const lamportsOf = async (owner: string): Promise<bigint> => BigInt(await node().getBalance(new PublicKey(owner)))
/** A decimal amount in base units. */
const units = (amount: string, decimals: number): bigint => {
  const [whole, frac = ''] = amount.split('.')
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0').slice(0, decimals) || '0')
}

/** Buys 50 USD of `symbol` with the local provider's test card; returns the quoted amount the page showed. */
async function buy(page: Page, symbol: 'SOL' | 'USDC', address: string): Promise<string> {
  if (!(await page.getByTestId('foyer-view-Account').count())) await page.getByTestId('account-button').first().click()
  await page.getByTestId('account-action-onramp').click()
  await page.getByTestId('foyer-view-OnRampProviders').waitFor()
  // SPEC §7/§9: SOL is the default purchase on Solana
  await expect.poll(() => page.getByTestId('onramp-token-button').textContent()).toBe('SOL')
  if (symbol !== 'SOL') {
    await page.getByTestId('onramp-token-button').click()
    await page.getByTestId(`onramp-token-${symbol}`).click()
    await page.getByTestId('foyer-view-OnRampProviders').waitFor()
  }
  await page.getByTestId('onramp-amount-input').fill('50')
  await expect.poll(() => page.getByTestId('onramp-quote').getAttribute('data-amount')).toMatch(/^\d+(\.\d+)?$/)
  const quoted = (await page.getByTestId('onramp-quote').getAttribute('data-amount'))!
  const [checkout] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByTestId('onramp-provider-local').click(),
  ])
  await checkout.waitForLoadState()
  const url = new URL(checkout.url())
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    destinationCurrencyCode: symbol,
    walletAddress: address,
  })
  await checkout.getByTestId('checkout-card').fill(TEST_CARD)
  await checkout.getByTestId('checkout-expiry').fill('12/40')
  await checkout.getByTestId('checkout-cvc').fill('123')
  await checkout.getByTestId('checkout-submit').click()
  await expect
    .poll(() => page.getByTestId('onramp-status').getAttribute('data-status'), { timeout: 30_000 })
    .toBe('completed')
  await checkout.close()
  await page.getByTestId('foyer-header-back').click()
  await page.getByTestId('foyer-view-Account').waitFor()
  return quoted
}

/** Sends from the Send view; the visitor approves inside the secure frame. */
async function send(page: Page, symbol: string, amount: string, to: string): Promise<void> {
  if (!(await page.getByTestId('foyer-view-WalletSend').count())) {
    if (!(await page.getByTestId('foyer-view-Account').count()))
      await page.getByTestId('account-button').first().click()
    await page.getByTestId('account-action-send').click()
    await page.getByTestId('foyer-view-WalletSend').waitFor()
  }
  await page.getByTestId('send-token-select').click()
  await page.getByTestId(`send-token-item-${symbol}`).click()
  await page.getByTestId('send-amount-input').fill(amount)
  await page.getByTestId('send-address-input').fill(to)
  await page.getByTestId('send-preview-button').click()
  await page.getByTestId('send-confirm-button').click()
  await page.getByTestId('foyer-view-ApproveTransaction').waitFor()
  // The frame may still show the previous approval for a moment (a click there approves nothing): click until the
  // request waits no more.
  const waiting = () =>
    page.evaluate(() => (window.foyer.getState() as unknown as { auth?: { pendingApprovals?: number } }).auth)
  await expect
    .poll(
      async () => {
        if (((await waiting())?.pendingApprovals ?? 0) > 0)
          await page
            .frameLocator(FRAME)
            .getByTestId('approve-button')
            .click({ timeout: 5_000 })
            .catch(() => undefined)
        return (await waiting())?.pendingApprovals ?? 0
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe(0)
  // the outcome as the send request recorded it (SPEC §4: after an approval without a transaction stack the modal
  // closes, so the Send view's success or error is not on screen any more)
  const outcome = () =>
    page.evaluate(() => {
      const send = (window.foyer.getState() as unknown as { send?: { error?: string; success?: { hash: string } } })
        .send
      return send?.success ? `sent ${send.success.hash}` : (send?.error ?? '')
    })
  await expect.poll(outcome, { timeout: 60_000 }).not.toBe('')
  expect(await outcome(), `sending ${amount} ${symbol}`).toMatch(/^sent [1-9A-HJ-NP-Za-km-z]{64,88}$/)
}

describe('embedded wallet on Solana', () => {
  it('connects its Solana account with an email login, receives SOL and USDC from the on-ramp, sends both', async () => {
    const email = 'sol@example.com'
    const { page, errors } = await openDemo(stack)
    await emailLogin(page, mailbox(), email)
    // SPEC §4: the embedded wallet connects its other namespace (Solana) beside the active one (EVM).
    await expect.poll(async () => (await state(page)).namespaces.solana?.status).toBe('connected')
    const account = await state(page)
    expect(account.activeNamespace).toBe('eip155')
    expect(account.namespaces.eip155?.status).toBe('connected')
    const [ns, ref, address] = account.namespaces.solana!.caipAddress!.split(':')
    expect(`${ns}:${ref}`).toBe(LOCAL_SOLANA_NETWORK)
    expect(address).toBe(await storedSolanaAddress(email))

    // Switching to Solana keeps the same embedded connection, now active.
    await page.getByTestId('account-button').first().click()
    await page.getByTestId('account-network-button').click()
    await page.getByTestId(`network-item-${LOCAL_SOLANA_NETWORK}`).click()
    await expect.poll(async () => (await state(page)).activeNamespace).toBe('solana')
    expect((await state(page)).namespaces.solana?.caipAddress).toBe(`${LOCAL_SOLANA_NETWORK}:${address}`)
    await page.getByTestId('foyer-view-Account').waitFor()

    // The on-ramp delivers to the embedded Solana account: exactly the quoted amounts arrive on the node.
    expect([await lamportsOf(address), await tokenUnits(address)]).toEqual([0n, 0n])
    const sol = units(await buy(page, 'SOL', address), 9)
    expect(await lamportsOf(address)).toBe(sol)
    const usdc = units(await buy(page, 'USDC', address), 6)
    expect(await tokenUnits(address)).toBe(usdc)

    // Send 0.125 SOL, then 2.5 USDC to a fresh address (its token account created on the way).
    const to = Keypair.generate().publicKey.toBase58()
    await send(page, 'SOL', '0.125', to)
    expect(await lamportsOf(to)).toBe(125_000_000n)
    // the sender paid the amount and one signature's fee
    expect(await lamportsOf(address)).toBe(sol - 125_000_000n - 5000n)
    await send(page, 'USDC', '2.5', to)
    expect(await tokenUnits(to)).toBe(2_500_000n)
    expect(await tokenUnits(address)).toBe(usdc - 2_500_000n)
    expect(errors).toEqual([])
    await page.context().close()
  }, 300_000)

  it('switching from EVM to Solana uses the logged-in embedded wallet\'s Solana account, never labelled "Smart account"', async () => {
    const email = 'sol-switch@example.com'
    const { page, errors } = await openDemo(stack)
    await emailLogin(page, mailbox(), email)
    await expect.poll(async () => (await state(page)).namespaces.solana?.status).toBe('connected')
    const address = await storedSolanaAddress(email)
    // A session that holds only the EVM connection (as one made on a page of the site that offered EVM alone): the
    // reload restores EVM, and Solana is not connected when the visitor picks it in Networks.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage).filter((k) => k.startsWith('@foyer/'))) {
        let value: unknown
        try {
          value = JSON.parse(localStorage.getItem(key)!)
        } catch {
          continue
        }
        if (Array.isArray(value) && value.includes('solana'))
          localStorage.setItem(key, JSON.stringify(value.filter((v) => v !== 'solana')))
        else if (value && typeof value === 'object' && 'solana' in value) {
          delete (value as Record<string, unknown>).solana
          localStorage.setItem(key, JSON.stringify(value))
        }
      }
    })
    await page.reload()
    await expect.poll(async () => (await state(page)).namespaces.eip155?.status, { timeout: 20_000 }).toBe('connected')
    expect((await state(page)).namespaces.solana?.status).not.toBe('connected')
    await page.getByTestId('account-button').first().click()
    await expect.poll(() => page.getByTestId('auth-account-type').textContent()).toMatch(/^Smart account/)

    await page.getByTestId('account-network-button').click()
    await page.getByTestId(`network-item-${LOCAL_SOLANA_NETWORK}`).click()
    // the embedded wallet's Solana account connects and becomes active: no "connect a Solana wallet" detour
    await expect.poll(async () => (await state(page)).activeNamespace, { timeout: 20_000 }).toBe('solana')
    expect(await page.getByTestId('foyer-view-SwitchActiveChain').count()).toBe(0)
    expect((await state(page)).namespaces.solana).toMatchObject({
      status: 'connected',
      connectorId: 'auth',
      caipAddress: `${LOCAL_SOLANA_NETWORK}:${address}`,
    })
    await page.getByTestId('foyer-view-Account').waitFor()
    // the email shows; the EVM-only account type does not
    await page.getByTestId('auth-account-email').waitFor()
    expect(await page.getByTestId('auth-account').textContent()).not.toContain('Smart account')
    expect(await page.getByTestId('auth-account-type').count()).toBe(0)
    expect(errors).toEqual([])
    await page.context().close()
  }, 120_000)
})
