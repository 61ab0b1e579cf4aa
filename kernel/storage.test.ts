// Prefixed JSON storage: SPEC §3 keys, corrupt entries dropped (not thrown), a blocked backend tolerated.
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createStorage,
  defaultBackend,
  memoryBackend,
  StorageKeys,
  StoragePrefix,
  type StorageBackend,
} from './index.js'

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

  // Issue 8: this test used to check only that each key matched a regex, so any name (or a shared one) passed.
  it('keeps each SPEC §3 stored value under its own prefixed key, and reads it back', () => {
    const spec = {
      lastEmailLoginTime: ['@foyer/last_email_login_time', 1_700_000_000_000],
      email: ['@foyer/email', 'visitor@example.com'],
      emailLoginUsed: ['@foyer/email_login_used', true],
      lastUsedChain: ['@foyer/last_used_chain', 'eip155:8453'],
      socialUsername: ['@foyer/social_username', 'visitor'],
      // SPEC §3: the smart-account-enabled networks are comma separated.
      smartAccountEnabledNetworks: ['@foyer/smart_account_enabled_networks', '1,8453'],
    } as const
    const backend = memoryBackend()
    const s = createStorage(backend)
    for (const [key, [stored, value]] of Object.entries(spec)) {
      s.set(StorageKeys[key as keyof typeof spec], value)
      expect(backend.getItem(stored)).toBe(JSON.stringify(value))
      expect(s.get(StorageKeys[key as keyof typeof spec])).toEqual(value)
    }
    expect(Object.keys(backend.dump()).sort()).toEqual(
      Object.values(spec)
        .map(([k]) => k)
        .sort(),
    )
    const names = Object.values(StorageKeys)
    expect(new Set(names).size).toBe(names.length)
  })

  it('the kernel writes the last used chain where it reads it back at the next start', async () => {
    const { createTestKernel } = await import('./testing/test-kernel.js')
    const networks = ['eip155:1', 'eip155:8453'].map((id) => ({
      caipNetworkId: id,
      name: id,
      chainNamespace: 'eip155',
      nativeSymbol: 'ETH',
    }))
    using k = createTestKernel({ config: { networks } })
    k.emit('network/switched', { caipNetworkId: 'eip155:8453' })
    expect(k.backend.dump()['@foyer/last_used_chain']).toBe('"eip155:8453"')
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

  describe('default backend', () => {
    afterEach(() => vi.unstubAllGlobals())

    it('is the page localStorage, read without a write probe: a full store still restores the stored connection', () => {
      const page = memoryBackend()
      page.setItem(`${StoragePrefix}${StorageKeys.connectedNamespaces}`, '["eip155"]')
      const writes: string[] = []
      const full: StorageBackend = {
        getItem: (k) => page.getItem(k),
        setItem: (k) => {
          writes.push(k)
          throw new DOMException('full', 'QuotaExceededError')
        },
        removeItem: (k) => page.removeItem(k),
      }
      vi.stubGlobal('localStorage', full)
      expect(defaultBackend()).toBe(full)
      expect(createStorage().get(StorageKeys.connectedNamespaces)).toEqual(['eip155'])
      expect(writes).toEqual([])
    })

    it('is memory where the page may not use localStorage', () => {
      Object.defineProperty(globalThis, 'localStorage', {
        configurable: true,
        get: () => {
          throw new DOMException('denied', 'SecurityError')
        },
      })
      try {
        const s = createStorage()
        s.set('email', 'a@b.c')
        expect(s.get('email')).toBe('a@b.c')
      } finally {
        delete (globalThis as { localStorage?: unknown }).localStorage
      }
    })
  })
})
