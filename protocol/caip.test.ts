import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  evmCaipNetworkId,
  evmChainId,
  formatCaipAddress,
  formatCaipNetworkId,
  isEvmAddress,
  isSolanaAddress,
  KnownNamespaces,
  parseCaipAddress,
  parseCaipNetworkId,
} from './caip.js'

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const hexChars = fc.constantFrom(...'0123456789abcdefABCDEF'.split(''))
const evmAddress = fc
  .tuple(fc.boolean(), fc.string({ unit: hexChars, minLength: 40, maxLength: 40 }))
  .map(([p, h]) => (p ? `0x${h}` : h))
const solAddress = fc.string({ unit: fc.constantFrom(...BASE58.split('')), minLength: 32, maxLength: 44 })
const evmChain = fc.integer({ min: 1, max: 2 ** 31 - 1 })
const solRef = fc.string({ unit: fc.constantFrom(...BASE58.split('')), minLength: 1, maxLength: 32 })
const account = fc.oneof(
  fc.tuple(evmChain, evmAddress).map(([c, a]) => `eip155:${c}:${a}`),
  fc.tuple(solRef, solAddress).map(([r, a]) => `solana:${r}:${a}`),
)

describe('CAIP helpers (properties)', () => {
  it('round-trips valid CAIP-10 ids through parse and format', () => {
    fc.assert(
      fc.property(account, (id) => {
        const p = parseCaipAddress(id)
        expect(p).toBeDefined()
        expect(formatCaipAddress(p!.caipNetworkId, p!.address)).toBe(id)
        expect(formatCaipNetworkId(p!.namespace, p!.reference)).toBe(p!.caipNetworkId)
      }),
    )
  })

  it('round-trips EVM chain ids', () => {
    fc.assert(
      fc.property(evmChain, (c) => {
        expect(evmChainId(evmCaipNetworkId(c))).toBe(c)
      }),
    )
  })

  it('rejects ids without exactly three non-empty parts', () => {
    fc.assert(
      fc.property(account, fc.integer({ min: 0, max: 2 }), fc.constantFrom('drop', 'empty', 'extra'), (id, i, how) => {
        const parts = id.split(':')
        if (how === 'drop') parts.splice(i, 1)
        else if (how === 'empty') parts[i] = ''
        else parts.splice(i, 0, 'x')
        expect(parseCaipAddress(parts.join(':'))).toBeUndefined()
      }),
    )
  })

  it('rejects unknown namespaces', () => {
    const ns = fc
      .string({
        unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'.split('')),
        minLength: 1,
        maxLength: 10,
      })
      .filter((s) => !(KnownNamespaces as readonly string[]).includes(s))
    fc.assert(
      fc.property(ns, evmAddress, (n, a) => {
        expect(parseCaipAddress(`${n}:1:${a}`)).toBeUndefined()
        expect(parseCaipNetworkId(`${n}:1`)).toBeUndefined()
      }),
    )
  })

  it('accepts 40-hex EVM addresses only', () => {
    fc.assert(
      fc.property(evmAddress, (a) => {
        expect(isEvmAddress(a)).toBe(true)
      }),
    )
    fc.assert(
      fc.property(
        fc.string({ unit: hexChars, maxLength: 60 }).filter((h) => h.length !== 40),
        (h) => {
          expect(isEvmAddress(h)).toBe(false)
          expect(isEvmAddress(`0x${h}`)).toBe(false)
        },
      ),
    )
    fc.assert(
      fc.property(evmAddress, fc.integer({ min: 0, max: 39 }), fc.constantFrom('g', 'z', ' ', 'X'), (a, i, bad) => {
        const body = a.replace(/^0x/, '')
        expect(isEvmAddress(body.slice(0, i) + bad + body.slice(i + 1))).toBe(false)
      }),
    )
  })

  it('accepts 32–44 base58 Solana addresses only', () => {
    fc.assert(
      fc.property(solAddress, (a) => {
        expect(isSolanaAddress(a)).toBe(true)
      }),
    )
    fc.assert(
      fc.property(solAddress, fc.constantFrom('0', 'O', 'I', 'l', '+'), fc.nat(), (a, bad, i) => {
        const at = i % a.length
        expect(isSolanaAddress(a.slice(0, at) + bad + a.slice(at + 1))).toBe(false)
      }),
    )
    fc.assert(
      fc.property(
        fc
          .string({ unit: fc.constantFrom(...BASE58.split('')), maxLength: 60 })
          .filter((s) => s.length < 32 || s.length > 44),
        (a) => {
          expect(isSolanaAddress(a)).toBe(false)
        },
      ),
    )
  })

  it('rejects malformed network ids and formats only valid ones', () => {
    for (const bad of [
      'eip155',
      'eip155:',
      ':1',
      'eip155:01',
      'eip155:-1',
      'eip155:1:2',
      'EIP155:1',
      'cosmos:hub',
      '',
    ]) {
      expect(parseCaipNetworkId(bad)).toBeUndefined()
    }
    expect(() => formatCaipNetworkId('eip155', 'abc')).toThrow('Invalid CAIP-2')
    expect(() => formatCaipAddress('eip155:1', 'nope')).toThrow('Invalid CAIP-10')
    expect(parseCaipAddress(`eip155:1:0x${'a'.repeat(40)}`)).toEqual({
      namespace: 'eip155',
      reference: '1',
      address: `0x${'a'.repeat(40)}`,
      caipNetworkId: 'eip155:1',
    })
  })
})
