// `foyer.getProvider(namespace)` on the first-paint path, kept to a few bytes: a stand-in whose calls wait for the
// provider's chunk (index.ts), so a page that never asks for a provider downloads none of it. Once the chunk has
// arrived every property is the provider's own; before, each property is a call that waits for it (`publicKey` undefined).
import type { Foyer } from '../createFoyer.js'
import type { Eip1193Provider } from './eip155.js'
import type { SolanaProvider } from './solana.js'

/** The provider `getProvider(namespace)` returns. */
export type ProviderOf<N extends string> = N extends 'solana' ? SolanaProvider : Eip1193Provider

/** Returns `foyer`'s provider of `namespace` ('eip155' or 'solana'); its code loads now, calls wait for it. */
export function lazyProvider<N extends string>(foyer: Foyer, namespace: N): ProviderOf<N> {
  let impl: any
  const ready = import('./index.js').then(async (m) => (impl = await m.createProvider(foyer, namespace)))
  return new Proxy({} as ProviderOf<N>, {
    // `then` stays undefined so `await getProvider(…)` gives the provider itself, not a thenable's result.
    get: (_, key: string) =>
      impl
        ? impl[key]
        : key === 'then' || key === 'publicKey'
          ? undefined
          : (...args: unknown[]) => ready.then(() => impl[key](...args)),
  })
}
