// The line under the address for the embedded wallet: the login email (cut to 30 characters, SPEC §5) with a link to
// change it, the account type with the smart-account switch (SPEC §6: only from eoa, where smart accounts run), and
// the way to the wallet's passkeys when the `passkeys` feature is on (issue 36).
import type { JSX } from 'react'
import { isFeatureEnabled, isPending, type Kernel } from '../../../kernel/index.js'
import { Button, Text, truncateText, useSelect } from '../../../shell/ui/index.js'
import { canSwitchToSmartAccount } from '../auth.handlers.js'

/** The AuthAccount header line. */
export function AuthAccountView({ kernel }: { kernel: Kernel }): JSX.Element | null {
  const email = useSelect(kernel, (s) => s.auth?.user?.email)
  const social = useSelect(kernel, (s) => s.auth?.user?.socialProvider)
  const username = useSelect(kernel, (s) => s.auth?.user?.username)
  // The account type (and smart accounts) is EVM's: a Solana account is a plain key pair, so it gets no type line.
  const evm = useSelect(kernel, (s) => (s.account.activeNamespace ?? 'eip155') === 'eip155')
  const accountType = useSelect(kernel, (s) => s.auth?.user?.accountType)
  const deployed = useSelect(kernel, (s) => s.auth?.user?.smartAccountDeployed)
  const canSwitch = useSelect(kernel, (s) => canSwitchToSmartAccount(s.auth?.user))
  const switching = useSelect(kernel, (s) => isPending(s, 'auth/setAccountType'))
  const passkeys = useSelect(kernel, (s) => isFeatureEnabled(s, 'passkeys'))
  if (!accountType) return null
  const canEdit = kernel.viewIds().includes('UpdateEmailWallet')
  return (
    <div className="fy-stack fy-center" style={{ alignItems: 'center', gap: 6 }} data-testid="auth-account">
      {email ? (
        <div className="fy-row" style={{ gap: 8, alignItems: 'center' }}>
          <Text variant="muted" testId="auth-account-email">
            {truncateText(email, 30)}
          </Text>
          {canEdit ? (
            <button
              type="button"
              className="fy-link"
              data-testid="auth-account-edit-email"
              onClick={() => kernel.request('router/push', { view: 'UpdateEmailWallet' }).catch(() => undefined)}
            >
              Edit
            </button>
          ) : null}
        </div>
      ) : null}
      {social ? (
        <Text variant="muted" testId="auth-account-social">
          <span style={{ textTransform: 'capitalize' }}>{social}</span>
          {username ? ` · ${truncateText(username, 30)}` : ''}
        </Text>
      ) : null}
      {evm ? (
        <Text variant="small" testId="auth-account-type">
          {accountType === 'smartAccount'
            ? `Smart account${deployed ? '' : ' (deploys on its first transaction)'}`
            : 'EOA'}
        </Text>
      ) : null}
      {passkeys ? (
        <button
          type="button"
          className="fy-link"
          data-testid="auth-account-passkeys"
          onClick={() => kernel.request('router/push', { view: 'Passkeys' }).catch(() => undefined)}
        >
          Passkeys
        </button>
      ) : null}
      {canSwitch && evm ? (
        <Button
          variant="secondary"
          size="sm"
          testId="account-type-switch"
          loading={switching}
          onClick={() => kernel.request('auth/setAccountType', { accountType: 'smartAccount' }).catch(() => undefined)}
        >
          Switch to smart account
        </Button>
      ) : null}
    </div>
  )
}
