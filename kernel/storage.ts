// Prefixed JSON storage over localStorage (or any Storage-like backend). A corrupt entry is dropped, never thrown.

/** The subset of the Web Storage API the kernel needs. */
export interface StorageBackend {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** Prefixed, JSON-encoded storage. */
export interface Storage {
  get<T>(key: string): T | undefined
  set(key: string, value: unknown): void
  remove(key: string): void
}

/** The prefix every stored key carries. */
export const StoragePrefix = '@foyer/'

/** Stored keys (SPEC §3), without the prefix. */
export const StorageKeys = {
  lastEmailLoginTime: 'last_email_login_time',
  email: 'email',
  emailLoginUsed: 'email_login_used',
  lastUsedChain: 'last_used_chain',
  socialUsername: 'social_username',
  smartAccountEnabledNetworks: 'smart_account_enabled_networks',
  recentWallets: 'recent_wallets',
  connectedNamespaces: 'connected_namespaces',
  connectorIds: 'connector_ids',
  activeCaipNetworkId: 'active_caip_network_id',
  activeNamespace: 'active_namespace',
  connectedSocial: 'connected_social',
  portfolioCache: 'portfolio_cache',
  nativeBalanceCache: 'native_balance_cache',
  nameCache: 'name_cache',
  identityCache: 'identity_cache',
  transactionsCache: 'transactions_cache',
  tokenPriceCache: 'token_price_cache',
} as const

/** A backend that keeps values in memory (SSR, tests, or when localStorage is blocked). */
export function memoryBackend(): StorageBackend & { dump(): Record<string, string> } {
  const map = new Map<string, string>()
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => {
      map.set(k, v)
    },
    removeItem: (k) => {
      map.delete(k)
    },
    dump: () => Object.fromEntries(map),
  }
}

/** The page's localStorage when the page may use it, otherwise a memory backend. */
export function defaultBackend(): StorageBackend {
  try {
    // The getter throws where storage is blocked. No write probe: a store refusing writes (quota) still serves the
    // stored connection, `set` swallows the failure, and a write would add work on the way to the first paint.
    return globalThis.localStorage ?? memoryBackend()
  } catch {
    return memoryBackend()
  }
}

/** Creates prefixed JSON storage; quota and privacy-mode failures on write are swallowed. */
export function createStorage(backend: StorageBackend = defaultBackend(), prefix = StoragePrefix): Storage {
  return {
    get<T>(key: string): T | undefined {
      let raw: string | null
      try {
        raw = backend.getItem(prefix + key)
      } catch {
        return undefined
      }
      if (raw === null) return undefined
      try {
        return JSON.parse(raw) as T
      } catch {
        // A value we cannot read is worth less than the flow that would trip over it.
        try {
          backend.removeItem(prefix + key)
        } catch {
          /* ignore */
        }
        return undefined
      }
    },
    set(key, value) {
      try {
        backend.setItem(prefix + key, JSON.stringify(value))
      } catch {
        /* storage full or blocked */
      }
    },
    remove(key) {
      try {
        backend.removeItem(prefix + key)
      } catch {
        /* ignore */
      }
    },
  }
}
