// ConnectingExternal for a MULTI_CHAIN wallet (SPEC §3): the wallet serves several namespaces here, so the visitor
// picks which to connect; the choice becomes an ordinary ConnectingExternal for that namespace's connector.
import type { JSX } from 'react'
import { type ConnectorInfo, type Kernel } from '../../../kernel/index.js'
import { Avatar, ListItem, Text, useSelect } from '../../../shell/ui/index.js'
import type { ConnectingExternalData } from './ConnectingExternalView.js'
import { NamespaceNames } from './SwitchActiveChainView.js'

/** The namespace choice of a MULTI_CHAIN wallet. */
export function ChainChoice({ kernel, data }: { kernel: Kernel; data: ConnectingExternalData }): JSX.Element {
  const list = useSelect(kernel, (s) => s.connectors.list)
  const networks = useSelect(kernel, (s) => s.config.networks)
  // A choice whose wallet went away meanwhile (it unregistered) is simply no longer offered.
  const options = (data.choices ?? []).flatMap((id) => list.filter((c) => c.id === id))
  const choose = (c: ConnectorInfo) => {
    const next = { connectorId: c.id, name: c.name, imageUrl: c.imageUrl ?? data.imageUrl }
    kernel
      .request('router/replace', { view: 'ConnectingExternal', data: next })
      .then(() => kernel.request('wallet/connect', { connectorId: c.id }))
      // A refusal or failure shows on ConnectingExternal itself.
      .catch(() => undefined)
  }
  return (
    <div className="fy-stack" data-testid="connecting-multi-chain">
      <div className="fy-stack fy-center" style={{ alignItems: 'center', padding: '12px 0' }}>
        <Avatar src={data.imageUrl} seed={data.connectorId} size={72} shape="rounded" alt={data.name} />
        <Text variant="body" className="fy-strong">
          Select a chain
        </Text>
        <Text variant="muted">{`Choose which chain to connect to ${data.name}.`}</Text>
      </div>
      {options.map((c) => (
        <ListItem
          key={c.id}
          testId={`multi-chain-${c.namespace}`}
          label={NamespaceNames[c.namespace] ?? c.namespace}
          imageUrl={networks.find((n) => n.chainNamespace === c.namespace)?.imageUrl ?? ''}
          imageSeed={c.namespace}
          imageShape="circle"
          onClick={() => choose(c)}
        />
      ))}
    </div>
  )
}
