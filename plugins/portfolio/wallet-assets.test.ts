import { describe, expect, it } from 'vitest'
import { isValidWalletAsset, toWalletBalances } from './wallet-assets.js'

const meta = (over: Record<string, unknown> = {}) => ({
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: 6,
  price: 1,
  iconUrl: '',
  ...over,
})
const usdc = { address: '0xa0b8', balance: '0x2625a0', type: 'ERC20', metadata: meta() }

describe('the wallet’s own assets (EIP-7811)', () => {
  it('keeps only SPEC §5 valid assets and drops 0-decimal tokens', () => {
    expect(isValidWalletAsset(usdc)).toBe(true)
    expect(isValidWalletAsset({ ...usdc, type: 'ERC721' })).toBe(false)
    expect(isValidWalletAsset({ ...usdc, balance: 12 })).toBe(false)
    expect(isValidWalletAsset({ ...usdc, balance: '0xzz' })).toBe(false)
    expect(isValidWalletAsset({ ...usdc, metadata: meta({ price: '1' }) })).toBe(false)
    expect(isValidWalletAsset({ ...usdc, metadata: meta({ iconUrl: undefined }) })).toBe(false)
    expect(isValidWalletAsset({ ...usdc, metadata: meta({ decimals: 1.5 }) })).toBe(false)
    const out = toWalletBalances({
      caipNetworkId: 'eip155:1',
      address: '0x1',
      assets: [usdc, { ...usdc, metadata: meta({ decimals: 0 }) }, 'junk'],
    })
    expect(out).toEqual([
      {
        caipNetworkId: 'eip155:1',
        address: 'eip155:1:0xa0b8',
        type: 'ERC20',
        name: 'USD Coin',
        symbol: 'USDC',
        decimals: 6,
        balance: '2500000',
        quantity: '2.5',
        price: '1',
        value: '2.5',
        priceSource: 'wallet',
      },
    ])
  })

  it('reads the native asset, and a price of 0 as unknown, never $0.00', () => {
    const [eth] = toWalletBalances({
      caipNetworkId: 'eip155:8453',
      address: '0x1',
      assets: [
        {
          address: 'native',
          balance: '0xde0b6b3a7640000',
          type: 'native',
          metadata: meta({ name: 'Ether', symbol: 'ETH', decimals: 18, price: 0 }),
        },
      ],
    })
    expect(eth).toMatchObject({ address: 'eip155:8453:native', type: 'NATIVE', quantity: '1' })
    expect(eth.price).toBeUndefined()
    expect(eth.value).toBeUndefined()
    const [tiny] = toWalletBalances({
      caipNetworkId: 'eip155:1',
      address: '0x1',
      assets: [{ ...usdc, metadata: meta({ price: 1e-7 }) }],
    })
    expect(tiny.price).toBe('0.0000001')
  })
})
