// ConnectingExternal: waiting for the visitor to approve in their wallet, with a retry.
import type { JSX } from 'react'
import { isConnecting, type Kernel } from '../../../kernel/index.js'
import { Avatar, Button, Spinner, Text, useSelect } from '../../../shell/ui/index.js'
import { namespacesOf } from '../namespaces.state.js'

/** Route data of ConnectingExternal. */
export interface ConnectingExternalData {
  connectorId: string
  name: string
  imageUrl?: string
}

/** The ConnectingExternal view. */
export function ConnectingExternalView({
  kernel,
  data,
}: {
  kernel: Kernel
  data?: ConnectingExternalData
}): JSX.Element {
  const connecting = useSelect(kernel, isConnecting)
  const error = useSelect(kernel, (s) => namespacesOf(s).lastError)
  const name = data?.name ?? 'your wallet'
  const retry = () => {
    if (data) kernel.request('wallet/connect', { connectorId: data.connectorId }).catch(() => undefined)
  }
  return (
    <div
      className="fy-stack fy-center"
      style={{ alignItems: 'center', padding: '12px 0' }}
      data-testid="connecting-external"
    >
      <Avatar src={data?.imageUrl} seed={data?.connectorId ?? name} size={72} shape="rounded" alt={name} />
      <Text variant="body" className="fy-strong">
        {connecting ? `Continue in ${name}` : error ? 'Connection declined' : name}
      </Text>
      <Text variant="muted">{connecting ? 'Accept the connection request in your wallet.' : (error ?? '')}</Text>
      {connecting ? (
        <Spinner size={24} label="Waiting for the wallet" />
      ) : (
        <Button variant="secondary" testId="connecting-retry" onClick={retry}>
          Try again
        </Button>
      )}
    </div>
  )
}
