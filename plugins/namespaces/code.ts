// The plugin's code beyond the Connect list, imported once per page: at a wallet row's intent (pointer or focus, so a
// click does not wait for it) and on first use. Only code downloads here; nothing runs until a request needs it.
type LiveModule = typeof import('./live.js')

let live: Promise<LiveModule> | undefined

/** The live part's module (forgotten after a failed download, so the next use tries again). */
export function liveCode(): Promise<LiveModule> {
  return (live ??= import('./live.js').catch((error: unknown) => {
    live = undefined
    throw error
  }))
}

/** Starts downloading what connecting a wallet of `namespace` runs: the live part and, off EVM, its adapter. */
export function prefetchConnect(namespace?: string): void {
  const ignore = () => undefined
  liveCode().catch(ignore)
  if (namespace === 'solana') import('./solana/adapter.js').catch(ignore)
  if (namespace === 'bip122') import('./bip122/adapter.js').catch(ignore)
}
