// SwitchActiveChain (SPEC §2): the chosen network belongs to a namespace not connected yet; offer to connect it.
import type { JSX } from 'react'
import type { Kernel } from '../../../kernel/index.js'
import { Avatar, Button, Text, useSelect } from '../../../shell/ui/index.js'

/** Route data of SwitchActiveChain. */
export interface SwitchActiveChainData {
  caipNetworkId: string
  namespace: string
}

/** The SwitchActiveChain view: a short explanation and a Connect button filtered by that namespace. */
export function SwitchActiveChainView({ kernel, data }: { kernel: Kernel; data?: SwitchActiveChainData }): JSX.Element {
  const network = useSelect(kernel, (s) => s.config.networks.find((n) => n.caipNetworkId === data?.caipNetworkId))
  const name = network?.name ?? data?.caipNetworkId ?? 'this network'
  const connect = () => {
    if (data?.namespace) kernel.request('modal/open', { namespace: data.namespace }).catch(() => undefined)
  }
  return (
    <div
      className="fy-stack fy-center"
      style={{ alignItems: 'center', padding: '12px 0' }}
      data-testid="switch-active-chain"
    >
      <Avatar src={network?.imageUrl} seed={data?.caipNetworkId ?? name} size={72} alt={name} />
      <Text variant="body" className="fy-strong">
        Connect a wallet for {name}
      </Text>
      <Text variant="muted" testId="switch-active-chain-message">
        {name} needs a wallet that is not connected yet. Connect one to use this network.
      </Text>
      <Button testId="switch-active-chain-connect" onClick={connect}>
        Connect
      </Button>
    </div>
  )
}
