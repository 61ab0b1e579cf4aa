// WalletReceive: the connected address as a QR code and as text, a copy button (with a snackbar), the active
// network's name, and every configured network of the address's namespace (an EVM address works on each EVM network).
import { useSignals } from '@preact/signals-react/runtime'
import type { JSX } from 'react'
import { activeCaipAddress, activeNetwork, addressOf, namespaceOf, type Kernel } from '../../../kernel/index.js'
import { Button, EmptyState, Text, useSelect } from '../../../shell/ui/index.js'
import { QrCode } from '../../../shell/ui/QrCode.js'

/** Copies `address` and says how it went in a snackbar. */
export function copyAddress(kernel: Kernel, address: string): void {
  const say = (ok: boolean) =>
    void kernel
      .request(
        'snackbar/show',
        ok
          ? { variant: 'success', message: 'Address copied' }
          : { variant: 'error', message: 'Could not copy the address' },
      )
      .catch(() => undefined)
  const clip = globalThis.navigator?.clipboard
  if (!clip) return say(false)
  clip.writeText(address).then(
    () => say(true),
    () => say(false),
  )
}

/** The WalletReceive view. */
export function ReceiveView({ kernel }: { kernel: Kernel }): JSX.Element {
  useSignals()
  // the parts the first paint already carries (protocol/caip-parts.ts): no validator chunk for this view
  const caipAddress = useSelect(kernel, activeCaipAddress)
  const address = addressOf(caipAddress)
  const namespace = namespaceOf(caipAddress)
  const network = useSelect(kernel, activeNetwork)
  const networks = useSelect(kernel, (s) =>
    s.config.networks
      .filter((n) => n.chainNamespace === namespace)
      .map((n) => n.name)
      .join('\n'),
  )
  if (!address) return <EmptyState icon="wallet" title="Connect a wallet to receive" />
  return (
    <div className="fy-stack" style={{ alignItems: 'center' }}>
      <div data-testid="receive-qr">
        <QrCode value={address} px={220} label="Address QR code" />
      </div>
      {network ? <Text variant="small" testId="receive-network">{`${network.name} address`}</Text> : null}
      <Text variant="mono" testId="receive-address">
        <span style={{ wordBreak: 'break-all' }}>{address}</span>
      </Text>
      <Button variant="secondary" icon="copy" testId="receive-copy" onClick={() => copyAddress(kernel, address)}>
        Copy address
      </Button>
      <Text variant="small">Works on these networks:</Text>
      <ul data-testid="receive-networks" className="fy-text fy-text-small" style={{ margin: 0, paddingLeft: 18 }}>
        {networks
          .split('\n')
          .filter(Boolean)
          .map((name) => (
            <li key={name}>{name}</li>
          ))}
      </ul>
    </div>
  )
}
