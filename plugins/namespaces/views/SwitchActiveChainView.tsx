// SwitchActiveChain (SPEC §2): the chosen network belongs to a namespace not connected yet; offer to connect it.
import type { JSX } from 'react'
import type { Kernel } from '../../../kernel/index.js'
import { Avatar, Button, EmptyState, Text, useSelect } from '../../../shell/ui/index.js'

/** Route data of SwitchActiveChain. */
export interface SwitchActiveChainData {
  caipNetworkId: string
  namespace: string
}

/** What a visitor calls each namespace's wallets ("an EVM wallet"). */
export const NamespaceNames: Record<string, string> = { eip155: 'EVM', solana: 'Solana', bip122: 'Bitcoin' }

/** The SwitchActiveChain view: a short explanation and a Connect list filtered by that namespace. */
export function SwitchActiveChainView({ kernel, data }: { kernel: Kernel; data?: SwitchActiveChainData }): JSX.Element {
  const network = useSelect(kernel, (s) => s.config.networks.find((n) => n.caipNetworkId === data?.caipNetworkId))
  // Opened without a network (a host's `open({ view })`): nothing to switch to.
  if (!data)
    return (
      <EmptyState
        icon="globe"
        title="No network chosen"
        description="Choose one in Networks."
        testId="switch-active-chain"
      />
    )
  const name = network?.name ?? data.caipNetworkId
  const kind = NamespaceNames[data.namespace] ?? data.namespace
  // The wallets of that namespace; the chosen network is kept for when one connects (see namespaces.handlers.ts).
  const connect = () => {
    kernel.request('router/push', { view: 'ConnectWallets', data }).catch(() => undefined)
  }
  return (
    <div
      className="fy-stack fy-center"
      style={{ alignItems: 'center', padding: '12px 0' }}
      data-testid="switch-active-chain"
    >
      <Avatar src={network?.imageUrl} seed={data.caipNetworkId} size={72} alt={name} />
      <Text variant="body" className="fy-strong">
        Connect a wallet for {name}
      </Text>
      <Text variant="muted" testId="switch-active-chain-message">
        {`${name} needs a ${kind} wallet, and none is connected yet. Your connected wallet stays connected.`}
      </Text>
      <Button testId="switch-active-chain-connect" onClick={connect}>
        {`Connect a ${kind} wallet`}
      </Button>
    </div>
  )
}
