// The transaction-status contract (issue 33): a plugin that asks the wallet for a transaction (send, swap, approve, buy)
// says where it stands with `transaction/status` — loading while the wallet and the chain work, then success or error
// (SPEC's notification kinds) — so the host page can toast it through `foyer.subscribeTransactions`. The explorer link
// of a hash comes from the network's configured `explorerUrl` only: a local chain without one gets none.
import type { KernelState } from '../types.js'

/** What a transaction was. */
export type TransactionKind = 'send' | 'swap' | 'approve' | 'buy'

/** Where a transaction stands, as the host page hears it. */
export interface TransactionStatus {
  /** The same for every status of one transaction. */
  id: string
  kind: TransactionKind
  status: 'loading' | 'success' | 'error'
  caipNetworkId: string
  /** What a toast says ("Sending 0.01 ETH…", "Sent 0.01 ETH · 0x1234…abcd", the error's message). */
  message: string
  hash?: string
  /** The transaction on the network's explorer, where the network has one. */
  explorerUrl?: string
}

declare module '../types.js' {
  interface EventMap {
    'transaction/status': TransactionStatus
  }
}

/** `hash` on the explorer of `caipNetworkId` (`<explorerUrl>/tx/<hash>`), or undefined when it has none. */
export function explorerTxUrl(s: KernelState, caipNetworkId: string, hash: string): string | undefined {
  const base = s.config.networks.find((n) => n.caipNetworkId === caipNetworkId)?.explorerUrl
  return base ? `${base.replace(/\/+$/, '')}/tx/${hash}` : undefined
}

/** A hash as a visitor reads it: `0x1234…abcd` (the whole of it stays available: a title, a copy button). */
export function shortHash(hash: string): string {
  return hash.length > 13 ? `${hash.slice(0, 6)}…${hash.slice(-4)}` : hash
}

let next = 0
/** A fresh transaction id for `kind` (one per attempt, carried by each of its statuses). */
export function transactionId(kind: TransactionKind): string {
  next += 1
  return `${kind}-${next}`
}
