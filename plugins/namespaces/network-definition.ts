// The network a wallet is asked to switch to or add (wallet_addEthereumChain, WalletConnect's RPC map): built-in chain
// data with the host's RPC URLs and chain image. A leaf of the plugin: handlers, requests and WalletConnect use it.
import {
  ErrorMessages,
  NetworkError,
  parseCaipNetworkId,
  safeWebUrl,
  type HostOptions,
  type NetworkInfo,
} from '../../kernel/index.js'
import { networkById, type NetworkDefinition } from './networks.js'

/** The network definition to send to a wallet: built-in data, host RPC overrides (else, off EVM, the project RPC). */
export function networkFor(
  caipNetworkId: string,
  networks: NetworkInfo[],
  options: Readonly<HostOptions>,
): NetworkDefinition {
  const info = networks.find((n) => n.caipNetworkId === caipNetworkId)
  const known = networkById(caipNetworkId)
  const parsed = parseCaipNetworkId(caipNetworkId)
  if (!parsed || (!info && !known))
    throw new NetworkError('caipNetworkNotFound', `${ErrorMessages.caipNetworkNotFound}: ${caipNetworkId}`)
  const custom = options.customRpcUrls?.[caipNetworkId]
  const urls = Array.isArray(custom)
    ? custom.map((u) => (typeof u === 'string' ? u : u?.url)).filter((u): u is string => typeof u === 'string')
    : []
  const base: NetworkDefinition = known ?? {
    id: parsed.namespace === 'eip155' ? Number(parsed.reference) : parsed.reference,
    name: info!.name,
    chainNamespace: parsed.namespace,
    caipNetworkId,
    nativeCurrency: { name: info!.nativeSymbol, symbol: info!.nativeSymbol, decimals: 18 },
    rpcUrls: { default: { http: [] } },
    testnet: !!info!.testnet,
  }
  if (!urls.length && parsed.namespace === 'solana' && options.apiUrl && options.projectId) {
    // SPEC §7: a non-EVM network's default RPC is the provider's endpoint carrying the project id (our server's). It
    // serves Solana nodes; Bitcoin has none there (its wallets read the chain themselves), so no URL that would 400.
    const query = `chainId=${encodeURIComponent(caipNetworkId)}&projectId=${encodeURIComponent(options.projectId)}`
    urls.push(`${options.apiUrl.replace(/\/+$/, '')}/v1/rpc?${query}`)
  }
  // SPEC §7 wallet_addEthereumChain carries iconUrls: the host's chain image, else the configured network's.
  const icon = safeWebUrl(options.chainImages?.[caipNetworkId]) ?? safeWebUrl(info?.imageUrl)
  return { ...base, ...(urls.length ? { rpcUrls: { default: { http: urls } } } : {}), iconUrls: icon ? [icon] : [] }
}
