// The plugin's code beyond the Connect list, imported once per page: at a wallet row's intent (pointer or focus, so a
// click does not wait for it) and on first use. Only code downloads here; nothing runs until a request needs it.
type TransportsModule = typeof import('./transports.js')

let live: Promise<TransportsModule> | undefined

/** The transports' module (forgotten after a failed download, so the next use tries again). */
export function transportsCode(): Promise<TransportsModule> {
  return (live ??= import('./transports.js').catch((error: unknown) => {
    live = undefined
    throw error
  }))
}

/** The WalletConnect pairing view's code and its store links, fetched side by side. */
export function pairingCode(): Promise<unknown> {
  return Promise.all([import('./views/pairing-switching.js'), import('../../protocol/registry/stores.js')])
}

/**
 * Starts downloading what connecting a wallet of `namespace` runs: the transports and, off EVM, its adapter; for a
 * registry wallet that is not installed (`pairing`), the pairing view and its store links too, side by side.
 */
export function prefetchConnect(namespace?: string, pairing = false): void {
  const ignore = () => undefined
  transportsCode().catch(ignore)
  if (pairing) pairingCode().catch(ignore)
  if (namespace === 'solana') import('./standard/adapter.js').catch(ignore)
  if (namespace === 'bip122') import('./sats/adapter.js').catch(ignore)
}
