// Wallet Standard chain names (the discovery itself is in ./discovery.ts, re-exported here for the adapter).
import { solana, solanaDevnet, solanaTestnet } from '../networks.js'

export {
  discoverStandardWallets,
  isSolanaWallet,
  solanaConnectorId,
  type DiscoveredWallet,
  type StandardAccount,
  type StandardWallet,
} from './discovery.js'

/** Wallet Standard chain names by CAIP-2 id (SPEC §3 Solana mainnet, devnet, testnet). */
export const StandardChains: Readonly<Record<string, string>> = {
  [solana.caipNetworkId]: 'solana:mainnet',
  [solanaDevnet.caipNetworkId]: 'solana:devnet',
  [solanaTestnet.caipNetworkId]: 'solana:testnet',
}

/** The Wallet Standard chain of a CAIP-2 id (deprecated ids included); undefined for other networks. */
export function standardChain(caipNetworkId: string): string | undefined {
  if (StandardChains[caipNetworkId]) return StandardChains[caipNetworkId]
  const current = [solana, solanaDevnet, solanaTestnet].find((n) => n.deprecatedCaipNetworkId === caipNetworkId)
  return current ? StandardChains[current.caipNetworkId] : undefined
}
