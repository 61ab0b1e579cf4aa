// The portfolio plugin against a scripted API: balances and NFTs of the active account on the active network,
// testnets without a lookup, NFTs on EVM only, prices fed by another plugin, and the list following the network.
import { afterEach, describe, expect, it } from 'vitest'
import type { HttpClient, HttpRequest } from '../../kernel/index.js'
import { createTestKernel, flush, type TestKernel } from '../../kernel/testing/test-kernel.js'
import { createPortfolioPlugin } from './index.js'
import { shownTotal, sortBalances } from './views/TokensView.js'

const ME = '0x1234567890abcdef1234567890abcdef1234abcd'
const networks = [
  { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  { caipNetworkId: 'eip155:11155111', name: 'Sepolia', chainNamespace: 'eip155', nativeSymbol: 'ETH', testnet: true },
] as const
const asset = (chain: string, symbol: string, balance: string, decimals: number, price: string | null) => ({
  address: `${chain}:${symbol === 'ETH' ? 'native' : `0x${symbol}`}`,
  balance,
  type: symbol === 'ETH' ? 'NATIVE' : 'ERC20',
  chainId: chain,
  metadata: { name: symbol, symbol, decimals, price, iconUrl: `http://api/${symbol}.svg` },
})
const api = (req: HttpRequest) => {
  const chain = String(req.params?.chainId)
  if (req.path.startsWith('v1/nfts/'))
    return {
      nfts: [
        {
          id: `${chain}:0xC:1`,
          chainId: chain,
          contract: '0xC',
          tokenId: '1',
          name: 'Foyer #1',
          collection: { name: 'Foyer' },
          imageUrl: 'http://api/1.svg',
        },
        { id: 'bad', chainId: chain, contract: '0xC', tokenId: 'x', name: 'n', collection: { name: 'c' } },
      ],
    }
  return {
    balances: [
      asset(chain, 'ETH', '1500000000000000000', 18, '3012.345'),
      asset(chain, 'USDC', '2500000', 6, '1'),
      asset(chain, 'SPAM', '5', 0, null),
      asset(chain, 'ODD', '7000', 3, null),
    ],
  }
}

const kernels: TestKernel[] = []
afterEach(() => kernels.splice(0).forEach((k) => k.dispose()))
function setup(nets: readonly object[] = networks) {
  const calls: HttpRequest[] = []
  const http = { get: async (req: HttpRequest) => (calls.push(req), api(req)) } as unknown as HttpClient
  const k = createTestKernel({ http, plugins: [createPortfolioPlugin()], config: { networks: [...nets] as never } })
  kernels.push(k)
  const connect = (chain: string, namespace = 'eip155', address = ME) =>
    k.emit('wallet/connected', { namespace, caipAddress: `${chain}:${address}`, connectorId: 'w' })
  return { k, calls, connect }
}

describe('portfolio plugin', () => {
  it('loads balances (valid, non-zero decimals) and NFTs; the total is the sum of the shown rows', async () => {
    const { k, connect } = setup()
    connect('eip155:1')
    await flush()
    const p = k.getState().portfolio!
    expect(p.balances.items.map((b) => b.symbol)).toEqual(['ETH', 'USDC', 'ODD'])
    expect(sortBalances(p.balances.items).map((b) => [b.symbol, b.value ?? null])).toEqual([
      ['ETH', '4518.5175'],
      ['USDC', '2.5'],
      ['ODD', null],
    ])
    expect(shownTotal(p.balances.items)).toBe('$4,521.01')
    expect(p.nfts.items).toEqual([expect.objectContaining({ name: 'Foyer #1', collection: 'Foyer', tokenId: '1' })])
  })

  it('a testnet shows no balances and asks nothing', async () => {
    const { k, calls, connect } = setup()
    connect('eip155:11155111')
    await flush()
    expect(calls).toEqual([])
    expect(k.getState().portfolio!.balances).toEqual({ status: 'loaded', items: [] })
    expect(shownTotal([])).toBe('$0.00')
  })

  it('Solana gets balances but no NFT lookup', async () => {
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    const sol = { caipNetworkId: solana, name: 'Solana', chainNamespace: 'solana', nativeSymbol: 'SOL' } as const
    const { k, calls, connect } = setup([sol])
    connect(solana, 'solana', '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')
    await flush()
    expect(calls.map((c) => c.path)).toEqual(['v1/balances/9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'])
    expect(k.getState().portfolio!.nfts.status).toBe('unavailable')
  })

  it("a price another plugin feeds wins over the server's and says where it came from", async () => {
    const { k, connect } = setup()
    connect('eip155:1')
    await flush()
    k.emit('tokens/pricesReceived', {
      caipNetworkId: 'eip155:1',
      prices: [{ address: 'eip155:1:0xODD', usd: '2', source: 'swap' }],
    })
    const odd = k.getState().portfolio!.balances.items.find((b) => b.symbol === 'ODD')
    expect(odd).toMatchObject({ price: '2', value: '14', priceSource: 'swap' })
  })

  it('tokens that arrive on chain (tokens/balancesChanged) are read afresh within the 30 s cache, for that account only', async () => {
    const { k, calls, connect } = setup()
    connect('eip155:1')
    await flush()
    const balanceCalls = () => calls.filter((c) => c.path.startsWith('v1/balances/')).length
    expect(balanceCalls()).toBe(1)
    k.emit('tokens/balancesChanged', {
      caipNetworkId: 'eip155:1',
      address: '0x00000000000000000000000000000000000fee15',
    })
    k.emit('tokens/balancesChanged', { caipNetworkId: 'eip155:10', address: ME })
    await flush()
    expect(balanceCalls()).toBe(1)
    k.emit('tokens/balancesChanged', { caipNetworkId: 'eip155:1', address: ME.toUpperCase().replace('0X', '0x') })
    await flush()
    expect(balanceCalls()).toBe(2)
    expect(k.getState().portfolio!.balances.status).toBe('loaded')
  })
})
