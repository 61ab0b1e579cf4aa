// TTL caches persisted in storage, with SPEC §9 lifetimes.
import type { Clock } from './clock.js'
import type { Storage } from './storage.js'

/** Cache lifetimes in ms (SPEC §9). */
export const CacheLifetimes = {
  portfolio: 30_000,
  nativeBalance: 30_000,
  name: 300_000,
  identity: 300_000,
  transactions: 15_000,
  tokenPrice: 15_000,
} as const

/** A keyed cache whose entries expire after a fixed lifetime. */
export interface TtlCache<T> {
  get(id: string): T | undefined
  set(id: string, value: T): void
  delete(id: string): void
  clear(): void
}

type Entry<T> = { value: T; at: number }

/** Creates a cache stored under `key`; malformed or expired entries read as missing and are pruned. */
export function createTtlCache<T>(storage: Storage, key: string, ttlMs: number, clock: Clock): TtlCache<T> {
  const read = (): Record<string, Entry<T>> => {
    const all = storage.get<Record<string, Entry<T>>>(key)
    if (!all || typeof all !== 'object' || Array.isArray(all)) return {}
    return all
  }
  const fresh = (e: Entry<T> | undefined): e is Entry<T> =>
    !!e && typeof e === 'object' && typeof e.at === 'number' && clock.now() - e.at < ttlMs
  return {
    get(id) {
      const all = read()
      const entry = all[id]
      if (fresh(entry)) return entry.value
      if (entry !== undefined) {
        delete all[id]
        storage.set(key, all)
      }
      return undefined
    },
    set(id, value) {
      const all = read()
      for (const k of Object.keys(all)) if (!fresh(all[k])) delete all[k]
      all[id] = { value, at: clock.now() }
      storage.set(key, all)
    },
    delete(id) {
      const all = read()
      delete all[id]
      storage.set(key, all)
    },
    clear() {
      storage.remove(key)
    },
  }
}
