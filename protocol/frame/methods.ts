// The request methods the embedded wallet allows (SPEC §6), in WalletConnect's vocabulary per namespace. Safe
// methods answer at once; unsafe ones use a key and run only after the visitor approves inside the secure frame.
// Anything else is refused (SPEC §4 "RPC method not allowed").

/** Methods that read or describe and never use a key. */
export const SAFE_METHODS: readonly string[] = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'solana_getAccounts',
  'solana_requestAccounts',
]

/** Methods that sign or send: each needs the visitor's approval in the frame (the ApproveTransaction view). */
export const UNSAFE_METHODS: readonly string[] = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
]

/** How the embedded wallet treats a method. */
export function methodKind(method: string): 'safe' | 'unsafe' | 'unknown' {
  if (SAFE_METHODS.includes(method)) return 'safe'
  if (UNSAFE_METHODS.includes(method)) return 'unsafe'
  return 'unknown'
}
