// `foyer.getProvider(namespace)` on the first-paint path: a stand-in whose calls wait for the provider's own chunk
// (eip155.ts, or solana.ts with @solana/web3.js), so a page that never asks for a provider downloads none of it.
import type { Foyer } from '../createFoyer.js'
import type { Eip1193Provider } from './eip155.js'
import type { SolanaProvider } from './solana.js'

/** The provider `getProvider(namespace)` returns. */
export type ProviderOf<N extends string> = N extends 'solana' ? SolanaProvider : Eip1193Provider

const Methods: Record<string, string[]> = {
  eip155: ['request'],
  solana: ['connect', 'disconnect', 'signTransaction', 'signAllTransactions', 'signAndSendTransaction', 'signMessage'],
}

/** Returns `foyer`'s provider of `namespace` ('eip155' or 'solana'); it loads on the first call. */
export function lazyProvider<N extends string>(foyer: Foyer, namespace: N): ProviderOf<N> {
  const methods = Methods[namespace]
  if (!methods) throw new Error(`getProvider: no provider for "${namespace}" (use 'eip155' or 'solana')`)
  let impl: any
  const ready: Promise<any> = (
    namespace === 'solana'
      ? import('./solana.js').then((m) => m.createSolanaProvider(foyer))
      : import('./eip155.js').then((m) => m.createEip155Provider(foyer))
  ).then((p) => (impl = p))
  const self: any = {
    // Listeners added before the chunk arrives are added (and removed) in order once it has.
    on: (e: string, fn: (...args: any[]) => void) => (ready.then((p) => p.on(e, fn)), self),
    removeListener: (e: string, fn: (...args: any[]) => void) => (ready.then((p) => p.removeListener(e, fn)), self),
    get publicKey() {
      return impl?.publicKey ?? null
    },
    get connected() {
      return !!impl?.connected
    },
  }
  for (const m of methods) self[m] = (...args: unknown[]) => ready.then((p) => p[m](...args))
  return self
}
