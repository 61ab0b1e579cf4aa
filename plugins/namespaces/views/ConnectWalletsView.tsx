// The ConnectWallets slot of Connect: installed wallets (EIP-6963 announced, legacy injected), recent ones first.
import type { JSX } from 'react'
import type { Kernel } from '../../../kernel/index.js'
import { useSelect } from '../../../shell/react/useSelect.js'
import { ListItem, Text } from '../../../shell/ui/index.js'
import { orderedConnectors } from '../namespaces.state.js'
import { WalletConnectItem } from '../walletconnect/WalletConnectItem.js'

const tag = (text: string) => <span className="fy-text fy-text-small" style={{ flex: 'none' }}>{text}</span>

/** The ConnectWallets slot view. */
export function ConnectWalletsView({ kernel }: { kernel: Kernel }): JSX.Element {
  const state = useSelect(kernel, (s) => s.namespaces)
  const connecting = useSelect(kernel, (s) => Object.values(s.account.namespaces).some((n) => n.status === 'connecting'))
  const connectors = orderedConnectors(state)
  const connect = (connectorId: string) => {
    // A rejection or failure is already shown (message below); nothing else to do here.
    kernel.request('wallet/connect', { connectorId }).catch(() => undefined)
  }
  return (
    <div className="fy-stack" data-testid="connect-wallets">
      <WalletConnectItem kernel={kernel} disabled={connecting} />
      {connectors.map((c) => (
        <ListItem
          key={c.id} testId={`wallet-selector-${c.id}`} label={c.name} imageUrl={c.imageUrl ?? ''} imageSeed={c.id}
          disabled={connecting} onClick={() => connect(c.id)} end={tag(c.recent ? 'Recent' : 'Installed')}
        />
      ))}
      {state.lastError ? <Text variant="small" testId="connect-error">{state.lastError}</Text> : null}
    </div>
  )
}
