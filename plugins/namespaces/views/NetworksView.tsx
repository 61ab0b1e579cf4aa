// Lists the configured networks; the active one is marked. Choosing one asks the kernel to switch.
import { useState, type JSX } from 'react'
import { requestError, type Kernel } from '../../../kernel/index.js'
import { EmptyState, ListItem, Text, useSelect } from '../../../shell/ui/index.js'

const namespaceLabel: Record<string, string> = { eip155: 'EVM', solana: 'Solana', bip122: 'Bitcoin' }

/** The Networks view. */
export function NetworksView({ kernel }: { kernel: Kernel }): JSX.Element {
  const networks = useSelect(kernel, (s) => s.config.networks)
  const active = useSelect(kernel, (s) => s.account.activeCaipNetworkId)
  const [query, setQuery] = useState('')
  const error = useSelect(kernel, (s) => requestError(s, 'networks/select')?.message)
  const q = query.trim().toLowerCase()
  const shown = q ? networks.filter((n) => n.name.toLowerCase().includes(q) || n.caipNetworkId.includes(q)) : networks

  const select = (caipNetworkId: string) => {
    kernel.request('networks/select', { caipNetworkId }).catch(() => undefined)
  }

  return (
    <div className="fy-stack" data-testid="networks-list">
      {networks.length > 6 && (
        <input
          className="fy-input"
          type="search"
          placeholder="Search network"
          aria-label="Search network"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="network-search"
        />
      )}
      {shown.length === 0 && <EmptyState icon="search" title="No network found" description="Try another name." />}
      {shown.map((n) => (
        <ListItem
          key={n.caipNetworkId}
          testId={`network-item-${n.caipNetworkId}`}
          label={n.name}
          description={`${namespaceLabel[n.chainNamespace] ?? n.chainNamespace}${n.testnet ? ' · testnet' : ''}`}
          imageUrl={n.imageUrl}
          imageSeed={n.caipNetworkId}
          imageShape="circle"
          selected={n.caipNetworkId === active}
          onClick={() => select(n.caipNetworkId)}
        />
      ))}
      {error && (
        <Text variant="small" testId="networks-error">
          {error}
        </Text>
      )}
    </div>
  )
}
