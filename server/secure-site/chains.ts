// The EVM chains the secure site signs and sends on, with the ERC-4337 contracts where they are deployed.
import type { Address } from 'viem'

/** One EVM chain of the embedded wallet. */
export interface WalletChain {
  /** CAIP-2 id, e.g. "eip155:1". */
  caipNetworkId: string
  chainId: number
  name: string
  rpcUrl: string
  /** The chain's own currency (the approval screen counts in it); Ether when absent. */
  nativeCurrency?: { name: string; symbol: string; decimals: number }
  /** EntryPoint v0.8 address; smart accounts are enabled on the chain when this and the factory are set. */
  entryPoint?: Address
  /** FoyerAccountFactory address (server/contracts/FoyerAccount.sol). */
  accountFactory?: Address
}
