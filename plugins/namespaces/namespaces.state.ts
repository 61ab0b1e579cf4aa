// The `namespaces` slice: discovered connectors, recent wallets, the last connect failure and the native balance.
import type { SliceSpec } from '../../kernel/index.js'
import type { ConnectedAccount, ConnectorInfo } from './adapter.js'

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

/** The `namespaces` slice. */
export interface NamespacesState {
  connectors: ConnectorInfo[]
  recent: RecentWallet[]
  /** Why the last connect attempt failed, shown on Connect. */
  lastError?: string
  balance?: NativeBalance
  /** Every granted account per connected namespace, in the wallet's order (Bitcoin: payment, then ordinal). */
  accounts: Record<string, ConnectedAccount[]>
}

declare module '../../kernel/index.js' {
  interface KernelState {
    namespaces: NamespacesState
  }
  interface EventMap {
    'connectors/discovered': { namespace: string; connectors: ConnectorInfo[] }
    'wallet/connectionRejected': { connectorId: string; message: string }
    'wallet/recentWalletsRestored': { recent: RecentWallet[] }
    'wallet/connectorUsed': RecentWallet
    'wallet/accountsListed': { namespace: string; accounts: ConnectedAccount[] }
    'account/balanceLoaded': NativeBalance
    'account/balanceFailed': { caipAddress: string; caipNetworkId: string; message: string }
  }
}

/** Recent wallets kept (SPEC §9). */
export const RecentWalletsKept = 2

/** The slice spec. */
export const namespacesSlice: SliceSpec<NamespacesState> = {
  init: () => ({ connectors: [], recent: [], accounts: {} }),
  on: {
    'connectors/discovered': (s, p) => {
      s.connectors = [...s.connectors.filter((c) => c.namespace !== p.namespace), ...p.connectors]
    },
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
    'account/balanceLoaded': (s, p) => {
      s.balance = p
    },
    'account/balanceFailed': (s, p) => {
      if (s.balance?.caipNetworkId !== p.caipNetworkId) delete s.balance
    },
  },
}

/** Connectors in SPEC §9 order: recent, then injected (announced before the legacy one). */
export function orderedConnectors(s: NamespacesState): Array<ConnectorInfo & { recent: boolean }> {
  const recentIds = s.recent.map((r) => r.id)
  const rank = (c: ConnectorInfo) => {
    const r = recentIds.indexOf(c.id)
    return r >= 0 ? r : c.type === 'ANNOUNCED' ? 10 : c.type === 'INJECTED' ? 20 : 30
  }
  return s.connectors.map((c) => ({ ...c, recent: recentIds.includes(c.id) })).sort((a, b) => rank(a) - rank(b))
}

/** Truncates a decimal string to `decimals` places without rounding (SPEC §5: balances show 3 decimals, truncated). */
export function truncateDecimals(numeric: string, decimals = 3): string {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(numeric.trim())
  if (!m) return (0).toFixed(decimals)
  const int = (m[2] || '0').replace(/^0+(?=\d)/, '')
  const frac = (m[3] ?? '').slice(0, decimals).padEnd(decimals, '0')
  return `${m[1] && /[1-9]/.test(int + frac) ? '-' : ''}${int}${decimals ? `.${frac}` : ''}`
}
