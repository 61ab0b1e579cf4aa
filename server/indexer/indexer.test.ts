import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  parseEther,
  parseUnits,
  type Address,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { spawnAnvil, startChains, type LocalChains } from '../chains/index.js'
import { testTokenAbi } from '../contracts/compile.js'
import { openTestStore } from '../api/testing/store.js'
import type { Store } from '../store/store.js'
import { readHistory, startIndexer, type HistoryEntry, type Indexer } from './index.js'
import { LOCAL_COLLECTION_ADDRESS, SPAM_TOKEN, SPAM_TOKEN_ADDRESS } from '../chains/extras.js'
import { readNftHoldings, readTokens } from './tokens.js'

const key = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as const
const wallet = privateKeyToAccount(key)
const stranger: Address = '0x000000000000000000000000000000000000dEaD'
const ZERO = '0x0000000000000000000000000000000000000000'

let local: LocalChains
let store: Store
let indexer: Indexer | undefined

beforeAll(async () => {
  ;[local, store] = await Promise.all([
    startChains({ chains: [{ chainId: 31337 }, { chainId: 8453 }], fund: [wallet.address] }),
    openTestStore(),
  ])
})

afterAll(async () => {
  await indexer?.stop()
  await local?.close()
  await store?.close()
})

async function allHistory(address: string, chainIds: number[], limit: number): Promise<HistoryEntry[]> {
  const out: HistoryEntry[] = []
  let cursor: string | undefined
  for (let i = 0; i < 100; i++) {
    const page = await readHistory(store, { address, chainIds, cursor, limit })
    expect(page.entries.length).toBeLessThanOrEqual(limit)
    out.push(...page.entries)
    if (!page.next) return out
    cursor = page.next
  }
  throw new Error('paging did not end')
}

describe('startChains + indexer against anvil', () => {
  it('deploys tokens and funds the wallet on every chain', async () => {
    expect(local.chains.map((c) => c.chainId)).toEqual([31337, 8453])
    for (const chain of local.chains) {
      expect(chain.tokens.map((t) => [t.symbol, t.decimals])).toEqual([
        ['USDC', 6],
        ['USDT', 6],
        ['DAI', 18],
      ])
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      const usdc = await client.readContract({
        address: chain.tokens[0].address,
        abi: testTokenAbi,
        functionName: 'balanceOf',
        args: [wallet.address],
      })
      expect(usdc).toBe(parseUnits('987.5', 6))
      expect(await client.getBalance({ address: wallet.address })).toBeGreaterThan(parseEther('9.7'))
    }
  })

  it('indexes every chain from block 0 and pages through the history', async () => {
    indexer = startIndexer({ store, chains: local.chains, pollMs: 50 })
    await indexer.sync()
    const mainnet = await allHistory(wallet.address, [31337], 2)
    // 1 ETH + 3 token receives, a send of ETH, a USDC send and a failed transfer; then two NFT mints and the airdrop
    expect(mainnet).toHaveLength(10)
    expect(new Set(mainnet.map((e) => e.hash)).size).toBe(10)
    const keys = mainnet.map((e) => [e.blockTime, e.blockNumber, e.txIndex])
    expect([...keys].sort((a, b) => b[0] - a[0] || b[1] - a[1] || b[2] - a[2])).toEqual(keys)
    const me = wallet.address.toLowerCase()
    expect(mainnet[0].transfers).toEqual([
      expect.objectContaining({ token: SPAM_TOKEN_ADDRESS.toLowerCase(), to: me, tokenId: null }),
    ])
    expect(mainnet[1].transfers).toEqual([
      {
        logIndex: 0,
        token: LOCAL_COLLECTION_ADDRESS.toLowerCase(),
        from: ZERO,
        to: me,
        amount: '1',
        tokenId: '31337002',
      },
    ])
    expect(mainnet[3].status).toBe('failed')
    expect(mainnet[3].transfers).toEqual([])
    expect(mainnet.filter((e) => e.status === 'confirmed')).toHaveLength(9)
    // every token contract seen is stored with its metadata, configured or not
    const tokens = await readTokens(
      store,
      [31337],
      [LOCAL_COLLECTION_ADDRESS.toLowerCase(), SPAM_TOKEN_ADDRESS.toLowerCase()],
    )
    expect([...tokens.values()].map((t) => [t.standard, t.name, t.symbol, t.decimals]).sort()).toEqual([
      ['erc20', SPAM_TOKEN.name, 'CLAIM', 18],
      ['erc721', 'Foyer Lanterns', 'LANTERN', null],
    ])
    // newest arrival first
    expect((await readNftHoldings(store, wallet.address, [31337])).map((n) => n.tokenId)).toEqual([
      '31337002',
      '31337001',
    ])
    const usdc = local.chains[0].tokens[0].address.toLowerCase()
    const usdcIn = mainnet.find((e) =>
      e.transfers.some((t) => t.token === usdc && t.to === wallet.address.toLowerCase()),
    )
    expect(usdcIn?.transfers[0].amount).toBe(parseUnits('1000', 6).toString())
    const both = await allHistory(wallet.address, [31337, 8453], 3)
    expect(both).toHaveLength(20)
  })

  it('picks up new blocks while running and resumes after a restart without duplicates', async () => {
    const chain = local.chains[0]
    const client = createWalletClient({
      account: wallet,
      transport: http(chain.rpcUrl),
      chain: {
        id: chain.chainId,
        name: 'x',
        nativeCurrency: { name: 'E', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      },
    })
    await client.writeContract({
      address: chain.tokens[2].address,
      abi: testTokenAbi,
      functionName: 'transfer',
      args: [stranger, parseEther('1')],
    })
    await indexer!.sync()
    const [latest] = (await readHistory(store, { address: wallet.address, chainIds: [chain.chainId], limit: 1 }))
      .entries
    expect(latest.transfers).toEqual([
      expect.objectContaining({
        token: chain.tokens[2].address.toLowerCase(),
        to: stranger.toLowerCase(),
        amount: parseEther('1').toString(),
      }),
    ])
    const before = indexer!.indexedBlock(chain.chainId)
    await indexer!.stop()
    indexer = startIndexer({ store, chains: local.chains, pollMs: 50 })
    await indexer.sync()
    expect(indexer.indexedBlock(chain.chainId)).toBe(before)
    expect(await allHistory(wallet.address, [chain.chainId], 50)).toHaveLength(11)
  })

  it('rewinds when the chain no longer matches what was stored (reverted snapshot)', async () => {
    const chain = local.chains[1]
    const test = createTestClient({ mode: 'anvil', transport: http(chain.rpcUrl) })
    const snapshot = await test.snapshot()
    const viemChain = {
      id: chain.chainId,
      name: 'x',
      nativeCurrency: { name: 'E', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }
    const client = createWalletClient({ account: wallet, transport: http(chain.rpcUrl), chain: viemChain })
    await client.sendTransaction({ to: stranger, value: parseEther('1') })
    // sync() joins a background poll already in flight, which may have started before this block: sync until it shows.
    await expect
      .poll(async () => (await indexer!.sync(), (await allHistory(stranger, [chain.chainId], 10)).length))
      .toBe(1)
    await test.revert({ id: snapshot })
    await test.mine({ blocks: 2 })
    await indexer!.sync()
    expect(await allHistory(stranger, [chain.chainId], 10)).toHaveLength(0)
    expect(await allHistory(wallet.address, [chain.chainId], 20)).toHaveLength(10)
  })

  it('rewinds everything when the chain behind an RPC URL was replaced by a shorter one', async () => {
    const chain = local.chains[0]
    const fresh = await spawnAnvil({ chainId: chain.chainId })
    try {
      await indexer!.stop()
      indexer = startIndexer({ store, chains: [{ ...chain, rpcUrl: fresh.rpcUrl }], pollMs: 50, onError: () => {} })
      await indexer.sync()
      expect(indexer.indexedBlock(chain.chainId)).toBe(0)
      expect(await allHistory(wallet.address, [chain.chainId], 50)).toHaveLength(0)
      // the other chain's rows are untouched
      expect(await allHistory(wallet.address, [local.chains[1].chainId], 50)).toHaveLength(10)
      expect(await readTokens(store, [chain.chainId], [LOCAL_COLLECTION_ADDRESS.toLowerCase()])).toEqual(new Map())
    } finally {
      await indexer?.stop()
      indexer = undefined
      await fresh.close()
    }
  })

  it('rejects a cursor it did not issue', async () => {
    await expect(
      readHistory(store, { address: wallet.address, chainIds: [1], cursor: 'nonsense', limit: 5 }),
    ).rejects.toThrow('cursor is not valid')
  })
})

describe('indexer start block', () => {
  it('starts a fresh index at the chain startBlock and resumes from what it stored', async () => {
    const own = await openTestStore()
    const chain = { ...local.chains[1], startBlock: 3 }
    const first = startIndexer({ store: own, chains: [chain], pollMs: 50 })
    try {
      await first.sync()
    } finally {
      await first.stop()
    }
    const stored = async () =>
      (
        await own.query<{ number: string | number }>(
          'SELECT number FROM chain_blocks WHERE chain_id = $1 ORDER BY number',
          [chain.chainId],
        )
      ).rows.map((r) => Number(r.number))
    const head = Number(await createPublicClient({ transport: http(chain.rpcUrl) }).getBlockNumber({ cacheTime: 0 }))
    expect(await stored()).toEqual(Array.from({ length: head - 2 }, (_, i) => i + 3))
    // A restart resumes at the stored tip: nothing below the start block appears, nothing is read twice.
    const second = startIndexer({ store: own, chains: [chain], pollMs: 50 })
    try {
      await second.sync()
      expect(second.indexedBlock(chain.chainId)).toBe(head)
      expect((await stored())[0]).toBe(3)
    } finally {
      await second.stop()
      await own.close()
    }
  })
})
