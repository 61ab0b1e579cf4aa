// Swaps in Chromium against Uniswap V2 on anvil, through the project's server: 0.1 ETH → USDC and 25 USDC → DAI (approve
// then swap) with the injected test wallet, balances moving on chain within the quote and its 1 % bound, and the next
// quote worse because the pool moved; one wallet prompt for approve + swap when the wallet batches (EIP-5792), two
// when it doesn't; and the refusals: a network outside the 12, 0 and above-balance amounts, no liquidity, and 4001.
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  createPublicClient,
  erc20Abi,
  http,
  keccak256,
  parseEther,
  parseUnits,
  stringToHex,
  type Address,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { installTestWallet, TestWalletRdns, type TestWallet } from '../../testing.js'
import { browserFixture } from './fixture.js'
import { openDemo } from './pages.js'

// not one of anvil's pre-funded accounts: it holds exactly what the seeder funds (10 ETH, 1000 USDC, 2500 DAI, …)
const KEY = keccak256(stringToHex('foyer swap test wallet'))
const ADDRESS = privateKeyToAccount(KEY).address
const CHAINS = [1, 8453, 31337]
const stack = browserFixture({
  services: ['api', 'chains'],
  chains: CHAINS,
  fund: [ADDRESS],
  demo: {
    devWallet: false,
    options: {
      networks: [
        { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
        { caipNetworkId: 'eip155:8453', name: 'Base', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
        { caipNetworkId: 'eip155:31337', name: 'Anvil', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
      ],
    },
  },
})
const chain = (id = 1) => stack.services.need('chains').chains.find((c) => c.chainId === id)!
const token = (symbol: string) => chain().tokens.find((t) => t.symbol === symbol)!.address as Address
let client: PublicClient

beforeAll(() => {
  client = createPublicClient({ transport: http(chain().rpcUrl, { retryCount: 0 }) }) as PublicClient
})

const balance = (symbol: string) =>
  symbol === 'ETH'
    ? client.getBalance({ address: ADDRESS })
    : client.readContract({ address: token(symbol), abi: erc20Abi, functionName: 'balanceOf', args: [ADDRESS] })

interface Quote {
  fromAmount: string
  toAmount: string
  minimumReceived?: string
  approvalRequired?: boolean
}
const quoteOf = (page: Page) => page.evaluate(() => (window as any).foyer.getState().swap?.quote as Quote | undefined)
const prompts = (wallet: TestWallet) =>
  wallet.log.filter((l) => l.method === 'eth_sendTransaction' || l.method === 'wallet_sendCalls').length

async function connected(eip5792 = false): Promise<{ page: Page; wallet: TestWallet; errors: string[] }> {
  let wallet: TestWallet | undefined
  const opened = await openDemo(stack, async (page) => {
    wallet = await installTestWallet(page, {
      privateKey: KEY,
      chains: CHAINS.map((chainId) => ({ chainId, rpcUrl: chain(chainId).rpcUrl })),
      eip5792,
    })
  })
  await opened.page.getByTestId('connect-button').first().click()
  await opened.page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
  await opened.page.getByTestId('account-button').first().waitFor()
  return { page: opened.page, wallet: wallet!, errors: opened.errors }
}

/** Opens Swap with AppKit's arguments and waits for the quote of that form. */
async function openSwap(page: Page, args: { fromToken: string; toToken: string; amount: string }): Promise<Quote> {
  await page.evaluate((a) => (window as any).foyer.open({ view: 'Swap', arguments: a }), args)
  await page.getByTestId('swap-quote').waitFor()
  return (await quoteOf(page))!
}

describe('swap', () => {
  it('swaps 0.1 ETH → USDC from the Account action, within the quote and 1 %; the next quote is worse', async () => {
    const { page, wallet, errors } = await connected()
    await page.getByTestId('account-button').first().click()
    await page.getByTestId('account-action-swaps').click()
    await page.getByTestId('foyer-view-Swap').waitFor()
    await expect.poll(() => page.getByTestId('swap-from-token').textContent()).toBe('ETH')
    await page.getByTestId('swap-to-token').click()
    await expect.poll(() => page.getByTestId('swap-token-item-USDC').textContent()).toContain('987.5') // its balance
    await page.getByTestId('swap-token-item-USDC').click()
    await page.getByTestId('swap-from-amount').fill('0.1')
    await page.getByTestId('swap-quote').waitFor()
    const first = (await quoteOf(page))!
    expect(first.fromAmount).toBe(String(parseEther('0.1')))
    expect(await page.getByTestId('swap-to-amount').inputValue()).toMatch(/^29\d\.\d+$/)
    expect(await page.getByTestId('swap-price-impact').textContent()).toMatch(/^0\.\d\d %$/)

    const before = await balance('USDC')
    await page.getByTestId('swap-button').click()
    await page.getByTestId('swap-success').waitFor()
    const received = (await balance('USDC')) - before
    expect(received).toBeLessThanOrEqual(BigInt(first.toAmount))
    expect(received).toBeGreaterThanOrEqual(BigInt(first.minimumReceived!))
    expect(prompts(wallet)).toBe(1)
    // the trade moved the pool: the same 0.1 ETH now buys less
    await page.getByTestId('swap-quote').waitFor()
    const second = (await quoteOf(page))!
    expect(second.fromAmount).toBe(first.fromAmount)
    expect(BigInt(second.toAmount)).toBeLessThan(BigInt(first.toAmount))
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('swaps 25 USDC → DAI through approve then swap: two wallet prompts without EIP-5792', async () => {
    const { page, wallet, errors } = await connected()
    const quote = await openSwap(page, { fromToken: 'USDC', toToken: 'DAI', amount: '25' })
    expect(quote.approvalRequired).toBe(true)
    await page.getByTestId('swap-approve-button').click()
    // once approved, the fresh quote needs no approval and the swap button opens
    await page.getByTestId('swap-approve-button').waitFor({ state: 'detached' })
    const approved = (await quoteOf(page))!
    const [usdc, dai] = [await balance('USDC'), await balance('DAI')]
    await page.getByTestId('swap-button').click()
    await page.getByTestId('swap-success').waitFor()
    expect(usdc - (await balance('USDC'))).toBe(parseUnits('25', 6))
    const received = (await balance('DAI')) - dai
    expect(received).toBeLessThanOrEqual(BigInt(approved.toAmount))
    expect(received).toBeGreaterThanOrEqual(BigInt(approved.minimumReceived!))
    expect(prompts(wallet)).toBe(2)
    await page.getByTestId('swap-quote').waitFor()
    expect(BigInt((await quoteOf(page))!.toAmount)).toBeLessThan(BigInt(approved.toAmount))
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('approves and swaps USDC → DAI in one wallet prompt when the wallet batches (EIP-5792)', async () => {
    const { page, wallet, errors } = await connected(true)
    const quote = await openSwap(page, { fromToken: 'USDC', toToken: 'DAI', amount: '25' })
    expect(quote.approvalRequired).toBe(true)
    expect(await page.getByTestId('swap-approve-button').count()).toBe(0)
    expect(await page.getByTestId('swap-button').textContent()).toBe('Approve USDC and swap')
    const dai = await balance('DAI')
    await page.getByTestId('swap-button').click()
    await page.getByTestId('swap-success').waitFor()
    const received = (await balance('DAI')) - dai
    expect(received).toBeLessThanOrEqual(BigInt(quote.toAmount))
    expect(received).toBeGreaterThanOrEqual(BigInt(quote.minimumReceived!))
    expect(wallet.log.filter((l) => l.method === 'wallet_sendCalls')).toHaveLength(1)
    expect(prompts(wallet)).toBe(1)
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('refuses 0, above-balance amounts, pools without liquidity, a network outside the 12; warns of price impact; 4001', async () => {
    const { page, wallet } = await connected()
    await openSwap(page, { fromToken: 'ETH', toToken: 'USDC', amount: '5' })
    expect(await page.getByTestId('swap-price-impact').getAttribute('data-warning')).toBe('true')
    expect(await page.getByTestId('swap-price-impact').textContent()).toMatch(/^High price impact: \d+\.\d\d %$/)

    const error = () => page.getByTestId('swap-error').textContent()
    await page.getByTestId('swap-from-amount').fill('0')
    await expect.poll(error).toBe('Enter an amount greater than 0')
    expect(await page.getByTestId('swap-button').isDisabled()).toBe(true)
    await page.getByTestId('swap-from-amount').fill('5000')
    await expect.poll(error).toBe('Insufficient ETH balance')
    expect(await page.getByTestId('swap-button').isDisabled()).toBe(true)

    await page.getByTestId('swap-from-token').click()
    await page.getByTestId('swap-token-item-USDT').click()
    await page.getByTestId('swap-to-token').click()
    await page.getByTestId('swap-token-item-DAI').click()
    await page.getByTestId('swap-from-amount').fill('10')
    await expect.poll(error).toMatch(/^No liquidity for USDT → DAI/)

    // the visitor says no in the wallet: its own message, nothing sent
    await page.getByTestId('swap-from-token').click()
    await page.getByTestId('swap-token-item-ETH').click()
    await page.getByTestId('swap-to-token').click()
    await page.getByTestId('swap-token-item-USDC').click()
    await page.getByTestId('swap-from-amount').fill('0.01')
    await page.getByTestId('swap-quote').waitFor()
    const eth = await balance('ETH')
    wallet.rejectNext()
    await page.getByTestId('swap-button').click()
    await expect.poll(error).toBe('You rejected the request in your wallet.')
    expect(await balance('ETH')).toBe(eth)

    // a network outside the 12: the view says so, and so does the server
    await page.evaluate(() => (window as any).foyer.kernel.request('network/switch', { caipNetworkId: 'eip155:31337' }))
    await expect.poll(error).toBe('Swaps are not supported on Anvil. Switch to a supported network.')
    const res = await fetch(
      `${stack.services.need('api').url}/v1/convert/quotes?chainId=eip155:31337&from=${token('USDC')}&to=${token('DAI')}&amount=1`,
    )
    expect(res.status).toBe(400)
    expect(((await res.json()) as { reasons: Array<{ description: string }> }).reasons[0].description).toMatch(
      /^Swaps are not supported on eip155:31337\. Supported networks: eip155:1, eip155:42161,/,
    )
    await page.context().close()
  })
})
