import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createTestKernel, emitRaw } from './testing/test-kernel.js'
import { findNonSerializable } from './serializable.js'

describe('plain data check', () => {
  it('accepts anything JSON can carry', () => {
    fc.assert(fc.property(fc.jsonValue(), (v) => findNonSerializable(v) === undefined))
  })

  it('names the first live value it finds', () => {
    expect(findNonSerializable({ a: [1, { fn: () => 1 }] }, 'payload')).toBe('payload.a[1].fn (function)')
    expect(findNonSerializable({ n: 10n })).toBe('value.n (bigint)')
    expect(findNonSerializable({ d: new Date(0) })).toBe('value.d (an instance of Date)')
    expect(findNonSerializable({ x: Number.NaN })).toBe('value.x (NaN)')
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(findNonSerializable(cyclic)).toBe('value.self (a cycle)')
  })

  it('makes the kernel refuse a live object in an event payload, loudly, in development', () => {
    using k = createTestKernel()
    expect(() => emitRaw(k, 'test/happened', { provider: new Map() })).toThrow(/not plain data: payload.provider/)
    expect(() => emitRaw(k, 'test/happened', { amount: '10' })).not.toThrow()
  })
})
