// The `namespaces` slice: recent wallets, granted accounts, the last connect failure and the native balance.
// (Discovered connectors are kernel state: `connectors`, so every surface reads them without this chunk.)
import type { KernelState, SliceSpec } from '../../kernel/index.js'

/** One granted account (SPEC §3 Connection accounts: address and an optional type). */
export interface ConnectedAccount {
  address: string
  type?: 'eoa' | 'smartAccount' | 'payment' | 'ordinal'
  publicKey?: string
}

/** SPEC §3 recent wallet. */
export interface RecentWallet {
  id: string
  rdns?: string
  name: string
}

/** The native balance of the active account on the active network. */
export interface NativeBalance {
  caipAddress: string
  caipNetworkId: string
  value: string
  symbol: string
}

/**
 * Where the active account's native balance stands: `loading` while asked, `loaded`, `failed` (SPEC §8 "Token Balance
 * Unavailable", retry blocked 30 s) or `unavailable` (no lookup for that chain: Bitcoin, or a network not configured).
 */
export interface BalanceState {
  caipAddress: string
  caipNetworkId: string
  status: 'loading' | 'loaded' | 'failed' | 'unavailable'
  value?: string
  symbol?: string
}

/** The `namespaces` slice. */
export interface NamespacesState {
  recent: RecentWallet[]
  /** Why the last connect attempt failed, shown on Connect. */
  lastError?: string
  balance?: BalanceState
  /** Every granted account per connected namespace, in the wallet's order (Bitcoin: payment, then ordinal). */
  accounts: Record<string, ConnectedAccount[]>
}

declare module '../../kernel/index.js' {
  interface KernelState {
    /** Present once the namespaces plugin's chunk has loaded (read it through {@link namespacesOf}). */
    namespaces?: NamespacesState
  }
  interface EventMap {
    'wallet/connectionRejected': { connectorId: string; message: string }
    'wallet/recentWalletsRestored': { recent: RecentWallet[] }
    'wallet/connectorUsed': RecentWallet
    'wallet/accountsListed': { namespace: string; accounts: ConnectedAccount[] }
    'account/balanceRequested': { caipAddress: string; caipNetworkId: string }
    'account/balanceLoaded': NativeBalance
    'account/balanceFailed': { caipAddress: string; caipNetworkId: string; message: string }
    'account/balanceUnavailable': { caipAddress: string; caipNetworkId: string }
  }
}

/** Recent wallets kept (SPEC §9). */
export const RecentWalletsKept = 2

/** The slice's value before the plugin loads (its declared default). */
export const EmptyNamespaces: NamespacesState = Object.freeze({ recent: [], accounts: {} }) as NamespacesState

/** The `namespaces` slice, or its declared default while the chunk is not loaded. */
export function namespacesOf(s: KernelState): NamespacesState {
  return s.namespaces ?? EmptyNamespaces
}

/** The slice spec. */
export const namespacesSlice: SliceSpec<NamespacesState> = {
  init: () => ({ recent: [], accounts: {} }),
  on: {
    'wallet/connecting': (s) => {
      delete s.lastError
    },
    'wallet/connectionRejected': (s, p) => {
      s.lastError = p.message
    },
    'wallet/recentWalletsRestored': (s, p) => {
      s.recent = p.recent.slice(0, RecentWalletsKept)
    },
    'wallet/connectorUsed': (s, p) => {
      s.recent = [p, ...s.recent.filter((r) => r.id !== p.id)].slice(0, RecentWalletsKept)
    },
    'wallet/disconnected': (s, p) => {
      delete s.balance
      delete s.accounts[p.namespace]
    },
    'wallet/accountsListed': (s, p) => {
      s.accounts[p.namespace] = p.accounts
    },
    'account/balanceRequested': (s, p) => {
      // Keep showing the last figure of the same account and network while it refreshes.
      const same = s.balance?.caipAddress === p.caipAddress && s.balance.status === 'loaded'
      if (!same) s.balance = { ...p, status: 'loading' }
    },
    'account/balanceLoaded': (s, p) => {
      s.balance = { ...p, status: 'loaded' }
    },
    'account/balanceFailed': (s, p) => {
      s.balance = { caipAddress: p.caipAddress, caipNetworkId: p.caipNetworkId, status: 'failed' }
    },
    'account/balanceUnavailable': (s, p) => {
      s.balance = { ...p, status: 'unavailable' }
    },
  },
}
