// ConnectingExternal: waiting for the visitor to approve in their wallet; a refusal or failure stays on this screen,
// styled as an error, with "Try again".
import type { JSX } from 'react'
import { ErrorMessages, isConnecting, isPending, type Kernel } from '../../../kernel/index.js'
import { Avatar, Button, EmptyState, Spinner, Text, useSelect } from '../../../shell/ui/index.js'
import { namespacesOf } from '../namespaces.state.js'
import { ChainChoice } from './lazy-views.js'

/** Route data of ConnectingExternal. */
export interface ConnectingExternalData {
  connectorId: string
  name: string
  imageUrl?: string
  /** A MULTI_CHAIN wallet: the connector ids of its namespaces, to choose from before connecting. */
  choices?: string[]
}

/** The ConnectingExternal view. */
export function ConnectingExternalView({
  kernel,
  data,
}: {
  kernel: Kernel
  data?: ConnectingExternalData
}): JSX.Element {
  const connecting = useSelect(kernel, (s) => isConnecting(s) || isPending(s, 'wallet/connect'))
  const error = useSelect(kernel, (s) => namespacesOf(s).lastError)
  // Opened without a wallet (a host's `open({ view })`): nothing is connecting, so say so.
  if (!data) return <EmptyState icon="wallet" title="No wallet is connecting" description="Choose one in Connect." />
  if (data.choices) return <ChainChoice kernel={kernel} data={data} />
  const retry = () => {
    kernel.request('wallet/connect', { connectorId: data.connectorId }).catch(() => undefined)
  }
  const failed = !connecting && !!error
  return (
    <div
      className="fy-stack fy-center"
      style={{ alignItems: 'center', padding: '12px 0' }}
      data-testid="connecting-external"
    >
      <Avatar src={data.imageUrl} seed={data.connectorId} size={72} shape="rounded" alt={data.name} />
      {/* A live region: a screen reader hears "Connection declined" or "Connection failed" as it replaces the ask. */}
      <div className="fy-stack" role="status" aria-live="polite" style={{ alignItems: 'center' }}>
        <Text variant="body" className={failed ? 'fy-strong fy-text-error' : 'fy-strong'}>
          {failed
            ? error === ErrorMessages.connectionRejected
              ? 'Connection declined'
              : 'Connection failed'
            : `Continue in ${data.name}`}
        </Text>
        {failed ? (
          <Text variant="muted" className="fy-text-error" testId="connecting-error">
            {error}
          </Text>
        ) : (
          <Text variant="muted">Accept the connection request in your wallet.</Text>
        )}
      </div>
      {connecting ? (
        <Spinner size={24} label="Waiting for the wallet" />
      ) : (
        <Button variant={failed ? 'primary' : 'secondary'} testId="connecting-retry" onClick={retry}>
          Try again
        </Button>
      )}
    </div>
  )
}
