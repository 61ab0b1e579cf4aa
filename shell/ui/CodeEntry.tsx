// The one-time-code step views share (email login, email capture): where the code went, a 6-digit field that
// submits once full, the caller's error line, and resend after the cooldown. Display only: the caller sends requests.
import type { FormEvent, JSX, ReactNode } from 'react'
import { Button, Text } from './primitives.js'
import { inputStyle } from './form.js'
import { truncateText } from './truncate-text.js'

/** A code field: wide, spaced digits. */
export const codeInputStyle = { ...inputStyle, textAlign: 'center', letterSpacing: '0.5em', fontSize: '1.3em' } as const

/** Props of {@link CodeEntry}; `testIds` keep each view's data-testids. */
export interface CodeEntryProps {
  email: string
  busy: boolean
  resending: boolean
  /** Seconds until a resend is allowed. */
  wait: number
  onCode(code: string): void
  onResend(): void
  testIds: { sent: string; input: string; resend: string }
  /** The error line, between the field and resend. */
  children?: ReactNode
}

/** The code step. */
export function CodeEntry(p: CodeEntryProps): JSX.Element {
  const onInput = (e: FormEvent<HTMLInputElement>) => {
    const code = e.currentTarget.value.replace(/\D/g, '')
    if (code.length === 6) p.onCode(code)
  }
  return (
    <>
      <Text variant="muted" testId={p.testIds.sent}>
        Enter the code we sent to <strong title={p.email}>{truncateText(p.email, 30)}</strong>
      </Text>
      <input
        style={codeInputStyle}
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="000000"
        aria-label="6-digit code"
        data-testid={p.testIds.input}
        disabled={p.busy}
        onInput={onInput}
        autoFocus
      />
      {p.children}
      <Button
        variant="ghost"
        size="sm"
        testId={p.testIds.resend}
        disabled={p.wait > 0}
        loading={p.resending}
        onClick={p.onResend}
      >
        {p.wait > 0 ? `Resend code in ${p.wait}s` : 'Resend code'}
      </Button>
    </>
  )
}
