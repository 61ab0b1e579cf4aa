// The ConnectWallets slot of Connect, in SPEC §9 connector type order: WalletConnect, recent, installed (EIP-6963
// announced, legacy injected), featured (registry), custom, external, recommended (registry). The registry part comes
// from `wallet/loadListedWallets` (started by the plugin when the modal opens); installed wallets the host excluded are
// hidden by rdns. In an in-app browser only WalletConnect options are offered.
import type { JSX } from 'react'
import { isConnecting, RegisteredConnectorTypes, type ConnectorInfo, type Kernel } from '../../../kernel/index.js'
import { namespacesOf } from '../namespaces.state.js'
import { isSafeLinkUrl, ListItem, Text, useSelect } from '../../../shell/ui/index.js'
import { prefetchConnect } from '../prefetch.js'
import { isInAppBrowser } from '../listed.js'
import { fitsNamespace, type ListedWallet } from '../../../protocol/registry/wallets.js'
import { orderConnectors, type OrderedEntry } from '../order.js'
import { walletConnectEnabled, WalletConnectItem } from '../walletconnect/WalletConnectItem.js'

const tag = (text: string) => (
  <span className="fy-text fy-text-small" style={{ flex: 'none' }}>
    {text}
  </span>
)

// Visible tags, in one place (they move to the message catalogues with the rest of the strings).
const Tags: Record<string, string> = { custom: 'Custom', featured: 'Featured', external: 'This site' }

/** The ConnectWallets slot view. */
export function ConnectWalletsView({
  kernel,
  data,
}: {
  kernel: Kernel
  data?: { namespace?: string; caipNetworkId?: string }
}): JSX.Element {
  const connectors = useSelect(kernel, (s) => s.connectors.list)
  const recent = useSelect(kernel, (s) => namespacesOf(s).recent)
  const listed = useSelect(kernel, (s) => namespacesOf(s).listed)
  const lastError = useSelect(kernel, (s) => namespacesOf(s).lastError)
  // Opened for one namespace (SPEC §2 open with a namespace, or from SwitchActiveChain): only its wallets. Registry
  // wallets without chain data (the shipped source has none) count as EVM wallets.
  const only = useSelect(kernel, (s) => data?.namespace ?? s.modal.namespace)
  const fits = (w: ListedWallet) => fitsNamespace(w, only)
  const connecting = useSelect(kernel, isConnecting)
  const o = kernel.options
  const inApp = typeof window !== 'undefined' && isInAppBrowser(window as never)
  const excluded = new Set(listed?.excludedRdns ?? [])
  // WalletConnect has its own entry and the embedded wallet its own methods: their registered connectors are no rows.
  // Opened for a network (SwitchActiveChain), a connector that names its networks (SPEC §3 chains) must serve it.
  const want = data?.caipNetworkId
  const usable = connectors.filter(
    (c) =>
      !inApp &&
      !RegisteredConnectorTypes.includes(c.type) &&
      (!only || c.namespace === only) &&
      !(want && c.chains?.length && !c.chains.includes(want)) &&
      !(c.rdns && excluded.has(c.rdns)),
  )
  // SPEC §9 connector type order (plugins/namespaces/order.ts).
  const entries = orderConnectors({
    connectors: usable,
    recent: recent.filter((r) => !(r.rdns && excluded.has(r.rdns))),
    walletConnect: walletConnectEnabled(o),
    featuredWalletIds: o.featuredWalletIds,
    registry: listed?.featured.filter(fits),
    customWallets: !inApp && Array.isArray(o.customWallets) ? o.customWallets : [],
    recommended: listed?.recommended.filter(fits),
    apiUrl: o.apiUrl,
  })
  const openListed = (e: OrderedEntry) => {
    const link = e.wallet?.webappLink ?? e.wallet?.desktopLink ?? e.wallet?.homepage
    if (e.kind === 'custom' && link && isSafeLinkUrl(link)) {
      window.open(link, '_blank', 'noopener,noreferrer')
      return
    }
    kernel.request('wallet/selectRegistryWallet', { ...e.wallet, id: e.id, name: e.name }).catch(() => undefined)
  }
  const connect = (c: ConnectorInfo) => {
    // A rejection or failure is already shown (message below); nothing else to do here.
    if (!c.connectors) kernel.request('wallet/connect', { connectorId: c.id }).catch(() => undefined)
    // MULTI_CHAIN: ConnectingExternal first asks which namespace to connect.
    else
      kernel
        .request('router/push', {
          view: 'ConnectingExternal',
          data: { connectorId: c.id, name: c.name, imageUrl: c.imageUrl, choices: c.connectors.map((x) => x.id) },
        })
        .catch(() => undefined)
  }
  return (
    <div className="fy-stack" data-testid="connect-wallets">
      {entries.map((e) =>
        e.kind === 'walletConnect' ? (
          <WalletConnectItem key={e.id} kernel={kernel} disabled={connecting} />
        ) : (
          <ListItem
            key={e.id}
            testId={`wallet-selector-${e.id}`}
            label={e.name}
            imageUrl={e.imageUrl ?? ''}
            imageSeed={e.id}
            disabled={connecting}
            onClick={() => (e.connector ? connect(e.connector) : openListed(e))}
            onIntent={() => prefetchConnect(e.connector?.namespace, !e.connector && e.kind !== 'custom')}
            end={tag(
              e.kind === 'recent'
                ? 'Recent'
                : e.kind === 'external'
                  ? Tags.external
                  : e.connector
                    ? 'Installed'
                    : (Tags[e.kind] ?? 'Recommended'),
            )}
          />
        ),
      )}
      {lastError ? (
        <Text variant="small" testId="connect-error">
          {lastError}
        </Text>
      ) : null}
    </div>
  )
}
