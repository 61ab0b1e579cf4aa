// EmailLogin: the address, then the 6-digit code mailed to it (sent once the code is typed). The address shows cut to
// 30 characters (SPEC §5); resending waits out the 30 s cooldown (SPEC §9); every failure reads in `email-error`.
import type { FormEvent, JSX } from 'react'
import { isPending, requestError, type Kernel, type KernelState } from '../../../kernel/index.js'
import { Button, CodeEntry, Icon, Text, inputStyle, useCountdown, useSelect } from '../../../shell/ui/index.js'
import { errorStyle } from './styles.js'

// failures show through the request status (email-error); nothing to do with them here
const send = (run: () => Promise<unknown>) => void run().catch(() => undefined)
const lastError = (s: KernelState, names: string[]) =>
  names.map((n) => ({ n, e: requestError(s, n) })).find((x) => x.e)?.e?.message

/** The error line every step shares. */
export function EmailError({ message }: { message?: string }): JSX.Element | null {
  return message ? (
    <p className="fy-text fy-text-small" style={errorStyle} data-testid="email-error" role="alert">
      {message}
    </p>
  ) : null
}

function EmailStep({ kernel }: { kernel: Kernel }): JSX.Element {
  const busy = useSelect(kernel, (s) => isPending(s, 'auth/connectEmail'))
  const error = useSelect(kernel, (s) => requestError(s, 'auth/connectEmail')?.message)
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const email = String(new FormData(e.currentTarget).get('email') ?? '')
    send(() => kernel.request('auth/connectEmail', { email }))
  }
  return (
    <form className="fy-stack" onSubmit={submit} noValidate>
      <Text variant="muted">Log in with your email: we send you a code, no password needed.</Text>
      <input
        style={inputStyle}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        aria-label="Email"
        data-testid="email-input"
        disabled={busy}
        autoFocus
      />
      <EmailError message={error} />
      <Button type="submit" testId="email-submit" loading={busy}>
        Continue
      </Button>
    </form>
  )
}

function CodeStep({ kernel, email }: { kernel: Kernel; email: string }): JSX.Element {
  const busy = useSelect(kernel, (s) => isPending(s, 'auth/connectOtp'))
  const resending = useSelect(kernel, (s) => isPending(s, 'auth/connectEmail'))
  const resendAt = useSelect(kernel, (s) => s.auth?.resendAt)
  const error = useSelect(kernel, (s) => lastError(s, ['auth/connectOtp', 'auth/connectEmail']))
  const wait = useCountdown(kernel.clock, resendAt)
  return (
    <div className="fy-stack">
      <CodeEntry
        email={email}
        busy={busy}
        resending={resending}
        wait={wait}
        onCode={(otp) => send(() => kernel.request('auth/connectOtp', { otp }))}
        onResend={() => send(() => kernel.request('auth/connectEmail', { email }))}
        testIds={{ sent: 'email-code-sent', input: 'otp-input', resend: 'otp-resend' }}
      >
        <EmailError message={error} />
      </CodeEntry>
      <button
        type="button"
        className="fy-link fy-center"
        data-testid="email-change-address"
        onClick={() => send(() => kernel.request('auth/resetLogin'))}
      >
        <Icon name="mail" size={14} /> Use another email
      </button>
    </div>
  )
}

/** The EmailLogin view. */
export function EmailLoginView({ kernel }: { kernel: Kernel }): JSX.Element {
  const pending = useSelect(kernel, (s) => s.auth?.pendingEmail)
  return pending ? <CodeStep kernel={kernel} email={pending} /> : <EmailStep kernel={kernel} />
}
