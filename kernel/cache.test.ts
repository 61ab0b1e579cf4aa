// TTL caches with SPEC §9 lifetimes, on the fake clock.
import { describe, expect, it } from 'vitest'
import { CacheLifetimes, createFakeClock, createStorage, createTtlCache, memoryBackend, StorageKeys } from './index.js'

describe('TTL caches', () => {
  it('has the SPEC §9 lifetimes', () => {
    expect(CacheLifetimes).toEqual({
      portfolio: 30_000,
      nativeBalance: 30_000,
      name: 300_000,
      identity: 300_000,
      transactions: 15_000,
      tokenPrice: 15_000,
    })
  })

  it.each(Object.entries(CacheLifetimes))('%s: fresh until its lifetime, then gone and pruned', (_name, ttl) => {
    const clock = createFakeClock(1_000)
    const backend = memoryBackend()
    const storage = createStorage(backend)
    const cache = createTtlCache<{ v: number }>(storage, StorageKeys.portfolioCache, ttl, clock)
    cache.set('0xabc', { v: 1 })
    clock.advance(ttl - 1)
    expect(cache.get('0xabc')).toEqual({ v: 1 })
    clock.advance(1)
    expect(cache.get('0xabc')).toBeUndefined()
    expect(storage.get<Record<string, unknown>>(StorageKeys.portfolioCache)).toEqual({})
  })

  it('survives reload (persisted) and prunes stale entries on write', () => {
    const clock = createFakeClock()
    const storage = createStorage(memoryBackend())
    const a = createTtlCache<number>(storage, 'c', CacheLifetimes.transactions, clock)
    a.set('old', 1)
    clock.advance(CacheLifetimes.transactions)
    const b = createTtlCache<number>(storage, 'c', CacheLifetimes.transactions, clock)
    b.set('new', 2)
    expect(storage.get('c')).toEqual({ new: { value: 2, at: CacheLifetimes.transactions } })
    expect(b.get('new')).toBe(2)
    b.delete('new')
    expect(b.get('new')).toBeUndefined()
    b.set('x', 3)
    b.clear()
    expect(storage.get('c')).toBeUndefined()
  })

  it('reads malformed stored data as empty', () => {
    const clock = createFakeClock()
    const backend = memoryBackend()
    const storage = createStorage(backend)
    backend.setItem('@foyer/c', '[1,2]')
    const cache = createTtlCache<number>(storage, 'c', 1000, clock)
    expect(cache.get('x')).toBeUndefined()
    backend.setItem('@foyer/c', JSON.stringify({ x: { value: 1, at: 'soon' } }))
    expect(cache.get('x')).toBeUndefined()
    backend.setItem('@foyer/c', '{broken')
    expect(cache.get('x')).toBeUndefined()
  })
})
