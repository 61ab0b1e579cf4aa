// SwitchNetwork: asks the wallet to switch and waits for it, with the error and a retry when it fails.
import { useEffect, useRef, useState, type JSX } from 'react'
import type { Kernel } from '../../../kernel/index.js'
import { Avatar, Button, Spinner, Text, useSelect } from '../../../shell/ui/index.js'

/** Route data of SwitchNetwork. */
export interface SwitchNetworkData {
  caipNetworkId: string
}

/** The SwitchNetwork view. */
export function SwitchNetworkView({ kernel, data }: { kernel: Kernel; data?: SwitchNetworkData }): JSX.Element {
  const target = data?.caipNetworkId
  const network = useSelect(kernel, (s) => s.config.networks.find((n) => n.caipNetworkId === target))
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const started = useRef(false)
  const name = network?.name ?? target ?? 'the network'
  const attempt = () => {
    if (!target) return
    setError(undefined)
    setBusy(true)
    kernel
      .request('wallet/switchNetwork', { caipNetworkId: target })
      .then(
        async () => {
          setBusy(false)
          // The unsupported flow closes the modal itself; elsewhere go back to where the switch was asked for.
          const s = kernel.getState()
          if (s.modal.open && s.router.history.at(-1)?.view === 'SwitchNetwork') await kernel.request('router/back')
        },
        (e: Error) => {
          setBusy(false)
          setError(e.message || 'The wallet did not switch')
        },
      )
      .catch(() => undefined)
  }
  useEffect(() => {
    if (!started.current) {
      started.current = true
      attempt()
    }
  })
  return (
    <div
      className="fy-stack fy-center"
      style={{ alignItems: 'center', padding: '12px 0' }}
      data-testid="switch-network"
    >
      <Avatar src={network?.imageUrl} seed={target ?? name} size={72} shape="rounded" alt={name} />
      <Text variant="body" className="fy-strong">
        {error ? 'Switch declined' : `Approve in wallet`}
      </Text>
      <Text variant="muted" testId="switch-network-message">
        {error ?? `Accept the request to switch to ${name}.`}
      </Text>
      {busy ? (
        <Spinner size={24} label="Waiting for the wallet" />
      ) : (
        <Button variant="secondary" testId="switch-network-retry" onClick={attempt}>
          Try again
        </Button>
      )}
    </div>
  )
}
