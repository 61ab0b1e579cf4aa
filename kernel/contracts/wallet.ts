// The wallet requests every feature uses (DESIGN §1 "Extension points"): feature plugins ask for transactions,
// signatures and chain reads through these requests and never touch a provider. The namespaces plugin answers them
// for every namespace and transport (injected, WalletConnect, and connectors other plugins register, such as the
// embedded wallet: connector.ts). Inputs and outputs are plain data: amounts are decimal strings (wei, lamports,
// satoshis), bytes are 0x-hex (EVM) or base64 (Solana transactions, Bitcoin PSBTs). A refusal always rejects with 4001.
import type { WalletLinks } from '../../protocol/registry/wallets.js'
import type { Connector } from './connector.js'

/** A registry wallet chosen in a list (Connect, All Wallets): its links are untrusted server data. */
export interface RegistryWalletChoice extends WalletLinks {
  rdns?: string
}

/** An EVM transaction to send (`eth_sendTransaction`); `value` and `gas` are decimal strings. */
export interface EvmTransactionRequest {
  to: string
  /** Wei, as a decimal string. */
  value?: string
  /** 0x-hex call data. */
  data?: string
  /** Gas limit, as a decimal string (estimated by the wallet when absent). */
  gas?: string
}

/** Where an EVM request runs: the connected EVM account on `caipNetworkId` (default: the active EVM network). */
export interface EvmTarget {
  caipNetworkId?: string
}

/** A contract call encoded from a JSON ABI (numbers for uint/int params may be given as decimal strings). */
export interface ContractWrite extends EvmTarget {
  /** The contract address. */
  address: string
  /** A JSON ABI containing `functionName`. */
  abi: readonly unknown[]
  functionName: string
  args?: readonly unknown[]
  /** Wei sent with the call, as a decimal string. */
  value?: string
}

/** A sent transaction. */
export interface SentTransaction {
  hash: string
  caipNetworkId: string
}

/** EIP-712 typed data as `eth_signTypedData_v4` takes it. */
export interface TypedDataRequest extends EvmTarget {
  typedData: {
    domain: Record<string, unknown>
    types: Record<string, unknown>
    primaryType: string
    message: Record<string, unknown>
  }
}

/** EIP-5792 capabilities of the connected wallet on one chain (`supported` false when the wallet lacks EIP-5792). */
export interface WalletCapabilities {
  supported: boolean
  caipNetworkId: string
  /** Atomic batching status as the wallet reports it ('supported', 'ready', 'unsupported'). */
  atomic: 'supported' | 'ready' | 'unsupported'
  /** Everything the wallet reported for the chain, as it reported it. */
  raw: Record<string, unknown>
}

/** A wallet's answer to EIP-7811 `wallet_getAssets` for one network: its asset entries, unvalidated. */
export interface WalletAssets {
  caipNetworkId: string
  address: string
  assets: unknown[]
}

/** A batch of calls (EIP-5792 `wallet_sendCalls`). */
export interface CallsRequest extends EvmTarget {
  calls: EvmTransactionRequest[]
  /** Refuse to fall back to one-by-one sending when the wallet cannot batch atomically. */
  atomicRequired?: boolean
}

/** How a batch was sent: in one wallet prompt (`batch`) or one transaction per call (`sequential`). */
export interface SentCalls {
  mode: 'batch' | 'sequential'
  caipNetworkId: string
  /** The wallet's batch id (batch mode). */
  id?: string
  /** Transaction hashes once known (batch mode: from the calls' receipts). */
  hashes: string[]
}

/** A gas estimate: limit and the fee it implies at the current fee per gas, all decimal strings (wei). */
export interface GasEstimate {
  gas: string
  /** Fee per gas used for `fee` (maxFeePerGas on EIP-1559 chains, else gasPrice). */
  feePerGas: string
  /** gas × feePerGas, in wei. */
  fee: string
}

/** A JSON-RPC read on a configured network, through a client with the SPEC §9 RPC settings. */
export interface ChainRead {
  /** Default: the active network. */
  caipNetworkId?: string
  method: string
  params?: readonly unknown[]
}

/** A contract read; bigint results come back as decimal strings. */
export interface ContractRead {
  caipNetworkId?: string
  address: string
  abi: readonly unknown[]
  functionName: string
  args?: readonly unknown[]
}

/** A mined transaction as a receipt summary. */
export interface TransactionReceiptSummary {
  hash: string
  caipNetworkId: string
  status: 'success' | 'reverted'
  blockNumber: string
  gasUsed: string
}

/**
 * A transfer of a network's native token or of a token on it (`wallet/transfer`), from the connected account of the
 * network's namespace: ETH and ERC-20 tokens on EVM networks, SOL and SPL tokens on Solana.
 */
export interface TransferRequest {
  /** The network (CAIP-2); its namespace picks how the transfer is made. */
  caipNetworkId: string
  /** The receiver's address. */
  to: string
  /** Base units (wei, lamports, the token's smallest unit), as a decimal string. */
  amount: string
  /** The token: an ERC-20 contract address or an SPL mint; absent for the native token. */
  token?: string
  /** The token's decimals: an SPL transfer names them and the token program checks them against the mint. */
  decimals?: number
}

/** A connection another plugin provides (the embedded wallet): plain data the namespaces plugin adopts. */
export interface BridgedConnection {
  /** The transport that made it (registered when the connection is adopted), unless its id was registered before. */
  connector?: Connector
  /** The connector id the connection is stored under (e.g. `auth`). */
  connectorId: string
  name: string
  imageUrl?: string
  namespace: string
  address: string
  caipNetworkId: string
  accounts?: Array<{ address: string; type?: 'eoa' | 'smartAccount' | 'payment' | 'ordinal' }>
}

/**
 * A JSON-RPC call routed to a bridged connector. Method names and params follow the WalletConnect vocabulary per
 * namespace (eip155: `eth_sendTransaction`, `personal_sign`, `eth_signTypedData_v4`, `wallet_sendCalls`, …; solana:
 * `solana_signMessage`, `solana_signTransaction`, `solana_signAndSendTransaction`; bip122: `signMessage`, `sendTransfer`,
 * `signPsbt`), so one RPC adapter in the namespaces plugin serves WalletConnect sessions and bridged connectors alike.
 */
export interface BridgedRpcCall {
  namespace: string
  caipNetworkId: string
  method: string
  params: unknown
}

/** What `wallet/disconnect` ends: one namespace (default: the active one), or every connection. */
export interface DisconnectRequest {
  namespace?: string
  /** End every connected namespace (SPEC §8 "Failed to disconnect chains" names the ones that failed). */
  all?: boolean
  /** Keep the modal open afterwards (SPEC §4 "closes the modal unless told not to"). */
  keepModalOpen?: boolean
}

declare module '../types.js' {
  interface EventMap {
    /** The embedded wallet's account changed (the bridged connection follows). */
    'auth/accountChanged': { namespace: string; address: string }
    /** The embedded wallet moved to another network. */
    'auth/networkChanged': { caipNetworkId: string }
    /** The embedded wallet signed out (its bridged connections end). */
    'auth/signedOut': { namespace?: string }
  }
  interface RequestMap {
    /** Connects the wallet of `connectorId` (the wallet prompts; a refusal rejects with code 4001). */
    'wallet/connect': { input: { connectorId: string }; output: void }
    /** Restores stored connections without prompting (SPEC §4 reconnect; with reconnect off, ends them). */
    'wallet/reconnect': { input: void; output: void }
    /** Disconnects (SPEC §4): clears account, network, user, wallet info and connector id of each namespace ended. */
    'wallet/disconnect': { input: DisconnectRequest | undefined; output: void }
    /** A registry wallet chosen in a list: connects when it is installed, else pairs it over WalletConnect. */
    'wallet/selectRegistryWallet': { input: RegistryWalletChoice; output: void }
    /**
     * Switches to a configured network (SPEC §4 "Network switch") — the one path for the host API, the Networks view and
     * the unsupported-network flow: unknown ids raise the switch-network-not-found alert; a connected namespace asks its
     * wallet (adding the chain when the wallet does not know it); another namespace becomes active; a namespace not
     * connected while another is opens SwitchActiveChain; with nothing connected the choice is recorded.
     */
    'network/switch': { input: { caipNetworkId: string }; output: void }
    /** Signs a UTF-8 message with the connected account of `namespace` (default: the active one). */
    'wallet/signMessage': {
      input: { message: string; namespace?: string }
      output: { signature: string; address: string }
    }
    /** Adopts a connection provided by another plugin; wallet requests on it go to its connector's requests. */
    'wallet/adoptConnection': { input: BridgedConnection; output: void }
    /**
     * Connects `namespace` through the embedded-wallet session connected in another namespace (its account there);
     * false when there is no such session or it cannot serve that namespace.
     */
    'wallet/connectBridged': { input: { namespace: string }; output: boolean }
    /** Provided by the embedded-wallet plugin: restores its connection of `namespace` without a prompt, if any. */
    'auth/reconnect': { input: { namespace: string }; output: BridgedConnection | undefined }
    /** Provided by the embedded-wallet plugin: signs out (one namespace, or all). */
    'auth/disconnect': { input: { namespace?: string }; output: void }
    /** Provided by the embedded-wallet plugin: moves its accounts to another network. */
    'auth/switchNetwork': { input: { caipNetworkId: string }; output: void }
    /** Provided by the embedded-wallet plugin: runs a wallet RPC call (approvals happen in its secure frame). */
    'auth/rpc': { input: BridgedRpcCall; output: unknown }
    /** Sends an EVM transaction from the connected account (the wallet prompts). */
    'wallet/sendTransaction': { input: EvmTransactionRequest & EvmTarget; output: SentTransaction }
    /** Encodes a contract call from its ABI (ERC-20 `transfer`, `approve`, …) and sends it from the connected account. */
    'wallet/writeContract': { input: ContractWrite; output: SentTransaction }
    /** Signs EIP-712 typed data with the connected EVM account. */
    'wallet/signTypedData': { input: TypedDataRequest; output: { signature: string; address: string } }
    /** EIP-5792 capabilities of the connected EVM wallet. */
    'wallet/getCapabilities': { input: EvmTarget | undefined; output: WalletCapabilities }
    /**
     * The connected EVM wallet's own view of its assets on `caipNetworkId` (EIP-7811 `wallet_getAssets`, asked only when
     * the wallet reports the `assetDiscovery` capability there), unvalidated as the wallet sent them; null when it
     * does not offer it.
     */
    'wallet/getAssets': { input: EvmTarget | undefined; output: WalletAssets | null }
    /** Sends calls as one EIP-5792 batch, or one by one when the wallet cannot batch (the result says which). */
    'wallet/sendCalls': { input: CallsRequest; output: SentCalls }
    /**
     * Sends a transfer from the connected account (the wallet prompts) and resolves its hash (EVM) or signature
     * (Solana) once sent; it does not wait for it to be mined.
     */
    'wallet/transfer': { input: TransferRequest; output: SentTransaction }
    /** The network fee `wallet/transfer` would pay, in base units of the native token (plus any account it creates). */
    'wallet/estimateTransfer': { input: TransferRequest; output: { fee: string } }
    /** Estimates gas and fee for a transaction from the connected account. */
    'wallet/estimateGas': { input: EvmTransactionRequest & EvmTarget; output: GasEstimate }
    /** Signs a serialized (base64) Solana transaction with the connected account; returns it signed (base64). */
    'solana/signTransaction': { input: { transaction: string }; output: { transaction: string } }
    /** Signs and sends a serialized (base64) Solana transaction; returns the base58 signature. */
    'solana/signAndSendTransaction': { input: { transaction: string }; output: { signature: string } }
    /** Sends `amount` satoshis (a decimal string) to `recipient` from the connected payment account. */
    'bitcoin/sendTransfer': { input: { recipient: string; amount: string }; output: { txid: string } }
    /** Signs a PSBT (base64) with the connected accounts; broadcasts it when asked. */
    'bitcoin/signPsbt': {
      input: { psbt: string; signInputs?: Record<string, number[]>; broadcast?: boolean }
      output: { psbt: string; txid?: string }
    }
    /** A JSON-RPC read on a configured network (retry 3, back-off from 150 ms, timeout 10 s, batch 1000). */
    'chain/read': { input: ChainRead; output: unknown }
    /** A contract read on a configured EVM network. */
    'chain/readContract': { input: ContractRead; output: unknown }
    /** Waits for a transaction to be mined (default time-out 60 s). */
    'chain/waitForTransaction': {
      input: { caipNetworkId?: string; hash: string; timeoutMs?: number }
      output: TransactionReceiptSummary
    }
  }
}
