// The Solana JSON-RPC methods a public endpoint may forward: reads and sending signed transactions (no airdrops or
// other node administration). Plain names, so the API can check a call without loading the node's code.

/** Methods the project RPC forwards to a Solana node (the local node implements each; see methods.ts). */
export const PUBLIC_SOLANA_METHODS: ReadonlySet<string> = new Set([
  'getHealth', 'getVersion', 'getGenesisHash', 'getSlot', 'getBlockHeight', 'getTransactionCount', 'getEpochInfo',
  'getRecentPrioritizationFees', 'getLatestBlockhash', 'isBlockhashValid', 'getFeeForMessage',
  'getMinimumBalanceForRentExemption', 'getBalance', 'getAccountInfo', 'getMultipleAccounts',
  'getTokenAccountsByOwner', 'getTokenAccountBalance', 'getTokenSupply', 'sendTransaction', 'simulateTransaction',
  'getSignatureStatuses', 'getSignaturesForAddress', 'getTransaction',
]) // prettier-ignore
