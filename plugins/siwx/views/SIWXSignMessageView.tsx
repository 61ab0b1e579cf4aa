// SIWXSignMessage (SPEC §4): asks the visitor to sign in with the connected wallet; Sign and Cancel are requests, and
// busy and error come from their request status.
import type { JSX } from 'react'
import { activeCaipAddress, isPending, requestError, type Kernel } from '../../../kernel/index.js'
import { Avatar, Button, Text, truncateAddress, useSelect } from '../../../shell/ui/index.js'

/** The SIWXSignMessage view. */
export function SIWXSignMessageView({ kernel }: { kernel: Kernel }): JSX.Element {
  const app = useSelect(kernel, (s) => s.config.metadata?.name ?? 'This app')
  const icon = useSelect(kernel, (s) => s.config.metadata?.icons?.[0])
  const address = useSelect(kernel, (s) => activeCaipAddress(s)?.split(':')[2])
  const signing = useSelect(kernel, (s) => isPending(s, 'siwx/signMessage'))
  const cancelling = useSelect(kernel, (s) => isPending(s, 'siwx/cancel'))
  const error = useSelect(kernel, (s) => requestError(s, 'siwx/signMessage'))
  const run = (name: 'siwx/signMessage' | 'siwx/cancel') => () => {
    kernel.request(name).catch(() => undefined)
  }
  return (
    <div
      className="fy-stack fy-center"
      style={{ alignItems: 'center', padding: '12px 0' }}
      data-testid="siwx-sign-message"
    >
      <Avatar src={icon} seed={app} size={64} shape="rounded" alt={app} />
      <Text variant="title">{app} needs to connect to your wallet</Text>
      <Text variant="muted">
        Accept the sign-in request in your wallet to prove you own {address ? truncateAddress(address) : 'this address'}
        . This will not send a transaction or cost anything.
      </Text>
      {error && (
        <p className="fy-text fy-text-small" role="alert" style={{ color: 'var(--fy-error)' }} data-testid="siwx-error">
          {error.message}
        </p>
      )}
      <div className="fy-row" style={{ gap: 8, width: '100%' }}>
        <Button
          variant="secondary"
          testId="siwx-cancel-button"
          onClick={run('siwx/cancel')}
          loading={cancelling}
          disabled={signing}
        >
          Cancel
        </Button>
        <Button testId="siwx-sign-button" onClick={run('siwx/signMessage')} loading={signing} disabled={cancelling}>
          {signing ? 'Signing…' : 'Sign'}
        </Button>
      </div>
    </div>
  )
}
