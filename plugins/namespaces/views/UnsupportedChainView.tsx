// UnsupportedChain: the wallet is on a network this app does not offer; lists the configured ones to switch to.
import { namespaceOf } from '../../../kernel/index.js'
import type { JSX } from 'react'
import type { Kernel } from '../../../kernel/index.js'
import { Button, ListItem, Text, useSelect } from '../../../shell/ui/index.js'
import { namespacesOf } from '../namespaces.state.js'

/** The UnsupportedChain view. */
export function UnsupportedChainView({ kernel }: { kernel: Kernel }): JSX.Element {
  const networks = useSelect(kernel, (s) => s.config.networks)
  const wallet = useSelect(kernel, (s) => namespacesOf(s).unsupportedCaipNetworkId ?? s.account.activeCaipNetworkId)
  const namespace = namespaceOf(wallet)
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
        {`Your wallet is on a network this app doesn't support${wallet ? ` (${wallet})` : ''}. `}
        Switch to one of these:
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
      <Button variant="ghost" testId="unsupported-chain-disconnect" onClick={disconnect}>
        Disconnect
      </Button>
    </div>
  )
}
