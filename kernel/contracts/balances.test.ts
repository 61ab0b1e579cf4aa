// The portfolio contract's balance lookup: SPEC §5 asset validation (every malformed shape dropped), 0-decimal tokens dropped,
// one request shared by every reader, the 30 s cache, and "Token Balance Unavailable" with retries blocked 30 s.
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import {
  isValidAsset,
  loadBalances,
  toTokenBalances,
  TokenBalanceRetryBlockMs,
  TokenBalanceUnavailable,
  type HttpClient,
} from '../index.js'
import { createTestKernel, type TestKernel } from '../testing/test-kernel.js'

const CHAIN = 'eip155:1'
const valid = () => ({
  address: `${CHAIN}:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48`,
  balance: '1234567',
  type: 'ERC20',
  chainId: CHAIN,
  metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: '0.9998', iconUrl: 'http://api/usdc.svg' },
})

// A wrong value for every field: other types, out-of-range numbers, malformed decimals.
const wrong = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.constantFrom('', '-1', '1.5', '1e18', 'abc', ' 1'),
)
const fields = ['address', 'balance', 'type', 'metadata'] as const
const metaFields = ['name', 'symbol', 'decimals', 'price', 'iconUrl'] as const
// values that would pass for the field, so the mutation is a real one
const acceptable = (field: string, v: unknown): boolean =>
  (['address', 'name', 'symbol', 'iconUrl'].includes(field) && typeof v === 'string') ||
  (field === 'balance' && typeof v === 'string' && /^\d+$/.test(v)) ||
  (field === 'decimals' && Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 255) ||
  (field === 'price' && (v === null || (typeof v === 'string' && /^\d+(\.\d+)?$/.test(v))))

describe('SPEC §5 asset validation', () => {
  it('keeps a well-formed asset, with its amount and value as exact decimals', () => {
    expect(toTokenBalances({ balances: [valid()] }, CHAIN)).toEqual([
      expect.objectContaining({ symbol: 'USDC', quantity: '1.234567', price: '0.9998', value: '1.2343200866' }),
    ])
  })

  it('drops every malformed shape', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fields, ...metaFields), wrong, fc.boolean(), (field, value, remove) => {
        const asset = valid() as Record<string, unknown>
        const target = (metaFields as readonly string[]).includes(field)
          ? (asset.metadata as Record<string, unknown>)
          : asset
        if (remove && field !== 'price') delete target[field]
        else if (acceptable(field, value)) return
        else target[field] = value
        expect(isValidAsset(asset)).toBe(false)
        expect(toTokenBalances({ balances: [asset, valid()] }, CHAIN)).toHaveLength(1)
      }),
    )
  })

  it('drops any type but ERC20 and NATIVE, whole answers of the wrong shape, and other chains', () => {
    fc.assert(
      fc.property(fc.string(), (type) => {
        fc.pre(type !== 'ERC20' && type !== 'NATIVE')
        expect(isValidAsset({ ...valid(), type })).toBe(false)
      }),
    )
    for (const body of [null, 'x', [], { balances: {} }, { balances: [null, 1, 'x'] }])
      expect(toTokenBalances(body, CHAIN)).toEqual([])
    expect(toTokenBalances({ balances: [{ ...valid(), chainId: 'eip155:10' }] }, CHAIN)).toEqual([])
  })

  it('drops tokens with 0 decimals (low quality); an unknown price leaves no value', () => {
    const zero = { ...valid(), metadata: { ...valid().metadata, decimals: 0 } }
    const unpriced = { ...valid(), metadata: { ...valid().metadata, price: null } }
    const out = toTokenBalances({ balances: [zero, unpriced] }, CHAIN)
    expect(out).toHaveLength(1)
    expect(out[0]).not.toHaveProperty('price')
    expect(out[0]).not.toHaveProperty('value')
  })
})

describe('loadBalances', () => {
  const kernels: TestKernel[] = []
  afterEach(() => kernels.splice(0).forEach((k) => k.dispose()))
  const setup = (answer: () => unknown) => {
    const calls: unknown[] = []
    const http = {
      get: async (req: unknown) => {
        calls.push(req)
        return answer()
      },
    } as unknown as HttpClient
    const k = createTestKernel({ http })
    kernels.push(k)
    const ctx = { http, storage: k.storage, clock: k.clock, request: k.request }
    return { k, ctx, calls }
  }

  it('one request serves every reader at once, and the answer is kept 30 s', async () => {
    const { k, ctx, calls } = setup(() => ({ balances: [valid()] }))
    const [a, b] = await Promise.all([loadBalances(ctx, '0xabc', CHAIN), loadBalances(ctx, '0xABC', CHAIN)])
    expect(a).toBe(b)
    expect(calls).toHaveLength(1)
    k.clock.advance(29_000)
    await loadBalances(ctx, '0xabc', CHAIN)
    expect(calls).toHaveLength(1)
    k.clock.advance(2_000)
    await loadBalances(ctx, '0xabc', CHAIN)
    expect(calls).toHaveLength(2)
  })

  it('a failure shows the snackbar once and blocks new requests for 30 s', async () => {
    let fail = true
    const { k, ctx, calls } = setup(() => {
      if (fail) throw new Error('offline')
      return { balances: [valid()] }
    })
    await expect(loadBalances(ctx, '0xabc', CHAIN)).rejects.toThrow('offline')
    expect(k.getState().snackbar).toMatchObject({ message: TokenBalanceUnavailable, variant: 'error' })
    fail = false
    k.clock.advance(TokenBalanceRetryBlockMs - 1)
    await expect(loadBalances(ctx, '0xabc', CHAIN)).rejects.toMatchObject({ code: 'TOKEN_BALANCE_UNAVAILABLE' })
    expect(calls).toHaveLength(1)
    k.clock.advance(1)
    await expect(loadBalances(ctx, '0xabc', CHAIN)).resolves.toHaveLength(1)
    expect(calls).toHaveLength(2)
  })

  it('a fresh read asks again within the 30 s and leaves its answer for every reader; a failure block still holds', async () => {
    let balance = '1000000'
    let fail = false
    const { k, ctx, calls } = setup(() => {
      if (fail) throw new Error('offline')
      return { balances: [{ ...valid(), balance }] }
    })
    expect((await loadBalances(ctx, '0xabc', CHAIN))[0].quantity).toBe('1')
    balance = '50250000'
    expect((await loadBalances(ctx, '0xabc', CHAIN))[0].quantity).toBe('1')
    expect(calls).toHaveLength(1)
    expect((await loadBalances(ctx, '0xabc', CHAIN, true))[0].quantity).toBe('50.25')
    expect(calls).toHaveLength(2)
    // the cached answer is now the fresh one
    expect((await loadBalances(ctx, '0xABC', CHAIN))[0].quantity).toBe('50.25')
    expect(calls).toHaveLength(2)
    // a fresh read does not join an older lookup still in flight
    k.clock.advance(31_000)
    const [older, fresh] = [loadBalances(ctx, '0xabc', CHAIN), loadBalances(ctx, '0xabc', CHAIN, true)]
    await Promise.all([older, fresh])
    expect(calls).toHaveLength(4)
    fail = true
    await expect(loadBalances(ctx, '0xabc', CHAIN, true)).rejects.toThrow('offline')
    await expect(loadBalances(ctx, '0xabc', CHAIN, true)).rejects.toMatchObject({ code: 'TOKEN_BALANCE_UNAVAILABLE' })
    expect(calls).toHaveLength(5)
  })
})
