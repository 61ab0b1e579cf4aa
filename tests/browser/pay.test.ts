// Paying in Chromium against the project's stack: the host calls `foyer.pay` for 3 USDC to a recipient; the Pay
// checkout pays from the connected wallet, then (a second payment) through the local exchange, where the visitor logs
// in on the exchange's page and its hot wallet pays. Each time the recipient's USDC on anvil rises by exactly 3 and
// the promise resolves with the mined transaction's hash. From a Solana wallet: SOL, then an SPL token (the recipient's
// token account created on the way), each arriving exactly on the local Solana node.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { Connection, Keypair, PublicKey } from '@solana/web3.js'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { createPublicClient, erc20Abi, http, parseUnits, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { installTestWallet, TestWalletRdns } from '../../testing.js'
import { TEST_ACCOUNT } from '../../server/exchange/exchange.js'
import { LOCAL_EXCHANGE_EVM_KEY } from '../../server/exchange/service.js'
import { SOLANA_DEV_WALLET_SECRET_KEY } from '../../server/solana/keys.js'
import { LOCAL_SPL_MINT } from '../../server/solana/seed.js'
import { installSolanaTestWallet, type SolanaTestWallet } from '../../testing/solana.js'
import { browserFixture } from './fixture.js'
import { openDemo } from './pages.js'

const KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba' as const
const ADDRESS = privateKeyToAccount(KEY).address
const RECIPIENT = '0x00000000000000000000000000000000000fee15' as Address
const stack = browserFixture({
  services: ['api', 'chains', 'solana', 'exchange'],
  chains: [1],
  fund: [ADDRESS],
  // Payments are remote features: the project's server turns them on (its answer overrides local settings, SPEC §5).
  config: { exchangePort: 0, features: { payments: { isEnabled: true }, payWithExchange: { isEnabled: true } } },
  demo: { devWallet: false },
})

// The host's `foyer.pay(payment)`, its outcome kept on the page (the hash, or the error's message).
const startPay = (page: Page, payment: object) =>
  page.evaluate((payment) => {
    const w = window as unknown as { foyer: { pay(p: object): Promise<{ hash: string }> }; paid: unknown }
    w.paid = w.foyer.pay(payment).then(
      (r) => r,
      (e: Error) => ({ error: e.message }),
    )
  }, payment)
const paidIn = <T>(page: Page) => page.evaluate(() => (window as unknown as { paid: Promise<T> }).paid)
const closeModal = (page: Page) =>
  page.evaluate(() => (window as unknown as { foyer: { close(): Promise<boolean> } }).foyer.close())

describe('pay', () => {
  it('pays 3 USDC from the connected wallet and through the local exchange; the promise resolves with the hash', async () => {
    const chain = stack.services.need('chains').chains[0]
    const usdc = chain.tokens.find((t) => t.symbol === 'USDC')!.address as Address
    const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) })
    const balance = () =>
      client.readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [RECIPIENT] })
    const { page, errors } = await openDemo(stack, (p) =>
      installTestWallet(p, { privateKey: KEY, chains: [{ chainId: 1, rpcUrl: chain.rpcUrl }] }).then(() => undefined),
    )
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
    await page.getByTestId('account-button').first().waitFor()
    const pay = () => startPay(page, { recipient: RECIPIENT, asset: usdc, amount: '3', network: 'eip155:1' })
    const paid = () => paidIn<{ hash: Hex }>(page)

    // from the connected wallet
    const before = await balance()
    await pay()
    await page.getByTestId('foyer-view-Pay').waitFor()
    expect(await page.getByTestId('pay-amount').textContent()).toBe('3 USDC')
    await page.getByTestId('pay-wallet-button').click()
    await expect
      .poll(() => page.getByTestId('pay-status').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('completed')
    const fromWallet = await paid()
    expect(fromWallet.hash).toMatch(/^0x[0-9a-f]{64}$/)
    const r1 = await client.getTransactionReceipt({ hash: fromWallet.hash })
    expect([r1.status, r1.from.toLowerCase(), r1.to?.toLowerCase()]).toEqual([
      'success',
      ADDRESS.toLowerCase(),
      usdc.toLowerCase(),
    ])
    expect(await balance()).toBe(before + parseUnits('3', 6))
    await closeModal(page)

    // through the local exchange
    await pay()
    await page.getByTestId('foyer-view-Pay').waitFor()
    const [exchange] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByTestId('pay-exchange-button').click(),
    ])
    await exchange.getByTestId('exchange-email').fill(TEST_ACCOUNT.email)
    await exchange.getByTestId('exchange-password').fill('wrong')
    await exchange.getByTestId('exchange-submit').click()
    expect(await exchange.getByTestId('exchange-error').textContent()).toBe('Wrong email or password')
    expect(await balance()).toBe(before + parseUnits('3', 6))
    await exchange.getByTestId('exchange-email').fill(TEST_ACCOUNT.email)
    await exchange.getByTestId('exchange-password').fill(TEST_ACCOUNT.password)
    await exchange.getByTestId('exchange-submit').click()
    await expect.poll(() => exchange.getByTestId('exchange-status').getAttribute('data-status')).toBe('completed')
    await expect
      .poll(() => page.getByTestId('pay-status').getAttribute('data-status'), { timeout: 30_000 })
      .toBe('completed')
    const fromExchange = await paid()
    const r2 = await client.getTransactionReceipt({ hash: fromExchange.hash })
    const hot = privateKeyToAccount(LOCAL_EXCHANGE_EVM_KEY).address
    expect([r2.status, r2.from.toLowerCase()]).toEqual(['success', hot.toLowerCase()])
    expect(await balance()).toBe(before + parseUnits('6', 6))

    // closing the checkout rejects with the reason
    await closeModal(page)
    await pay()
    await page.getByTestId('foyer-view-Pay').waitFor()
    await closeModal(page)
    expect(await paid()).toEqual({ error: 'The payment was cancelled' })
    expect(await balance()).toBe(before + parseUnits('6', 6))
    expect(errors).toEqual([])
  })

  it('pays SOL and an SPL token from a Solana wallet: exactly the amounts arrive on the local Solana node', async () => {
    const node = stack.services.need('solana')
    const network = node.chain.caipNetworkId
    const connection = new Connection(node.url, 'confirmed')
    const recipient = Keypair.generate().publicKey
    const mint = new PublicKey(LOCAL_SPL_MINT)
    const holder: { wallet?: SolanaTestWallet } = {}
    const { page, errors } = await openDemo(stack, async (p) => {
      holder.wallet = await installSolanaTestWallet(p, { secretKey: SOLANA_DEV_WALLET_SECRET_KEY, rpcUrl: node.url })
    })
    const wallet = holder.wallet!
    const payerTokens = getAssociatedTokenAddressSync(mint, new PublicKey(wallet.address))
    const tokensOf = async (account: PublicKey) =>
      BigInt((await connection.getTokenAccountBalance(account)).value.amount)
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(`wallet-selector-${wallet.connectorId}`).click()
    await page.getByTestId('foyer-view-Connect').waitFor({ state: 'detached' })
    const settled = async () => {
      await page.getByTestId('pay-wallet-button').click()
      await expect
        .poll(() => page.getByTestId('pay-status').getAttribute('data-status'), { timeout: 30_000 })
        .toBe('completed')
      const { hash } = await paidIn<{ hash: string }>(page)
      const { value } = await connection.getSignatureStatus(hash, { searchTransactionHistory: true })
      expect([value?.err, value?.confirmationStatus]).toEqual([null, 'finalized'])
      return hash
    }

    // native SOL through solana/sendTransfer: the recipient (a new account) holds exactly 0.5 SOL
    await startPay(page, { recipient: recipient.toBase58(), asset: 'native', amount: '0.5', network })
    await page.getByTestId('foyer-view-Pay').waitFor()
    expect(await page.getByTestId('pay-amount').textContent()).toBe('0.5 SOL')
    const sol = await settled()
    expect(await connection.getBalance(recipient)).toBe(500_000_000)
    await closeModal(page)

    // 3 USDC (SPL): the recipient's token account is created and holds exactly 3,000,000 base units
    const payerBefore = await tokensOf(payerTokens)
    await startPay(page, { recipient: recipient.toBase58(), asset: LOCAL_SPL_MINT, amount: '3', network })
    await page.getByTestId('foyer-view-Pay').waitFor()
    const short = `${LOCAL_SPL_MINT.slice(0, 4)}…${LOCAL_SPL_MINT.slice(-4)}`
    expect(await page.getByTestId('pay-amount').textContent()).toBe(`3 ${short}`)
    const spl = await settled()
    expect(spl).not.toBe(sol)
    expect(await tokensOf(getAssociatedTokenAddressSync(mint, recipient))).toBe(3_000_000n)
    expect(await tokensOf(payerTokens)).toBe(payerBefore - 3_000_000n)
    expect(wallet.log.map((c) => c.method).filter((m) => m === 'signAndSendTransaction')).toHaveLength(2)
    expect(errors).toEqual([])
  })
})
