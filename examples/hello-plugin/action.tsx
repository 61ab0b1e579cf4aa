// An Account action built from `foyer/ui`, the UI kit Foyer's own plugins use: "Sign hello" shows the connected
// account and has its wallet sign a greeting through the kernel's `wallet/signMessage` request (the request every
// built-in feature signs with), then shows the signature. Like any app's plugin, it imports Foyer by package name only.
import { useState, type JSX } from 'react'
import type { Kernel, KernelState } from 'foyer'
import { addressOf, Avatar, Button, Text, truncateAddress, useSelect } from 'foyer/ui'

/** The message the action asks the wallet to sign. */
export const HelloMessage = 'Hello from the hello-plugin example'

const activeAddress = (s: KernelState) => {
  const ns = s.account.activeNamespace
  return ns ? addressOf(s.account.namespaces[ns]?.caipAddress) : undefined
}

/** The Sign hello view: the account, a button that has its wallet sign {@link HelloMessage}, and the signature. */
export function HelloSignView({ kernel }: { kernel: Kernel }): JSX.Element {
  const address = useSelect(kernel, activeAddress)
  const [signing, setSigning] = useState(false)
  const [outcome, setOutcome] = useState<{ signature?: string; error?: string }>({})
  const sign = () => {
    setSigning(true)
    setOutcome({})
    kernel
      .request('wallet/signMessage', { message: HelloMessage })
      .then(
        ({ signature }) => setOutcome({ signature }),
        // a refusal in the wallet is said, not thrown: the visitor may sign again
        (err: Error) => setOutcome({ error: err.message }),
      )
      .finally(() => setSigning(false))
  }
  return (
    <div
      data-testid="hello-sign"
      style={{ display: 'grid', gap: 12, justifyItems: 'center', padding: '0 16px 16px', overflowWrap: 'anywhere' }}
    >
      <Avatar seed={address ?? ''} size={56} />
      <Text variant="mono" testId="hello-sign-address">
        {truncateAddress(address)}
      </Text>
      <Text variant="muted">“{HelloMessage}”</Text>
      <Button icon="sparkle" loading={signing} onClick={sign} testId="hello-sign-button">
        Sign hello
      </Button>
      {outcome.signature && (
        <Text variant="mono" testId="hello-signature">
          {outcome.signature}
        </Text>
      )}
      {outcome.error && (
        <Text variant="small" testId="hello-sign-error">
          {outcome.error}
        </Text>
      )}
    </div>
  )
}
