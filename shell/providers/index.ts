// The chunk behind `foyer.getProvider(namespace)` (lazy.ts loads it at the first call); each namespace's provider is
// its own chunk again, so an EVM page never downloads @solana/web3.js.
import type { Foyer } from '../createFoyer.js'

/** Creates the provider of `namespace` ('eip155' or 'solana') over `foyer`'s connection. */
export async function createProvider(foyer: Foyer, namespace: string): Promise<object> {
  if (namespace === 'eip155') return (await import('./eip155.js')).createEip155Provider(foyer)
  if (namespace === 'solana') return (await import('./solana.js')).createSolanaProvider(foyer)
  throw new Error(`getProvider: no provider for "${namespace}" (use 'eip155' or 'solana')`)
}
