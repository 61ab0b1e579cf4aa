// The `wallets` slice: the registry pages loaded so far for the current search, and the loading state.
import type { KernelState, SliceSpec } from '../../kernel/index.js'
import type { RegistryWallet } from '../../protocol/registry/wallets.js'

/** Loading state of the registry list. */
export type WalletsStatus = 'idle' | 'loading' | 'ready' | 'error'

/** The `wallets` slice. */
export interface WalletsState {
  /** The search the list belongs to ('' = the whole registry). */
  query: string
  items: RegistryWallet[]
  /** Total matching wallets on the server. */
  count: number
  /** Pages loaded for `query`. */
  pages: number
  status: WalletsStatus
  error?: string
}

declare module '../../kernel/index.js' {
  interface KernelState {
    /** Present once the wallets plugin has loaded (read it through {@link walletsOf}). */
    wallets?: WalletsState
  }
  interface EventMap {
    'wallets/pageRequested': { query: string; page: number }
    'wallets/pageLoaded': { query: string; page: number; count: number; data: RegistryWallet[] }
    'wallets/pageFailed': { query: string; page: number; message: string }
  }
}

/** The slice's value before the plugin loads (its declared default). */
export const EmptyWallets: WalletsState = Object.freeze({
  query: '',
  items: [],
  count: 0,
  pages: 0,
  status: 'idle',
}) as WalletsState

/** The `wallets` slice, or its declared default while the chunk is not loaded. */
export function walletsOf(s: KernelState): WalletsState {
  return s.wallets ?? EmptyWallets
}

/** Wallets per registry page. */
export const WalletsPageSize = 40

/** The slice spec: a new query resets the list; answers for an older query are ignored. */
export const walletsSlice: SliceSpec<WalletsState> = {
  init: () => ({ query: '', items: [], count: 0, pages: 0, status: 'idle' }),
  on: {
    'wallets/pageRequested': (s, p) => {
      if (p.query !== s.query || p.page === 1) Object.assign(s, { query: p.query, items: [], count: 0, pages: 0 })
      s.status = 'loading'
      delete s.error
    },
    'wallets/pageLoaded': (s, p) => {
      if (p.query !== s.query) return
      const seen = new Set(s.items.map((w) => w.id))
      for (const w of p.data)
        if (!seen.has(w.id)) {
          s.items.push(w)
          seen.add(w.id)
        }
      s.count = p.count
      s.pages = Math.max(s.pages, p.page)
      s.status = 'ready'
    },
    'wallets/pageFailed': (s, p) => {
      if (p.query !== s.query) return
      s.status = 'error'
      s.error = p.message
    },
  },
}

/** True when the server has more wallets for the current query than are loaded. */
export function hasMoreWallets(s: WalletsState): boolean {
  return s.status !== 'loading' && s.status !== 'error' && (s.pages === 0 || s.items.length < s.count)
}
