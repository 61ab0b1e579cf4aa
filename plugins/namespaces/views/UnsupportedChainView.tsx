// UnsupportedChain: the wallet is on a network this app does not offer; lists the configured ones to switch to.
import { isConnected, namespaceOf } from '../../../kernel/index.js'
import type { JSX } from 'react'
import type { Kernel } from '../../../kernel/index.js'
import { Button, ListItem, Text, useSelect } from '../../../shell/ui/index.js'
import { namespacesOf } from '../namespaces.state.js'

/** The UnsupportedChain view. */
export function UnsupportedChainView({ kernel }: { kernel: Kernel }): JSX.Element {
  const networks = useSelect(kernel, (s) => s.config.networks)
  // Only a network the wallet reported and we do not offer is named; opened without one (a host's `open({ view })`),
  // the view just offers the networks, without claiming the active one is unsupported.
  const wallet = useSelect(kernel, (s) => namespacesOf(s).unsupportedCaipNetworkId)
  const active = useSelect(kernel, (s) => s.account.activeCaipNetworkId)
  const connected = useSelect(kernel, isConnected)
  const namespace = namespaceOf(wallet ?? active)
  // A wallet switches within its own namespace; other namespaces would need another wallet.
  const choices = networks.filter((n) => !namespace || n.chainNamespace === namespace)
  // The click is the intent: show the switch in progress and ask for it (the one network/switch rule).
  const choose = (caipNetworkId: string) => {
    kernel
      .request('router/push', { view: 'SwitchNetwork', data: { caipNetworkId } })
      .then(() => kernel.request('network/switch', { caipNetworkId }))
      .catch(() => undefined)
  }
  const disconnect = () => {
    kernel.request('wallet/disconnect', undefined).catch(() => undefined)
  }
  return (
    <div className="fy-stack" data-testid="unsupported-chain">
      <Text variant="muted">
        {wallet
          ? `Your wallet is on a network this app doesn't support (${wallet}). Switch to one of these:`
          : 'Choose a network:'}
      </Text>
      {choices.map((n) => (
        <ListItem
          key={n.caipNetworkId}
          testId={`network-item-${n.caipNetworkId}`}
          label={n.name}
          imageUrl={n.imageUrl}
          imageSeed={n.caipNetworkId}
          imageShape="circle"
          onClick={() => choose(n.caipNetworkId)}
        />
      ))}
      {connected || wallet ? (
        <Button variant="ghost" testId="unsupported-chain-disconnect" onClick={disconnect}>
          Disconnect
        </Button>
      ) : null}
    </div>
  )
}
