import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChains, DEPLOYER_ADDRESS, type LocalChains } from '../../chains/index.js'
import { LOCAL_COLLECTION_ADDRESS, SPAM_TOKEN, SPAMMER_ADDRESS } from '../../chains/extras.js'
import { startIndexer, type Indexer } from '../../indexer/index.js'
import { createTestApi, type TestApi } from '../testing/harness.js'
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, type Address } from 'viem'
import { uniswapV2RouterAbi } from '../../chains/amm.js'

const forged = (key: number[]) => Buffer.from(JSON.stringify(key)).toString('base64url')
const owner = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
let local: LocalChains
let api: TestApi
let indexer: Indexer

beforeAll(async () => {
  local = await startChains({ chains: [{ chainId: 1 }, { chainId: 8453 }], fund: [owner] })
  api = await createTestApi({ config: { chains: local.chains } })
  indexer = startIndexer({ store: api.store, chains: local.chains, pollMs: 50 })
  await indexer.sync()
})

afterAll(async () => {
  await indexer?.stop()
  await local?.close()
  await api?.close()
})

describe('GET /v1/transactions/{address}', () => {
  it('pages through the indexed history with an opaque cursor', async () => {
    const seen: any[] = []
    let cursor: string | undefined
    for (let i = 0; i < 10; i++) {
      const res = await api.client.get<any>(`/v1/transactions/${owner}`, {
        query: { chainId: 'eip155:1', limit: 3, cursor },
      })
      expect(res.status).toBe(200)
      expect(res.body.data.length).toBeLessThanOrEqual(3)
      seen.push(...res.body.data)
      cursor = res.body.next ?? undefined
      if (!cursor) break
    }
    // newest first: the spam airdrop and three NFT mints (extras.ts), then seed.ts's history of the wallet
    expect(seen).toHaveLength(11)
    expect(new Set(seen.map((t) => t.id)).size).toBe(11)
    const [airdrop, mint3, , mint1, failed, usdcOut, ethOut, daiIn] = seen
    expect(airdrop.metadata).toMatchObject({ operationType: 'receive', sentFrom: SPAMMER_ADDRESS, sentTo: owner })
    expect(airdrop.transfers).toEqual([
      {
        fungible_info: {
          name: SPAM_TOKEN.name,
          symbol: 'CLAIM',
          icon: { url: 'http://127.0.0.1:8787/v1/icons/tokens/CLAIM' },
          spam: true,
        },
        direction: 'in',
        quantity: { numeric: '5000', decimals: 18 },
        value: null,
        price: null,
      },
    ])
    expect(mint1.metadata).toMatchObject({ operationType: 'mint', sentTo: owner })
    expect(mint3.transfers).toEqual([
      {
        nft_info: {
          name: 'Foyer Lanterns #3',
          collection: 'Foyer Lanterns',
          contract: LOCAL_COLLECTION_ADDRESS,
          tokenId: '3',
          image: { url: `http://127.0.0.1:8787/v1/nfts/eip155:1/${LOCAL_COLLECTION_ADDRESS}/3/image` },
          spam: false,
        },
        direction: 'in',
        quantity: { numeric: '1', decimals: 0 },
        value: null,
        price: null,
      },
    ])
    expect(failed.metadata).toMatchObject({
      status: 'failed',
      operationType: 'execute',
      chain: 'eip155:1',
      sentFrom: owner,
    })
    expect(failed.transfers).toEqual([])
    expect(usdcOut.metadata).toMatchObject({
      status: 'confirmed',
      operationType: 'send',
      sentFrom: owner,
      sentTo: DEPLOYER_ADDRESS,
    })
    expect(usdcOut.transfers).toEqual([
      expect.objectContaining({
        direction: 'out',
        quantity: { numeric: '12.5', decimals: 6 },
        price: '1',
        value: '12.5',
        fungible_info: expect.objectContaining({ symbol: 'USDC', spam: false }),
      }),
    ])
    // ETH is priced from the seeded ETH/USDC pool (100 ETH / 300,000 USDC)
    expect(ethOut.transfers[0]).toMatchObject({
      direction: 'out',
      quantity: { numeric: '0.25' },
      price: '3000',
      value: '750',
      fungible_info: { symbol: 'ETH', spam: false },
    })
    expect(daiIn.metadata).toMatchObject({ operationType: 'receive', sentFrom: DEPLOYER_ADDRESS, sentTo: owner })
    expect(daiIn.transfers[0]).toMatchObject({ direction: 'in', quantity: { numeric: '2500', decimals: 18 } })
    expect(Date.parse(seen[10].metadata.minedAt)).toBeLessThanOrEqual(Date.parse(seen[0].metadata.minedAt))
  })

  it('flags a deny-listed token as spam, whatever the rule says', async () => {
    const usdc = local.chains[0].tokens[0].address
    const denied = await createTestApi({
      store: api.store,
      config: { chains: local.chains, spamTokens: [`eip155:1:${usdc}`] },
    })
    const res = await denied.client.get<any>(`/v1/transactions/${owner}`, {
      query: { chainId: 'eip155:1', limit: 100 },
    })
    const usdcTransfers = res.body.data
      .flatMap((t: any) => t.transfers)
      .filter((t: any) => t.fungible_info?.symbol === 'USDC')
    expect(usdcTransfers.map((t: any) => t.fungible_info.spam)).toEqual([true, true])
    const eth = res.body.data.flatMap((t: any) => t.transfers).filter((t: any) => t.fungible_info?.symbol === 'ETH')
    expect(eth.every((t: any) => t.fungible_info.spam === false)).toBe(true)
  })

  it('lists every configured chain when no chainId is given', async () => {
    const res = await api.client.get<any>(`/v1/transactions/${owner.toLowerCase()}`, { query: { limit: 100 } })
    expect(res.body.data).toHaveLength(21)
    expect(new Set(res.body.data.map((t: any) => t.metadata.chain))).toEqual(new Set(['eip155:1', 'eip155:8453']))
    expect(res.body.next).toBeNull()
  })

  it('answers an empty page for an address with no history', async () => {
    const res = await api.client.get(`/v1/transactions/0x000000000000000000000000000000000000bEEF`, {
      query: { chainId: 'eip155:1' },
    })
    expect(res.body).toEqual({ data: [], next: null })
    const testnet = await api.client.get(`/v1/transactions/${owner}`, { query: { chainId: 'eip155:11155111' } })
    expect(testnet.body).toEqual({ data: [], next: null })
  })

  it('rejects bad input with 400 JSON errors', async () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      ['/v1/transactions/0xnope', {}, 'invalid_address'],
      [`/v1/transactions/${owner}`, { chainId: 'eip155:10' }, 'unknown_chain'],
      [`/v1/transactions/${owner}`, { cursor: 'garbage' }, 'invalid_cursor'],
      // Issue 20 #6: forged cursors whose numbers do not fit the columns (tx index is a 32-bit integer).
      [`/v1/transactions/${owner}`, { cursor: forged([1_700_000_000, 1, 5, 2 ** 31]) }, 'invalid_cursor'],
      [`/v1/transactions/${owner}`, { limit: '0' }, 'invalid_query'],
      [`/v1/transactions/${owner}`, { limit: 'ten' }, 'invalid_query'],
    ]
    for (const [path, query, code] of cases) {
      const res = await api.client.get<any>(path, { query })
      expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(400)
      expect(res.body.error).toBe(code)
      expect(res.body.reasons[0].description.length).toBeGreaterThan(5)
    }
  })

  // Issue 33: a swap called "Send". What each transaction was comes from its transfers and logs on chain.
  it('calls a swap a swap (both legs) and an approval an approval (its allowance), from the chain', async () => {
    const trader: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' // anvil account #3, unlocked
    const chain = local.chains[0]
    const usdc = chain.tokens.find((t) => t.symbol === 'USDC')!.address as Address
    const { router, weth } = chain.uniswapV2!
    const wallet = createWalletClient({ account: trader, transport: http(chain.rpcUrl) })
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600)
    const request = {
      address: router,
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [weth, usdc], trader, deadline],
      value: parseEther('0.1'),
    } as const
    // 20 % over the estimate, as the swap API adds: mined in a later second than the estimate, the pair also writes its
    // price accumulators, and a bare estimate ran out of gas (a reverted swap, "execute": CI, stop 38)
    const estimate = await createPublicClient({ transport: http(chain.rpcUrl) }).estimateContractGas({
      ...request,
      account: trader,
    })
    const swap = await wallet.writeContract({ ...request, chain: null, gas: (estimate * 12n) / 10n })
    const approve = await wallet.writeContract({
      chain: null,
      address: usdc,
      abi: erc20Abi,
      functionName: 'approve',
      args: [router, 25_000_000n],
    })
    const unlimited = await wallet.writeContract({
      chain: null,
      address: usdc,
      abi: erc20Abi,
      functionName: 'approve',
      args: [router, 2n ** 256n - 1n],
    })
    const send = await wallet.writeContract({
      chain: null,
      address: usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [owner, 1_000_000n],
    })
    await indexer.sync()
    const res = await api.client.get<any>(`/v1/transactions/${trader}`, { query: { chainId: 'eip155:1' } })
    expect(res.status).toBe(200)
    const byHash = (h: string) => res.body.data.find((t: any) => t.metadata.hash === h)
    expect(byHash(swap).metadata.operationType).toBe('swap')
    expect(byHash(swap).transfers.map((t: any) => [t.direction, t.fungible_info.symbol])).toEqual([
      ['out', 'ETH'],
      ['in', 'USDC'],
    ])
    expect(byHash(swap).transfers[0].quantity.numeric).toBe('0.1')
    expect(byHash(approve).metadata).toMatchObject({
      operationType: 'approve',
      approval: {
        fungible_info: { symbol: 'USDC' },
        spender: router,
        quantity: { numeric: '25', decimals: 6 },
        unlimited: false,
      },
    })
    expect(byHash(approve).transfers).toEqual([])
    expect(byHash(unlimited).metadata.approval.unlimited).toBe(true)
    expect(byHash(send).metadata.operationType).toBe('send')
    expect(byHash(send).metadata.approval).toBeUndefined()
  })
})
