// The local on-ramp provider end to end over HTTP: options and quotes through the API (validated against its
// OpenAPI contract), the checkout page, and deliveries that land on the local anvil chain and the local Solana node.
import { Connection, Keypair, PublicKey } from '@solana/web3.js'
import { getAssociatedTokenAddressSync } from '@solana/spl-token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http, parseUnits, type Address } from 'viem'
import { openTestStore } from '../api/testing/store.js'
import { createContractClient, type ContractClient } from '../api/testing/contract.js'
import { startServices, type Services } from '../compose.js'
import { resolveConfig } from '../config.js'
import { testTokenAbi } from '../contracts/compile.js'
import { SERVICES } from '../services.js'
import { LOCAL_SPL_MINT } from '../solana/seed.js'
import { LOCAL_SOLANA_NETWORK } from '../solana/service.js'
import type { Store } from '../store/store.js'
import type { OnRampOrder, OnRampQuote } from './adapter.js'
import { DECLINED_CARD, TEST_CARD } from './checkout.js'
import { createLocalProvider } from './local.js'
import { LOCAL_ONRAMP_PUBLIC_KEY } from './service.js'

const BUYER = '0x000000000000000000000000000000000000bEEF' as Address
const SOL_BUYER = Keypair.generate().publicKey.toBase58()
let services: Services
let store: Store
let api: ContractClient

beforeAll(async () => {
  store = await openTestStore()
  const config = resolveConfig({
    dataDir: 'memory://',
    port: 0,
    localChains: [{ chainId: 1 }],
    localSolana: true,
    solanaPort: 0,
    onrampPort: 0,
    // No pool prices Solana tokens locally: the operator's table does, for the Tokens tab and the on-ramp alike.
    priceTable: { [`${LOCAL_SOLANA_NETWORK}:native`]: '120', [`${LOCAL_SOLANA_NETWORK}:${LOCAL_SPL_MINT}`]: '1' },
  })
  services = await startServices(config, SERVICES, {
    only: ['api', 'onramp', 'chains', 'solana'],
    provided: { store: { store, close: async () => {} } },
  })
  api = await createContractClient(services.need('api').app)
}, 120_000)

afterAll(async () => {
  await services?.close()
  await store?.close()
})

const quote = async (body: Record<string, string>) =>
  api.post<{ quotes: OnRampQuote[] }>('/v1/onramp/quotes', {
    purchaseCurrency: 'USDC',
    paymentCurrency: 'USD',
    network: 'eip155:1',
    paymentMethod: 'card',
    ...body,
  })

async function checkout(q: OnRampQuote, currency: string, wallet: string, form: Record<string, string>) {
  const base = services.need('onramp').url
  const params = new URLSearchParams({
    publicKey: LOCAL_ONRAMP_PUBLIC_KEY,
    destinationCurrencyCode: currency,
    walletAddress: wallet,
    externalCustomerId: 'customer-1',
    quoteId: q.id,
  })
  const page = await fetch(`${base}/checkout?${params}`)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('data-testid="checkout-submit"')
  return fetch(`${base}/checkout`, { method: 'POST', body: new URLSearchParams({ quoteId: q.id, ...form }) })
}

describe('local on-ramp provider', () => {
  it('offers USDC on the EVM and Solana chains and SOL on Solana, in USD with the SPEC §9 limits', async () => {
    const res = await api.get<{
      providers: Array<{ id: string; feeBps: number; url: string; namespaces: string[] }>
      purchaseCurrencies: Array<{ id: string; networks: Array<{ chain_id: string }> }>
      paymentCurrencies: unknown
    }>('/v1/onramp/options')
    expect(res.status).toBe(200)
    expect(res.body.providers).toMatchObject([{ id: 'local', feeBps: 150, namespaces: ['eip155', 'solana'] }])
    expect(res.body.providers[0].url).toBe(`${services.need('onramp').url}/checkout`)
    expect(res.body.purchaseCurrencies.map((p) => [p.id, p.networks.map((n) => n.chain_id)])).toEqual([
      ['USDC', ['eip155:1', LOCAL_SOLANA_NETWORK]],
      ['SOL', [LOCAL_SOLANA_NETWORK]],
    ])
    expect(res.body.paymentCurrencies).toEqual([
      {
        id: 'USD',
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'bank', min: '10.00', max: '25000.00' },
        ],
      },
    ])
  })

  it('refuses amounts outside the method limits and malformed requests, saying which field', async () => {
    for (const [amount, method, text] of [
      ['9.99', 'card', 'The minimum is 10.00 USD by card'],
      ['7500.01', 'card', 'The maximum is 7500.00 USD by card'],
      ['25000.01', 'bank', 'The maximum is 25000.00 USD by bank'],
      ['1e3', 'card', 'at most two decimals'],
    ]) {
      const res = await quote({ amount, paymentMethod: method })
      expect(res.status).toBe(400)
      expect(JSON.stringify(res.body)).toContain(text)
    }
    expect((await quote({ amount: '25000.00', paymentMethod: 'bank' })).status).toBe(200)
    expect((await quote({ amount: '10.00' })).status).toBe(200)
    expect((await quote({ amount: '50', network: 'eip155:8453' })).status).toBe(400)
    expect((await api.post('/v1/onramp/quotes', { amount: '50' })).status).toBe(400)
  })

  it('delivers exactly the quoted USDC on the EVM chain after a test-card payment; a declined card moves nothing', async () => {
    const res = await quote({ amount: '50.00' })
    const q = res.body.quotes[0]
    // 1.5 %: 0.75 USD fee, 49.25 USDC at 1 USD
    expect(q).toMatchObject({
      purchaseAmount: { amount: '49.25', currency: 'USDC' },
      fee: { amount: '0.75', bps: 150 },
    })
    const chain = services.need('chains').chains[0]
    const usdc = chain.tokens.find((t) => t.symbol === 'USDC')!
    const pub = createPublicClient({ transport: http(chain.rpcUrl) })
    const balance = () =>
      pub.readContract({ address: usdc.address, abi: testTokenAbi, functionName: 'balanceOf', args: [BUYER] })
    const before = await balance()

    const declined = await checkout(q, 'USDC', BUYER, { card: DECLINED_CARD, expiry: '12/40', cvc: '123' })
    expect(declined.status).toBe(402)
    expect(await declined.text()).toContain('The card was declined')
    expect(await balance()).toBe(before)
    const pending = await api.get<OnRampOrder>(`/v1/onramp/orders/local/${q.id}`)
    expect(pending.body).toMatchObject({ status: 'pending', externalCustomerId: 'customer-1', walletAddress: BUYER })

    const paid = await checkout(q, 'USDC', BUYER, { card: TEST_CARD, expiry: '12/40', cvc: '123' })
    expect(paid.status).toBe(200)
    expect(await paid.text()).toContain('data-status="completed"')
    expect(await balance()).toBe(before + parseUnits('49.25', 6))
    const order = await api.get<OnRampOrder>(`/v1/onramp/orders/local/${q.id}`)
    expect(order.body).toMatchObject({ status: 'completed', purchaseAmount: '49.25' })
    const receipt = await pub.getTransactionReceipt({ hash: order.body.transactionHash as `0x${string}` })
    expect(receipt.status).toBe('success')

    // the same quote cannot be paid twice: the page shows the receipt
    const again = await fetch(`${services.need('onramp').url}/checkout`, {
      method: 'POST',
      body: new URLSearchParams({ quoteId: q.id, card: TEST_CARD, expiry: '12/40', cvc: '123' }),
    })
    expect(await again.text()).toContain('data-status="completed"')
    expect(await balance()).toBe(before + parseUnits('49.25', 6))
  })

  it('delivers SOL and SPL USDC on the local Solana node', async () => {
    const connection = new Connection(services.need('solana').url)
    const owner = new PublicKey(SOL_BUYER)
    const sol = (await quote({ purchaseCurrency: 'SOL', network: LOCAL_SOLANA_NETWORK, amount: '150.00' })).body
      .quotes[0]
    // 150 USD − 2.25 fee = 147.75 USD at the market's 120 USD/SOL = 1.23125 SOL
    expect(sol.purchaseAmount).toEqual({ amount: '1.23125', currency: 'SOL' })
    const r1 = await checkout(sol, 'SOL', SOL_BUYER, { card: TEST_CARD, expiry: '01/39', cvc: '999' })
    expect(await r1.text()).toContain('data-status="completed"')
    expect(await connection.getBalance(owner)).toBe(1_231_250_000)

    const usdc = (await quote({ network: LOCAL_SOLANA_NETWORK, amount: '20.00', paymentMethod: 'bank' })).body.quotes[0]
    expect(usdc.purchaseAmount.amount).toBe('19.7')
    const r2 = await checkout(usdc, 'USDC', SOL_BUYER, { holder: 'Ada Lovelace' })
    expect(await r2.text()).toContain('data-status="completed"')
    const ata = getAssociatedTokenAddressSync(new PublicKey(LOCAL_SPL_MINT), owner)
    expect((await connection.getTokenAccountBalance(ata)).value.amount).toBe('19700000')
  })

  it('sells at the price the Tokens tab shows (the same market), and says "no price" where there is none', async () => {
    const tokens = await api.get<{ balances: Array<{ symbol: string; metadata: { price: string | null } }> }>(
      `/v1/balances/${SOL_BUYER}?chainId=${LOCAL_SOLANA_NETWORK}`,
    )
    expect(tokens.body.balances.find((b) => b.symbol === 'SOL')?.metadata.price).toBe('120')
    const q = (await quote({ purchaseCurrency: 'SOL', network: LOCAL_SOLANA_NETWORK, amount: '120.00' })).body
    expect(q.quotes[0].purchaseAmount.amount).toBe('0.985') // (120 − 1.80) ÷ 120
    const blind = createLocalProvider({
      chains: [],
      solana: [{ caipNetworkId: LOCAL_SOLANA_NETWORK, tokens: [] } as never],
      prices: { price: async () => undefined },
      feeBps: 150,
      publicKey: 'k',
      checkoutUrl: 'http://127.0.0.1:9/checkout',
      payout: {} as never,
    })
    const ask = { amount: '50', paymentCurrency: 'USD', paymentMethod: 'card', purchaseCurrency: 'SOL' }
    await expect(blind.quote({ ...ask, network: LOCAL_SOLANA_NETWORK })).rejects.toThrow(/^No price for SOL/)
  })

  it('refuses a checkout whose parameters do not match the quote', async () => {
    const q = (await quote({ amount: '12.34' })).body.quotes[0]
    const base = services.need('onramp').url
    const url = (p: Record<string, string>) =>
      `${base}/checkout?${new URLSearchParams({ publicKey: LOCAL_ONRAMP_PUBLIC_KEY, destinationCurrencyCode: 'USDC', walletAddress: BUYER, externalCustomerId: 'c', quoteId: q.id, ...p })}`
    for (const [p, text] of [
      [{ publicKey: 'nope' }, 'Unknown publicKey'],
      [{ destinationCurrencyCode: 'SOL' }, 'does not match'],
      [{ walletAddress: 'not-an-address' }, 'Not a wallet address'],
      [{ quoteId: 'unknown' }, 'unknown or has expired'],
      [{ walletAddress: '<script>' }, 'Not a wallet address'],
    ] as const) {
      const res = await fetch(url(p))
      expect(res.status).toBe(400)
      const body = await res.text()
      expect(body).toContain(text)
      expect(body).not.toContain('<script>')
    }
  })
})
