// Email capture's views (AppKit's DataCapture and DataCaptureOtpConfirm) and the account line showing the confirmed
// email. Sending and confirming are requests; busy and errors come from their request status.
import type { FormEvent, JSX } from 'react'
import { isPending, requestError, type Kernel, type KernelState } from '../../../kernel/index.js'
import { Button, CodeEntry, Text, inputStyle, truncateText, useCountdown, useSelect } from '../../../shell/ui/index.js'
import { capturedEmail, captureRequired } from '../capture.js'

const errorStyle = { color: 'var(--fy-error)', textAlign: 'center' } as const
// failures show through the request status (data-capture-error); nothing to do with them here
const send = (run: () => Promise<unknown>) => void run().catch(() => undefined)
const lastError = (s: KernelState, names: Array<'siwx/sendEmailCode' | 'siwx/confirmEmail'>) =>
  names.map((n) => requestError(s, n)).find(Boolean)?.message

function CaptureError({ message }: { message?: string }): JSX.Element | null {
  return message ? (
    <p className="fy-text fy-text-small" style={errorStyle} data-testid="data-capture-error" role="alert">
      {message}
    </p>
  ) : null
}

/** DataCapture: the visitor's email, sent for a code; Skip unless the host requires it. */
export function DataCaptureView({ kernel }: { kernel: Kernel }): JSX.Element {
  const app = useSelect(kernel, (s) => s.config.metadata?.name ?? 'This app')
  const required = useSelect(kernel, captureRequired)
  const known = useSelect(kernel, (s) => s.siwx?.pendingEmail ?? s.auth?.user?.email ?? '')
  const busy = useSelect(kernel, (s) => isPending(s, 'siwx/sendEmailCode'))
  const error = useSelect(kernel, (s) => requestError(s, 'siwx/sendEmailCode')?.message)
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    const email = String(new FormData(e.currentTarget).get('email') ?? '')
    send(() => kernel.request('siwx/sendEmailCode', { email }))
  }
  return (
    <form className="fy-stack" onSubmit={submit} noValidate data-testid="data-capture">
      <Text variant="title">
        {required ? `${app} requires your email for authentication.` : `${app} would like to collect your email.`}
      </Text>
      {required ? null : <Text variant="muted">Don't worry, it's optional — you can skip this step.</Text>}
      <input
        style={inputStyle}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        aria-label="Email"
        defaultValue={known}
        data-testid="data-capture-email"
        disabled={busy}
        autoFocus
      />
      <CaptureError message={error} />
      <div className="fy-row" style={{ gap: 8 }}>
        {required ? null : (
          <Button
            variant="secondary"
            testId="data-capture-skip"
            disabled={busy}
            onClick={() => send(() => kernel.request('modal/close'))}
          >
            Skip this step
          </Button>
        )}
        <Button type="submit" testId="data-capture-submit" loading={busy}>
          Continue
        </Button>
      </div>
    </form>
  )
}

/** DataCaptureOtpConfirm: the 6-digit code mailed to the address (checked once typed), resend after the cooldown. */
export function DataCaptureOtpConfirmView({ kernel }: { kernel: Kernel }): JSX.Element {
  const email = useSelect(kernel, (s) => s.siwx?.pendingEmail ?? '')
  const busy = useSelect(kernel, (s) => isPending(s, 'siwx/confirmEmail'))
  const resending = useSelect(kernel, (s) => isPending(s, 'siwx/sendEmailCode'))
  const resendAt = useSelect(kernel, (s) => s.siwx?.resendAt)
  const error = useSelect(kernel, (s) => lastError(s, ['siwx/confirmEmail', 'siwx/sendEmailCode']))
  const wait = useCountdown(kernel.clock, resendAt)
  return (
    <div className="fy-stack" data-testid="data-capture-otp">
      <CodeEntry
        email={email}
        busy={busy}
        resending={resending}
        wait={wait}
        onCode={(code) => send(() => kernel.request('siwx/confirmEmail', { code }))}
        onResend={() => send(() => kernel.request('siwx/sendEmailCode', { email }))}
        testIds={{ sent: 'data-capture-code-sent', input: 'data-capture-code', resend: 'data-capture-resend' }}
      >
        <CaptureError message={error} />
      </CodeEntry>
      <button
        type="button"
        className="fy-link fy-center"
        data-testid="data-capture-change"
        onClick={() => send(() => kernel.request('router/replace', { view: 'DataCapture' }))}
      >
        Use another email
      </button>
    </div>
  )
}

/** The account line: the email the signed-in account confirmed. */
export function SIWXAccountView({ kernel }: { kernel: Kernel }): JSX.Element | null {
  const email = useSelect(kernel, capturedEmail)
  return email ? (
    <Text variant="muted" testId="siwx-account-email">
      <span title={email}>{truncateText(email, 30)}</span>
    </Text>
  ) : null
}
