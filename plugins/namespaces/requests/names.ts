// The wallet requests the namespaces plugin answers (their contract is kernel/contracts/wallet.ts). The list is eager (the
// manifest promises them); their code is a separate chunk that loads on the first wallet request.

/** Wallet, Solana, Bitcoin and chain requests, implemented in requests/wallet-requests.ts. */
export const WalletRequestNames = [
  'wallet/signMessage',
  'wallet/sendTransaction',
  'wallet/writeContract',
  'wallet/signTypedData',
  'wallet/getCapabilities',
  'wallet/getAssets',
  'wallet/sendCalls',
  'wallet/estimateGas',
  'solana/signTransaction',
  'solana/signAndSendTransaction',
  'solana/sendTransfer',
  'bitcoin/sendTransfer',
  'bitcoin/signPsbt',
  'chain/read',
  'chain/readContract',
  'chain/waitForTransaction',
] as const

/** One of {@link WalletRequestNames}. */
export type WalletRequestName = (typeof WalletRequestNames)[number]
