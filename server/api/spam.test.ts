import { describe, expect, it } from 'vitest'
import type { ChainConfig } from '../types.js'
import type { Market } from './chain-clients.js'
import { tablePriceSource } from './prices.js'
import { spamPolicy, type SpamQuery } from './spam.js'

const listed = '0x1111111111111111111111111111111111111111'
const chain: ChainConfig = {
  chainId: 1,
  caipNetworkId: 'eip155:1',
  name: 'Ethereum',
  rpcUrl: 'http://127.0.0.1:9',
  nativeSymbol: 'ETH',
  nativeName: 'Ether',
  nativeDecimals: 18,
  testnet: false,
  tokens: [{ address: listed, symbol: 'USDC', name: 'USD Coin', decimals: 6 }],
}
const unknown = '0x2222222222222222222222222222222222222222'

function market(priced: string[], liquid: string[]): Market {
  return {
    prices: { price: async (q) => (priced.includes(q.token ?? '') ? { usd: '1', source: 'test' } : undefined) },
    hasLiquidity: async (_c, token) => liquid.includes(token),
  }
}
const q = (over: Partial<SpamQuery>): SpamQuery => ({
  chain,
  token: unknown,
  standard: 'erc20',
  symbol: 'X',
  decimals: 18,
  unsolicited: true,
  ...over,
})

describe('spam policy', () => {
  it('flags an unsolicited, unpriced, illiquid, unlisted token, and nothing short of all four', async () => {
    const none = spamPolicy({ spamTokens: [] }, market([], []))
    expect(await none.isSpam(q({}))).toBe(true)
    expect(await none.isSpam(q({ unsolicited: false }))).toBe(false)
    expect(await none.isSpam(q({ token: listed }))).toBe(false)
    expect(await spamPolicy({ spamTokens: [] }, market([unknown], [])).isSpam(q({}))).toBe(false)
    expect(await spamPolicy({ spamTokens: [] }, market([], [unknown])).isSpam(q({}))).toBe(false)
  })

  it("flags a look-alike named like a token the operator's table prices: the table knows addresses, not names", async () => {
    const table = tablePriceSource({ [`eip155:1:${listed}`]: '1' })
    const policy = spamPolicy({ spamTokens: [] }, { prices: table, hasLiquidity: async () => false })
    expect(await policy.isSpam(q({ symbol: 'USDC', decimals: 6 }))).toBe(true)
  })

  it('flags what the deny list names (CAIP-10 on its chain, a bare address everywhere), NFTs only so', async () => {
    const byId = spamPolicy({ spamTokens: [`eip155:1:${listed.toUpperCase().replace('0X', '0x')}`] }, market([], []))
    expect(await byId.isSpam(q({ token: listed, unsolicited: false }))).toBe(true)
    expect(await byId.isSpam(q({ token: listed, chain: { ...chain, caipNetworkId: 'eip155:10' } }))).toBe(false)
    const bare = spamPolicy({ spamTokens: [unknown] }, market([], []))
    expect(await bare.isSpam(q({ standard: 'erc721', unsolicited: false }))).toBe(true)
    expect(await spamPolicy({ spamTokens: [] }, market([], [])).isSpam(q({ standard: 'erc721' }))).toBe(false)
  })
})
