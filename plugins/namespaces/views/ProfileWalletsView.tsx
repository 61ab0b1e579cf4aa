// ProfileWallets: the connected wallets per namespace; switch the active one or disconnect one (SPEC §4/§6).
import type { JSX } from 'react'
import type { Kernel } from '../../../kernel/index.js'
import { Button, EmptyState, ListItem, Text, truncateAddress, useSelect } from '../../../shell/ui/index.js'
import { listConnections } from '../multiwallet.js'
import { multiWalletEnabled } from '../multiwallet.state.js'

const namespaceLabel: Record<string, string> = { eip155: 'EVM', solana: 'Solana', bip122: 'Bitcoin' }
// Visible strings, in one place (they move to the message catalogues with the rest).
const Strings = {
  status: { connected: 'Active', active: 'Connected', disconnected: 'Disconnected' },
  disconnect: 'Disconnect',
  remove: 'Remove',
} as const

/** The ProfileWallets view. */
export function ProfileWalletsView({ kernel }: { kernel: Kernel }): JSX.Element {
  const connections = useSelect(kernel, (s) => listConnections(s))
  const multi = useSelect(kernel, multiWalletEnabled)
  const names = useSelect(kernel, (s) => Object.fromEntries(s.connectors.list.map((c) => [c.id, c.name])))
  const quiet = (p: Promise<unknown>) => {
    p.catch(() => undefined)
  }
  const disconnect = (namespace: string, connectorId: string) =>
    quiet(
      multi
        ? kernel.request('connections/delete', { namespace, connectorId })
        : kernel.request('wallet/disconnect', { namespace }),
    )
  const namespaces = [...new Set(connections.map((c) => c.namespace))]
  return (
    <div className="fy-stack" data-testid="profile-wallets">
      {connections.length === 0 ? (
        <EmptyState
          icon="wallet"
          title="No wallet connected"
          description="Connect a wallet to see it here."
          testId="profile-wallets-empty"
        />
      ) : null}
      {namespaces.map((ns) => (
        <section key={ns} className="fy-stack" data-testid={`profile-wallets-${ns}`}>
          <Text variant="small">{namespaceLabel[ns] ?? ns}</Text>
          {connections
            .filter((c) => c.namespace === ns)
            .map((c) => (
              <div
                key={c.connectorId}
                className="fy-stack"
                data-testid={`profile-wallet-${c.connectorId}`}
                data-status={c.status}
              >
                <ListItem
                  label={names[c.connectorId] ?? c.connectorId}
                  // SPEC §3 Connection auth name: the embedded wallet's entry says who is signed in.
                  description={[c.auth?.name, truncateAddress(c.address), Strings.status[c.status]]
                    .filter(Boolean)
                    .join(' · ')}
                  imageSeed={c.connectorId}
                  selected={c.status === 'connected'}
                  // SPEC §4: an active connection switches, a disconnected one reconnects through its route.
                  {...(c.status !== 'connected'
                    ? {
                        onClick: () =>
                          quiet(kernel.request('connections/switch', { namespace: ns, connectorId: c.connectorId })),
                        testId: `profile-wallet-switch-${c.connectorId}`,
                      }
                    : {})}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  testId={`profile-wallet-disconnect-${c.connectorId}`}
                  onClick={() => disconnect(ns, c.connectorId)}
                >
                  {c.status === 'disconnected' ? Strings.remove : Strings.disconnect}
                </Button>
              </div>
            ))}
        </section>
      ))}
    </div>
  )
}
