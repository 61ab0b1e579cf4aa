// UpdateEmailWallet: the new address, then the codes sent to the current and to the new one.
import type { FormEvent, JSX } from 'react'
import { isPending, requestError, type Kernel } from '../../../kernel/index.js'
import { Button, Text, inputStyle, truncateText, useSelect } from '../../../shell/ui/index.js'
import { EmailError } from './EmailLoginView.js'
import { otpStyle } from './styles.js'

const field = (e: FormEvent<HTMLFormElement>, name: string) => String(new FormData(e.currentTarget).get(name) ?? '')

/** The UpdateEmailWallet view. */
export function UpdateEmailWalletView({ kernel }: { kernel: Kernel }): JSX.Element {
  const current = useSelect(kernel, (s) => s.auth?.user?.email)
  const next = useSelect(kernel, (s) => s.auth?.pendingNewEmail)
  const busy = useSelect(kernel, (s) => isPending(s, 'auth/updateEmail') || isPending(s, 'auth/confirmEmailUpdate'))
  const error = useSelect(
    kernel,
    (s) => (requestError(s, 'auth/confirmEmailUpdate') ?? requestError(s, 'auth/updateEmail'))?.message,
  )
  if (!next) {
    const submit = (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault()
      kernel.request('auth/updateEmail', { email: field(e, 'email') }).catch(() => undefined)
    }
    return (
      <form className="fy-stack" onSubmit={submit} noValidate>
        <Text variant="muted">
          Your wallet&apos;s email is {truncateText(current, 30)}. Codes go to it and to the new one.
        </Text>
        <input
          style={inputStyle}
          name="email"
          type="email"
          placeholder="new@example.com"
          aria-label="New email"
          data-testid="update-email-input"
        />
        <EmailError message={error} />
        <Button type="submit" testId="update-email-submit" loading={busy}>
          Send codes
        </Button>
      </form>
    )
  }
  const confirm = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    kernel
      .request('auth/confirmEmailUpdate', { currentOtp: field(e, 'current'), newOtp: field(e, 'next') })
      .catch(() => undefined)
  }
  const code = (name: string, label: string, testId: string) => (
    <label className="fy-stack" style={{ gap: 4 }}>
      <Text variant="small">{label}</Text>
      <input style={otpStyle} name={name} inputMode="numeric" maxLength={6} placeholder="000000" data-testid={testId} />
    </label>
  )
  return (
    <form className="fy-stack" onSubmit={confirm} noValidate>
      {code('current', `Code sent to ${truncateText(current, 30)}`, 'update-email-current-otp')}
      {code('next', `Code sent to ${truncateText(next, 30)}`, 'update-email-new-otp')}
      <EmailError message={error} />
      <Button type="submit" testId="update-email-confirm" loading={busy}>
        Confirm
      </Button>
    </form>
  )
}
