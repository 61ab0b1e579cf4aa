// Issue 30 #11: the local exchange and the local on-ramp provider are bounded. The exchange's public test account
// holds a balance that payments draw on (it cannot pay any amount to anyone), and payments, quotes and orders are
// capped in number and forgotten once expired.
import { describe, expect, it } from 'vitest'
import { createLocalProvider } from '../onramp/local.js'
import type { Delivery, Payout } from '../onramp/payout.js'
import type { ChainConfig } from '../types.js'
import { createLocalExchange, ExchangeError, TEST_ACCOUNT } from './exchange.js'

const chain: ChainConfig = {
  chainId: 1,
  caipNetworkId: 'eip155:1',
  name: 'Ethereum',
  rpcUrl: 'http://127.0.0.1:9',
  nativeSymbol: 'ETH',
  nativeName: 'Ether',
  nativeDecimals: 18,
  testnet: false,
  tokens: [{ address: '0x00000000000000000000000000000000000000d0', symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
} as ChainConfig
const RECIPIENT = '0x000000000000000000000000000000000000cafE'
const paid: Delivery[] = []
const payout: Payout = { deliver: async (d) => (paid.push(d), `0x${'ab'.repeat(32)}`) }

describe('local exchange bounds', () => {
  it("refuses a payment above the test account's balance, and each paid one draws on it", async () => {
    const exchange = createLocalExchange({ chains: [chain], solana: [], payout, pageUrl: 'http://x/pay' })
    const pay = (amount: string) =>
      exchange.createPayment({ network: 'eip155:1', asset: 'native', amount, recipient: RECIPIENT })
    await expect(pay('1000000')).rejects.toThrow(/more than the test account holds/)
    const first = await pay('6')
    expect((await exchange.confirm(first.id, TEST_ACCOUNT)).status).toBe('completed')
    // 10 ETH held, 6 paid: 6 more is refused when confirmed, and the account keeps its 4
    const second = await pay('6').catch((e: ExchangeError) => e)
    expect(second).toBeInstanceOf(ExchangeError)
    expect((await exchange.confirm((await pay('4')).id, TEST_ACCOUNT)).status).toBe('completed')
  })

  it('keeps a bounded number of payments and forgets expired ones', async () => {
    let now = 0
    const exchange = createLocalExchange({
      chains: [chain],
      solana: [],
      payout,
      pageUrl: 'http://x/pay',
      now: () => now,
      maxPayments: 3,
    })
    const pay = () =>
      exchange.createPayment({ network: 'eip155:1', asset: 'native', amount: '0.1', recipient: RECIPIENT })
    const ids = [(await pay()).id, (await pay()).id, (await pay()).id]
    await expect(pay()).rejects.toThrow(/too many open payments/)
    now += 31 * 60_000 // pending payments expire after 30 minutes
    expect(await exchange.payment(ids[0])).toBeNull()
    await expect(exchange.confirm(ids[0], TEST_ACCOUNT)).rejects.toThrow(/No such payment/)
    expect((await pay()).id).toBeTruthy()
  })
})

describe('local on-ramp bounds', () => {
  it('keeps a bounded number of quotes and orders and forgets expired ones', async () => {
    let now = 0
    const provider = createLocalProvider({
      chains: [chain],
      solana: [],
      prices: { price: async () => ({ usd: '1', source: 'test' }) },
      feeBps: 150,
      publicKey: 'k',
      checkoutUrl: 'http://x/checkout',
      payout,
      now: () => now,
      maxQuotes: 3,
    })
    const quote = () =>
      provider.quote({
        amount: '50',
        paymentCurrency: 'USD',
        paymentMethod: 'card',
        purchaseCurrency: 'USDC',
        network: 'eip155:1',
      })
    const first = await quote()
    provider.openOrder({ quoteId: first.id, walletAddress: RECIPIENT, externalCustomerId: 'c' })
    await quote()
    await quote()
    await expect(quote()).rejects.toThrow(/too many open quotes/)
    now += 11 * 60_000 // quotes expire after 10 minutes; an unpaid order goes with its quote
    expect(await provider.order(first.id)).toBeNull()
    expect((await quote()).id).toBeTruthy()
  })
})
