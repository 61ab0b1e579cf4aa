// What a WalletConnect session proposal asks for: optional namespaces of methods per namespace (SPEC §7), for the
// configured networks, and an rpcMap from their RPC URLs. Plain data; no SDK.
import { networkOfAddress, referenceOf, type HostOptions } from '../../../kernel/index.js'
import type { NetworkInfo } from '../../../kernel/index.js'
import { networkFor } from '../network-definition.js'

/** Methods requested per namespace (SPEC §7 method families). */
export const WalletConnectMethods: Readonly<Record<string, readonly string[]>> = {
  eip155: [
    'personal_sign',
    'eth_sign',
    'eth_signTransaction',
    'eth_sendTransaction',
    'eth_signTypedData',
    'eth_signTypedData_v4',
    'eth_accounts',
    'eth_requestAccounts',
    'eth_chainId',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'wallet_getPermissions',
    'wallet_requestPermissions',
    'wallet_sendCalls',
    'wallet_getCallsStatus',
    'wallet_showCallsStatus',
    'wallet_getCapabilities',
    'wallet_getAssets',
  ],
  solana: [
    'solana_signMessage',
    'solana_signTransaction',
    'solana_requestAccounts',
    'solana_getAccounts',
    'solana_signAllTransactions',
    'solana_signAndSendTransaction',
  ],
  bip122: ['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses'],
}

/** Events requested per namespace. */
export const WalletConnectEvents: Readonly<Record<string, readonly string[]>> = {
  eip155: ['accountsChanged', 'chainChanged'],
  solana: ['accountsChanged', 'chainChanged'],
  bip122: ['bip122_addressesChanged'],
}

/** One namespace of a proposal. */
export interface ProposalNamespace {
  chains: string[]
  methods: string[]
  events: string[]
  rpcMap: Record<string, string>
  defaultChain?: string
}

/** The optional namespaces for `networks` (only namespaces Foyer knows), the active network as default chain. */
export function optionalNamespaces(
  networks: readonly NetworkInfo[],
  options: Readonly<HostOptions>,
  activeCaipNetworkId?: string,
): Record<string, ProposalNamespace> {
  const out: Record<string, ProposalNamespace> = {}
  for (const n of networks) {
    const methods = WalletConnectMethods[n.chainNamespace]
    if (!methods) continue
    const ns = (out[n.chainNamespace] ??= {
      chains: [],
      methods: [...methods],
      events: [...(WalletConnectEvents[n.chainNamespace] ?? [])],
      rpcMap: {},
    })
    ns.chains.push(n.caipNetworkId)
    const rpc = rpcUrlOf(n.caipNetworkId, networks, options)
    if (rpc) ns.rpcMap[referenceOf(n.caipNetworkId)!] = rpc
    if (n.caipNetworkId === activeCaipNetworkId) ns.defaultChain = referenceOf(n.caipNetworkId)
  }
  return out
}

/** The first RPC URL of a network (host overrides first), if any. */
export function rpcUrlOf(
  caipNetworkId: string,
  networks: readonly NetworkInfo[],
  options: Readonly<HostOptions>,
): string | undefined {
  try {
    return networkFor(caipNetworkId, [...networks], options).rpcUrls.default.http[0]
  } catch {
    return undefined
  }
}

/** The universal provider's flat rpcMap (`{ 'eip155:1': url }`-style keys are per namespace; EVM uses chain ids). */
export function rpcMapOf(namespaces: Record<string, ProposalNamespace>): Record<string, string> {
  return Object.assign({}, ...Object.values(namespaces).map((n) => n.rpcMap)) as Record<string, string>
}

/** A session namespace's default chain: the active network when the wallet granted it, else its first account's. */
export function sessionDefaultChain(accounts: readonly string[], activeCaipNetworkId?: string): string | undefined {
  const chains = accounts.map((a) => networkOfAddress(a))
  return activeCaipNetworkId && chains.includes(activeCaipNetworkId) ? activeCaipNetworkId : chains[0]
}
