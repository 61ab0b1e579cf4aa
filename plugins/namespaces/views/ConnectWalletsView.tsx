// The ConnectWallets slot of Connect: installed wallets (EIP-6963 announced, legacy injected), recent ones first.
import type { JSX } from 'react'
import { isConnecting, type Kernel } from '../../../kernel/index.js'
import { namespacesOf } from '../namespaces.state.js'
import { isSafeLinkUrl, ListItem, Text, useSelect } from '../../../shell/ui/index.js'
import { orderConnectors, type OrderedEntry } from '../order.js'
import { walletConnectEnabled, WalletConnectItem } from '../walletconnect/WalletConnectItem.js'

const tag = (text: string) => (
  <span className="fy-text fy-text-small" style={{ flex: 'none' }}>
    {text}
  </span>
)

/** The ConnectWallets slot view. */
export function ConnectWalletsView({ kernel }: { kernel: Kernel }): JSX.Element {
  const connectors = useSelect(kernel, (s) => s.connectors.list)
  const recent = useSelect(kernel, (s) => namespacesOf(s).recent)
  const lastError = useSelect(kernel, (s) => namespacesOf(s).lastError)
  // Opened for one namespace (SPEC §2 open with a namespace, e.g. from SwitchActiveChain): only its wallets.
  const only = useSelect(kernel, (s) => s.modal.namespace)
  const connecting = useSelect(kernel, isConnecting)
  const o = kernel.options
  // SPEC §9 connector type order (plugins/namespaces/order.ts).
  const entries = orderConnectors({
    connectors: only ? connectors.filter((c) => c.namespace === only || c.type === 'MULTI_CHAIN') : connectors,
    recent,
    walletConnect: walletConnectEnabled(kernel.options),
    featuredWalletIds: o.featuredWalletIds,
    customWallets: Array.isArray(o.customWallets) ? o.customWallets : [],
  })
  const openListed = (e: OrderedEntry) => {
    const link = e.wallet?.webappLink ?? e.wallet?.desktopLink ?? e.wallet?.homepage
    if (e.kind === 'custom' && link && isSafeLinkUrl(link)) {
      window.open(link, '_blank', 'noopener,noreferrer')
      return
    }
    kernel
      .request('wallet/selectRegistryWallet', {
        id: e.id,
        name: e.name,
        ...(e.wallet?.rdns ? { rdns: e.wallet.rdns } : {}),
      })
      .catch(() => undefined)
  }
  const connect = (connectorId: string) => {
    // A rejection or failure is already shown (message below); nothing else to do here.
    kernel.request('wallet/connect', { connectorId }).catch(() => undefined)
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
            onClick={() => (e.connector ? connect(e.connector.id) : openListed(e))}
            end={tag(
              e.kind === 'recent'
                ? 'Recent'
                : e.connector
                  ? 'Installed'
                  : e.kind === 'custom'
                    ? 'Custom'
                    : e.kind === 'featured'
                      ? 'Featured'
                      : 'Recommended',
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
