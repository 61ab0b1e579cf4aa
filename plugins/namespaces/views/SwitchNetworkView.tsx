// SwitchNetwork: a switch the visitor asked for (from UnsupportedChain, or a host opening it) waiting for the wallet,
// with the wallet's refusal and a retry. The view starts nothing itself: the click that opened it sent the request,
// and progress and failure are read from the kernel's request status.
import type { JSX } from 'react'
import { activeNetwork, isPending, requestError, type Kernel } from '../../../kernel/index.js'
import { Avatar, Button, Spinner, Text, useSelect } from '../../../shell/ui/index.js'

/** Route data of SwitchNetwork. */
export interface SwitchNetworkData {
  caipNetworkId: string
}

/** The SwitchNetwork view. */
export function SwitchNetworkView({ kernel, data }: { kernel: Kernel; data?: SwitchNetworkData }): JSX.Element {
  const target = data?.caipNetworkId
  const network = useSelect(kernel, (s) => s.config.networks.find((n) => n.caipNetworkId === target))
  const onTarget = useSelect(kernel, (s) => !!target && activeNetwork(s)?.caipNetworkId === target)
  const busy = useSelect(kernel, (s) => isPending(s, 'network/switch'))
  const error = useSelect(kernel, (s) => requestError(s, 'network/switch'))
  const name = network?.name ?? target ?? 'the network'
  const attempt = () => {
    if (target) kernel.request('network/switch', { caipNetworkId: target }).catch(() => undefined)
  }
  const failed = !busy && !onTarget && !!error
  return (
    <div
      className="fy-stack fy-center"
      style={{ alignItems: 'center', padding: '12px 0' }}
      data-testid="switch-network"
    >
      <Avatar src={network?.imageUrl} seed={target ?? name} size={72} alt={name} />
      <Text variant="body" className="fy-strong">
        {failed ? 'Switch declined' : onTarget ? `Switched to ${name}` : 'Approve in wallet'}
      </Text>
      <Text variant="muted" testId="switch-network-message">
        {failed ? error.message : `Accept the request to switch to ${name}.`}
      </Text>
      {busy ? (
        <Spinner size={24} label="Waiting for the wallet" />
      ) : onTarget ? null : (
        <Button variant="secondary" testId="switch-network-retry" onClick={attempt}>
          {failed ? 'Try again' : `Switch to ${name}`}
        </Button>
      )}
    </div>
  )
}
