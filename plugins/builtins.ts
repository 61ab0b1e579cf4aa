// The built-in optional plugins as tiny eager manifests; each implementation is its own lazy chunk.
import { StorageKeys, type Kernel, type PluginManifest } from '../kernel/index.js'

/** Manifests of the plugins Foyer ships, loaded on first use of one of their views or requests. */
export const builtinManifests: PluginManifest[] = [
  {
    id: 'networks',
    views: ['Networks'],
    requests: ['networks/select'],
    load: () => import('./networks/index.js').then((m) => m.networksPlugin),
  },
  {
    id: 'wallets',
    views: ['AllWallets'],
    requests: ['wallets/fetchPage'],
    load: () => import('./wallets/index.js').then((m) => m.createWalletsPlugin()),
  },
  {
    id: 'namespaces',
    views: [
      'ConnectWallets',
      'ConnectingExternal',
      'AccountBalance',
      'ConnectingWalletConnect',
      'ConnectingWalletConnectBasic',
      'UnsupportedChain',
      'SwitchNetwork',
      'ProfileWallets',
    ],
    requests: [
      'wallet/connect',
      'wallet/reconnect',
      'wallet/disconnect',
      'wallet/switchNetwork',
      'network/switch',
      'wallet/selectRegistryWallet',
      'account/fetchBalance',
      'network/checkSupport',
      'connections/list',
      'connections/switch',
      'connections/delete',
      'walletConnect/connect',
      'walletConnect/cancel',
      'wallet/signMessage',
      'solana/signTransaction',
      'solana/signAndSendTransaction',
      'solana/sendTransfer',
    ],
    load: () => import('./namespaces/index.js').then((m) => m.createNamespacesPlugin()),
  },
]

/**
 * Start-up work of the built-in plugins, run once by createFoyer. Only a stored connection (SPEC §4 reconnect) loads
 * a plugin here; a first visit loads nothing and makes no request.
 */
export function startBuiltins(kernel: Kernel): void {
  const stored = kernel.storage.get<unknown>(StorageKeys.connectedNamespaces)
  if (!Array.isArray(stored) || stored.length === 0) return
  // Each stored namespace starts connecting at once, so buttons show it before the adapter's chunk arrives.
  for (const namespace of stored)
    if (typeof namespace === 'string' && kernel.getState().config.namespaces.includes(namespace))
      kernel.emit('wallet/connecting', { namespace })
  const request = kernel.request as unknown as (name: string) => Promise<unknown>
  request('wallet/reconnect').catch((error: unknown) => kernel.reportError(error))
}

/** Foyer's built-in plugins, as the package entry composes them into createFoyer. */
export const builtins = { plugins: builtinManifests, start: startBuiltins }
