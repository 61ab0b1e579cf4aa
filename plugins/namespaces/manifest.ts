// The namespaces plugin's eager manifest: its views (with titles and footers the shell shows before the code
// arrives), its requests, the Connect and Account entries it fills, and the start-up restore of a stored connection.
import { WalletRequestNames } from './requests/names.js'
import { transportRequestNames } from './transport-names.js'
import { defineManifest, reconnectEnabled, StorageKeys, type KernelState } from '../../kernel/index.js'

const routeData = (s: KernelState) => s.router.history.at(-1)?.data as { name?: string } | undefined

/** Manifest of the namespaces plugin. */
export const namespacesManifest = defineManifest({
  id: 'namespaces',
  views: {
    ConnectWallets: { title: 'Connect Wallet', footer: 'legal' },
    // Its route data names the wallet (plugins/namespaces/views/ConnectingExternalView.tsx).
    ConnectingExternal: { title: (s) => routeData(s)?.name ?? 'Connecting' },
    AccountBalance: { needs: ['connection'] },
    ConnectingWalletConnect: { title: (s) => s.namespaces?.walletConnect?.wallet?.name ?? 'WalletConnect' },
    ConnectingWalletConnectBasic: { title: 'Connect Wallet' },
    UnsupportedChain: { title: 'Switch Network', noBack: true },
    SwitchNetwork: { title: 'Switch Network' },
    SwitchActiveChain: { title: 'Switch Network' },
    ProfileWallets: { title: 'Connected Wallets' },
    Networks: { title: 'Choose Network', footer: 'default' },
  },
  requests: [
    'wallet/connect',
    'wallet/reconnect',
    'wallet/disconnect',
    'network/switch',
    'wallet/selectRegistryWallet',
    'account/fetchBalance',
    'wallet/loadListedWallets',
    'network/checkSupport',
    'connections/list',
    'connections/switch',
    'connections/delete',
    'walletConnect/connect',
    'walletConnect/cancel',
    'wallet/registerConnector',
    'wallet/adoptConnection',
    'wallet/connectBridged',
    'wallet/transfer',
    'wallet/estimateTransfer',
    'networks/select',
    'networks/add',
    'networks/remove',
    ...WalletRequestNames,
    // The built-in transports' connector requests (injected/connect, …, wcSession/rpc) are asked only by this plugin
    // once loaded (its connector registry), never to load it: a production build leaves them out of the first paint,
    // a development one lists them so the kernel's check finds manifest and plugin (index.ts) agreeing.
    ...(process.env.NODE_ENV !== 'production' ? transportRequestNames() : []),
  ],
  entries: [
    { point: 'connect-method', id: 'wallet', view: 'ConnectWallets', label: 'Wallets', inline: true, order: 10 },
    { point: 'account-header', id: 'balance', view: 'AccountBalance', label: 'Balance', inline: true },
    {
      point: 'account-action',
      id: 'wallets',
      view: 'ProfileWallets',
      label: 'Wallets',
      icon: 'wallet',
      order: 200,
      feature: 'multiWallet',
    },
  ],
  // SPEC §4 reconnect: only a stored connection loads the plugin at start-up; a first visit loads nothing.
  boot(ctx) {
    const namespaces = ctx.storage.get<unknown>(StorageKeys.connectedNamespaces)
    if (!Array.isArray(namespaces) || namespaces.length === 0) return
    const ids = ctx.storage.get<Record<string, unknown>>(StorageKeys.connectorIds) ?? {}
    const reconnect = reconnectEnabled(ctx.options)
    // Each restorable namespace shows "Connecting…" at once, before the adapter's chunk arrives; with reconnect off
    // (SPEC §4: start disconnected) or without a connector id there is nothing to restore, so none shows it.
    for (const namespace of namespaces)
      if (
        reconnect &&
        typeof namespace === 'string' &&
        typeof ids?.[namespace] === 'string' &&
        ctx.getState().config.namespaces.includes(namespace)
      )
        ctx.emit('wallet/connecting', { namespace })
    ctx.request('wallet/reconnect').catch(() => undefined)
  },
  load: () => import('./index.js').then((m) => m.createNamespacesPlugin()),
})
