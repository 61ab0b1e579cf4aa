import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpPriceSource } from './price-sources/http.js'
import { cachedPriceSource, decimalOf, firstPriceSource, ratio, tablePriceSource, usdValue } from './prices.js'

const eth = { caipNetworkId: 'eip155:1', token: null, symbol: 'ETH', decimals: 18 }
const usdc = { ...eth, token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', symbol: 'USDC', decimals: 6 }

describe('price arithmetic on decimal strings', () => {
  it('multiplies and divides without floats, rounding down', () => {
    expect(usdValue('987.5', '1')).toBe('987.5')
    expect(usdValue('0.000000000000000001', '3000')).toBe('0')
    expect(usdValue('123456789012345678901234.5', '2')).toBe('246913578024691357802469')
    expect(ratio(300_000_000_000n, 6, 100n * 10n ** 18n, 18)).toBe('3000')
    expect(ratio(1n, 0, 3n, 0)).toBe('0.333333333333')
    expect(decimalOf(0.1 + 0.2)).toBe('0.3')
    expect(decimalOf('12.50')).toBe('12.5')
    expect(() => decimalOf('-1')).toThrow()
  })
})

describe('price sources', () => {
  it('asks sources in order, a failing one counting as not knowing, and remembers answers for 15 s', async () => {
    let now = 0
    let asked = 0
    const broken = { price: async () => Promise.reject(new Error('down')) }
    const counting = { price: async () => (asked++, { usd: '2', source: 'counting' }) }
    const prices = cachedPriceSource(
      firstPriceSource([broken, tablePriceSource({ 'eip155:1:native': 3000 }), counting]),
      15_000,
      () => now,
    )
    expect(await prices.price(eth)).toEqual({ usd: '3000', source: 'config' })
    expect(await prices.price(usdc)).toEqual({ usd: '2', source: 'counting' })
    now = 14_999
    await prices.price(usdc)
    expect(asked).toBe(1)
    now = 15_000
    await prices.price(usdc)
    expect(asked).toBe(2)
  })
})

describe("the operator's price table", () => {
  it('prices a token by its chain and address (native as "<chain>:native"), never by its symbol', async () => {
    const real = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
    const table = tablePriceSource({ 'eip155:1:native': '3000', [`eip155:1:${real.toLowerCase()}`]: '1' })
    const ask = (caipNetworkId: string, token: string | null, symbol: string) =>
      table.price({ caipNetworkId, token, symbol, decimals: 6 })
    expect(await ask('eip155:1', real, 'USDC')).toEqual({ usd: '1', source: 'config' })
    expect(await ask('eip155:1', null, 'ETH')).toEqual({ usd: '3000', source: 'config' })
    // Anyone can deploy a token called USDC, on this chain or another; ETH on another chain is another coin.
    expect(await ask('eip155:1', '0x2222222222222222222222222222222222222222', 'USDC')).toBeUndefined()
    expect(await ask('eip155:8453', real, 'USDC')).toBeUndefined()
    expect(await ask('eip155:8453', null, 'ETH')).toBeUndefined()
  })
})

describe('httpPriceSource (DefiLlama coins API shape)', () => {
  let server: Server
  let url: string
  const requests: string[] = []
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url!)
      const coins = decodeURIComponent(req.url!.replace('/prices/current/', ''))
      if (coins.includes('broken')) return void res.writeHead(500).end()
      const known: Record<string, unknown> = {
        'coingecko:ethereum': { price: 3012.25, symbol: 'ETH', decimals: 18, confidence: 0.99 },
        'ethereum:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48': { price: 0.9998, symbol: 'USDC', confidence: 0.99 },
      }
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ coins: known[coins] ? { [coins]: known[coins] } : {} }))
    })
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  })
  afterAll(() => new Promise<void>((ok) => server.close(() => ok())))

  it('asks for the native coin and for chain:token coins, and says the price came from it', async () => {
    const source = httpPriceSource({ url })
    expect(await source.price(eth)).toEqual({ usd: '3012.25', source: url.replace(/\/$/, '') })
    expect(await source.price(usdc)).toMatchObject({ usd: '0.9998' })
    expect(requests).toEqual(['/prices/current/coingecko%3Aethereum', `/prices/current/ethereum%3A${usdc.token}`])
  })

  it('knows nothing of unknown coins, unmapped chains and failing answers', async () => {
    const source = httpPriceSource({ url })
    expect(await source.price({ ...usdc, token: '0x000000000000000000000000000000000000dEaD' })).toBeUndefined()
    expect(await source.price({ ...eth, caipNetworkId: 'eip155:31337' })).toBeUndefined()
    expect(await source.price({ ...usdc, token: 'broken' })).toBeUndefined()
  })
})
