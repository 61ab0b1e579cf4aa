// The Account's Tokens, NFTs and Activity tabs in Chromium against the project's stack: anvil chains 1 and 8453
// (tokens, AMM pools, the ERC-721 collection, the spam airdrop), the indexer, the API and the local Solana node.
// Every expected figure is read from the API here and cut with bigint arithmetic, independently of the client.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, http, type Hex } from 'viem'
import { DEV_WALLET_ADDRESS, DEV_WALLET_PRIVATE_KEY } from '../../server/chains/dev-wallet.js'
import { LOCAL_COLLECTION_ADDRESS, SPAM_TOKEN } from '../../server/chains/extras.js'
import { SOLANA_DEV_WALLET_SECRET_KEY } from '../../server/solana/keys.js'
import { installTestWallet, TestWalletRdns, type TestWallet } from '../../testing.js'
import { installSolanaTestWallet } from '../../testing/solana.js'
import { browserFixture } from './fixture.js'
import { openDemo } from './pages.js'

const stack = browserFixture({ services: ['api', 'chains', 'indexer', 'solana'], chains: [1, 8453] })
const api = (path: string) => fetch(`${stack.services.need('api').url}${path}`).then((r) => r.json()) as Promise<any>

// base units / 10^decimals cut to `places`, by bigint division only, grouped as the test browser's en-US locale does
const cut = (units: bigint, decimals: number, places: number) => {
  const scaled =
    decimals >= places ? units / 10n ** BigInt(decimals - places) : units * 10n ** BigInt(places - decimals)
  const frac = (scaled % 10n ** BigInt(places)).toString().padStart(places, '0')
  return { text: `${(scaled / 10n ** BigInt(places)).toLocaleString('en-US')}.${frac}`, scaled }
}
const cents = (usd: string) => {
  const [int, frac = ''] = usd.split('.')
  return BigInt(int + frac.slice(0, 2).padEnd(2, '0'))
}
const dollars = (c: bigint) => `$${(c / 100n).toLocaleString('en-US')}.${(c % 100n).toString().padStart(2, '0')}`

// The rows the Tokens tab must show for the dev wallet on `chain`, and their total, from the API.
async function expectedTokens(address: string, chain: string) {
  const { balances } = await api(`/v1/balances/${address}?chainId=${chain}`)
  const rows = balances.map((b: any) => ({
    symbol: b.metadata.symbol as string,
    amount: cut(BigInt(b.balance), b.metadata.decimals, 3).text,
    cents: b.value === null ? null : cents(b.value),
  }))
  const total = rows.reduce((sum: bigint, r: any) => sum + (r.cents ?? 0n), 0n)
  // no price known for any row: the total is unknown too ("–"), never $0.00
  const unknown = rows.length > 0 && rows.every((r: any) => r.cents === null)
  return { rows, total: unknown ? '–' : dollars(total) }
}

// a plain ETH transfer from an anvil account (unlocked: the dev wallet is anvil's first)
const send = (rpc: string, from: string, to: string) =>
  fetch(rpc, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_sendTransaction',
      params: [{ from, to, value: '0x1' }],
    }),
  }).then((r) => r.json())

async function openTab(page: Page, tab: 'tokens' | 'nfts' | 'activity') {
  await page.getByTestId(`account-tab-${tab}`).click()
  await page.getByTestId(`account-panel-${tab}`).waitFor()
}

async function checkTokens(page: Page, address: string, chain: string) {
  await openTab(page, 'tokens')
  const want = await expectedTokens(address, chain)
  for (const r of want.rows) {
    const row = page.getByTestId(`token-item-${r.symbol}`)
    await expect.poll(() => row.textContent()).toContain(`${r.amount} ${r.symbol}`)
    const text = (await row.textContent())!
    if (r.cents === null) expect(text).toContain('–')
    else expect(text).toContain(dollars(r.cents))
  }
  await expect.poll(() => page.getByTestId('tokens-total').textContent()).toBe(want.total)
  return want
}

async function checkNfts(page: Page, address: string, chain: string): Promise<string[]> {
  await openTab(page, 'nfts')
  const { nfts } = await api(`/v1/nfts/${address}?chainId=${chain}`)
  expect(nfts.length).toBeGreaterThan(0)
  for (const n of nfts) {
    expect(n.contract).toBe(LOCAL_COLLECTION_ADDRESS)
    const item = page.getByTestId(`nft-item-${n.contract}-${n.tokenId}`)
    await expect.poll(() => item.textContent()).toContain(n.name)
    expect(await item.textContent()).toContain('Foyer Lanterns')
    // the image is the server's own, and it loaded
    await expect
      .poll(() => item.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0)
  }
  return nfts.map((n: any) => n.tokenId as string)
}

async function checkActivity(page: Page, address: string, chain: string): Promise<string[]> {
  await openTab(page, 'activity')
  const { data, next } = await api(`/v1/transactions/${address}?chainId=${chain}`)
  if (next) {
    // the next page arrives when "Load more" scrolls into view
    const { data: more } = await api(`/v1/transactions/${address}?chainId=${chain}&cursor=${next}`)
    const last = page.getByTestId(`activity-item-${more[0].id}`)
    expect(await last.count()).toBe(0)
    await page.getByTestId('activity-load-more').scrollIntoViewIfNeeded()
    await last.waitFor()
  }
  const spam = data.filter(
    (t: any) => t.transfers.length > 0 && t.transfers.every((x: any) => x.fungible_info?.spam || x.nft_info?.spam),
  )
  expect(spam.map((t: any) => t.transfers[0].fungible_info.symbol)).toEqual([SPAM_TOKEN.symbol])
  const shown = data.filter((t: any) => !spam.includes(t))
  await page.getByTestId(`activity-item-${shown[0].id}`).waitFor()
  for (const t of shown.slice(0, 6)) {
    const amount = await page.getByTestId(`activity-item-${t.id}`).getByTestId('activity-amount').textContent()
    const x = t.transfers[0]
    if (t.transfers.length !== 1) continue
    const sign =
      t.metadata.operationType === 'receive' ? '+' : ['burn', 'send'].includes(t.metadata.operationType) ? '-' : ''
    if (x.nft_info) expect(amount).toBe(`${sign}${x.nft_info.name}`)
    else {
      const [int, frac = ''] = x.quantity.numeric.split('.')
      const grouped = BigInt(int).toLocaleString('en-US')
      expect(amount).toBe(`${sign}${grouped}.${frac.slice(0, 3).padEnd(3, '0')} ${x.fungible_info.symbol}`)
    }
  }
  expect(await page.getByTestId(`activity-item-${spam[0].id}`).count()).toBe(0)
  return shown.map((t: any) => t.id as string)
}

describe("the Account's Tokens, NFTs and Activity tabs", () => {
  it('show the dev wallet’s tokens, NFTs and activity on the active chain, and follow a chain switch', async () => {
    // a history longer than one page (20): a dozen more transfers from the dev wallet, indexed
    const rpc = stack.services.need('chains').chains.find((c) => c.chainId === 1)!.rpcUrl
    for (let i = 0; i < 12; i++) await send(rpc, DEV_WALLET_ADDRESS, `0x${(i + 1).toString(16).padStart(40, '0')}`)
    await expect
      .poll(async () => (await api(`/v1/transactions/${DEV_WALLET_ADDRESS}?chainId=eip155:1`)).next, {
        timeout: 20_000,
      })
      .toBeTruthy()

    const { page, errors, scripts } = await openDemo(stack)
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('wallet-selector-dev.foyer.wallet').click()
    await page.getByTestId('foyer-view-Connect').waitFor({ state: 'detached' })
    // nothing of the tabs is downloaded before the Account view opens
    expect(scripts.filter((s) => /portfolio-|activity-/.test(s))).toEqual([])
    await page.getByTestId('account-button').first().click()
    await page.getByTestId('account-panel-tokens').waitFor()

    const on1 = await checkTokens(page, DEV_WALLET_ADDRESS, 'eip155:1')
    expect(on1.rows.map((r: any) => r.symbol).sort()).toEqual(['DAI', 'ETH', 'USDC', 'USDT'])
    // thousands grouped in the visitor's locale (en-US here): "10,009.749 ETH", not "10009.749 ETH"
    const eth = on1.rows.find((r: any) => r.symbol === 'ETH')
    expect(eth.amount).toMatch(/^\d{1,3}(,\d{3})+\.\d{3}$/)
    expect(await page.getByTestId('token-item-ETH').textContent()).toContain(`${eth.amount} ETH`)
    expect(on1.total).toMatch(/^\$\d{1,3}(,\d{3})+\.\d{2}$/)
    const nfts1 = await checkNfts(page, DEV_WALLET_ADDRESS, 'eip155:1')
    const tx1 = await checkActivity(page, DEV_WALLET_ADDRESS, 'eip155:1')

    await page.evaluate(() => (window as any).foyer.switchNetwork('eip155:8453'))
    await checkTokens(page, DEV_WALLET_ADDRESS, 'eip155:8453')
    const nfts2 = await checkNfts(page, DEV_WALLET_ADDRESS, 'eip155:8453')
    expect(nfts2).not.toEqual(nfts1)
    const tx2 = await checkActivity(page, DEV_WALLET_ADDRESS, 'eip155:8453')
    expect(tx2.some((id) => tx1.includes(id))).toBe(false)
    expect(await page.getByTestId(`activity-item-${tx1[0]}`).count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('group amounts in the visitor’s locale: a de-DE browser reads "10.009,749 ETH" and "$30.029.249,74"', async () => {
    const { page, errors } = await openDemo(stack, undefined, stack.demo.url, { locale: 'de-DE' })
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('wallet-selector-dev.foyer.wallet').click()
    await page.getByTestId('foyer-view-Connect').waitFor({ state: 'detached' })
    await page.getByTestId('account-button').first().click()
    await expect.poll(() => page.getByTestId('account-balance').textContent()).toMatch(/^\d{1,3}(\.\d{3})+,\d{3} ETH$/)
    await openTab(page, 'tokens')
    // the en-US figures of the API, with the marks swapped as de-DE writes them
    const want = await expectedTokens(DEV_WALLET_ADDRESS, 'eip155:1')
    const de = (s: string) => s.replace(/[,.]/g, (m) => (m === ',' ? '.' : ','))
    for (const r of want.rows)
      await expect
        .poll(() => page.getByTestId(`token-item-${r.symbol}`).textContent())
        .toContain(`${de(r.amount)} ${r.symbol}`)
    expect(want.rows.find((r: any) => r.symbol === 'ETH').amount).toMatch(/,/)
    await expect.poll(() => page.getByTestId('tokens-total').textContent()).toBe(de(want.total))
    expect(errors).toEqual([])
  })

  it('show SOL and the SPL token of the Solana test wallet from the local Solana node', async () => {
    const node = stack.services.need('solana')
    const holder: { wallet?: Awaited<ReturnType<typeof installSolanaTestWallet>> } = {}
    const { page, errors } = await openDemo(stack, async (p) => {
      holder.wallet = await installSolanaTestWallet(p, { secretKey: SOLANA_DEV_WALLET_SECRET_KEY, rpcUrl: node.url })
    })
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(`wallet-selector-${holder.wallet!.connectorId}`).click()
    await page.getByTestId('foyer-view-Connect').waitFor({ state: 'detached' })
    await page.getByTestId('account-button').first().click()
    const want = await checkTokens(page, holder.wallet!.address, node.chain.caipNetworkId)
    expect(want.rows.map((r: any) => r.symbol).sort()).toEqual(['SOL', 'USDC'])
    expect(want.rows.find((r: any) => r.symbol === 'SOL').amount).toBe('10.000')
    // no NFTs or Activity tab on Solana (EVM only)
    expect(await page.getByTestId('account-tab-activity').count()).toBe(0)
    expect(await page.getByTestId('account-tab-nfts').count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('with the API unreachable: "Token Balance Unavailable", and "Failed to fetch transactions" with an empty list', async () => {
    const { page } = await openDemo(stack)
    await page.route(/\/v1\/(balances|transactions)\//, (route) => route.abort('connectionrefused'))
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('wallet-selector-dev.foyer.wallet').click()
    await page.getByTestId('foyer-view-Connect').waitFor({ state: 'detached' })
    await page.getByTestId('account-button').first().click()
    await expect.poll(() => page.getByText('Token Balance Unavailable').count()).toBeGreaterThan(0)
    await page.getByTestId('tokens-failed').waitFor()
    await openTab(page, 'activity')
    await expect.poll(() => page.getByText('Failed to fetch transactions').count()).toBeGreaterThan(0)
    await page.getByTestId('activity-empty').waitFor()
  })

  it('show the wallet’s own view of its assets when it answers wallet_getAssets (EIP-7811), at the wallet’s prices', async () => {
    const chains = stack.services.need('chains').chains
    const chain1 = chains.find((c) => c.chainId === 1)!
    const usdc = chain1.tokens.find((t) => t.symbol === 'USDC')!.address as Hex
    const holder: { wallet?: TestWallet } = {}
    const { page, errors } = await openDemo(stack, async (p) => {
      holder.wallet = await installTestWallet(p, {
        privateKey: DEV_WALLET_PRIVATE_KEY,
        chains: chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })),
        // the wallet tracks ETH and USDC only, at its own prices; the operator's API would list DAI and USDT too
        assets: { tokens: [usdc], prices: { ETH: 1000, USDC: 1 } },
      })
    })
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
    await page.getByTestId('foyer-view-Connect').waitFor({ state: 'detached' })
    await page.getByTestId('account-button').first().click()
    await openTab(page, 'tokens')

    const client = createPublicClient({ transport: http(chain1.rpcUrl, { retryCount: 0 }) })
    const eth = await client.getBalance({ address: DEV_WALLET_ADDRESS })
    const held = await client.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [DEV_WALLET_ADDRESS],
    })
    const ethRow = page.getByTestId('token-item-ETH')
    await expect.poll(() => ethRow.textContent()).toContain(`${cut(eth, 18, 3).text} ETH`)
    // priced by the wallet: 1000 USD per ETH, cut to cents
    expect(await ethRow.textContent()).toContain(dollars((eth * 1000n * 100n) / 10n ** 18n))
    const usdcRow = page.getByTestId('token-item-USDC')
    expect(await usdcRow.textContent()).toContain(`${cut(held, 6, 3).text} USDC`)
    expect(await usdcRow.textContent()).toContain(dollars((held * 100n) / 10n ** 6n))
    expect(await page.getByTestId('token-item-DAI').count()).toBe(0)
    expect(await page.getByTestId('token-item-USDT').count()).toBe(0)
    const asked = holder.wallet!.log.filter((l) => l.method === 'wallet_getAssets')
    expect(asked[0]?.params).toEqual([{ account: DEV_WALLET_ADDRESS, chainFilter: ['0x1'] }])
    expect(errors).toEqual([])
  })
})
