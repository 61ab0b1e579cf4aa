// Prefixed JSON storage: SPEC §3 keys, corrupt entries dropped (not thrown), a blocked backend tolerated.
import { describe, expect, it } from 'vitest'
import { createStorage, memoryBackend, StorageKeys, StoragePrefix, type StorageBackend } from './index.js'

describe('storage', () => {
  it('stores JSON under the prefix', () => {
    const backend = memoryBackend()
    const s = createStorage(backend)
    s.set(StorageKeys.lastUsedChain, 'eip155')
    s.set(StorageKeys.smartAccountEnabledNetworks, '1,8453')
    expect(backend.dump()).toEqual({
      '@foyer/last_used_chain': '"eip155"',
      '@foyer/smart_account_enabled_networks': '"1,8453"',
    })
    expect(StoragePrefix).toBe('@foyer/')
    expect(s.get(StorageKeys.lastUsedChain)).toBe('eip155')
    s.remove(StorageKeys.lastUsedChain)
    expect(s.get(StorageKeys.lastUsedChain)).toBeUndefined()
  })

  it('names every SPEC §3 stored value', () => {
    for (const k of [
      'lastEmailLoginTime',
      'email',
      'emailLoginUsed',
      'lastUsedChain',
      'socialUsername',
      'smartAccountEnabledNetworks',
    ] as const) {
      expect(StorageKeys[k]).toMatch(/^[a-z_]+$/)
    }
  })

  it('honours a custom prefix', () => {
    const backend = memoryBackend()
    createStorage(backend, 'x:').set('a', 1)
    expect(backend.dump()).toEqual({ 'x:a': '1' })
  })

  it('drops a corrupt entry instead of throwing', () => {
    const backend = memoryBackend()
    backend.setItem('@foyer/email', '{not json')
    const s = createStorage(backend)
    expect(() => s.get('email')).not.toThrow()
    expect(s.get('email')).toBeUndefined()
    expect(backend.getItem('@foyer/email')).toBeNull()
  })

  it('survives a blocked backend (privacy mode, quota)', () => {
    const blocked: StorageBackend = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    }
    const s = createStorage(blocked)
    expect(() => s.set('email', 'a@b.c')).not.toThrow()
    expect(s.get('email')).toBeUndefined()
    expect(() => s.remove('email')).not.toThrow()
  })
})
