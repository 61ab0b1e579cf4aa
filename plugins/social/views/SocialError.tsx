// The error line the Connecting views share (`social-error`).
import type { JSX } from 'react'

const errorStyle = { color: 'var(--fy-error)', textAlign: 'center' } as const

/** Shows `message`, when there is one. */
export function SocialError({ message }: { message?: string }): JSX.Element | null {
  return message ? (
    <p className="fy-text fy-text-small" style={errorStyle} data-testid="social-error" role="alert">
      {message}
    </p>
  ) : null
}
