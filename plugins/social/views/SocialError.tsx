// The error line every social view shares (`social-error`), and Connect's: how the last popup or redirect login failed.
import type { JSX } from 'react'
import { requestError, type Kernel } from '../../../kernel/index.js'
import { useSelect } from '../../../shell/ui/index.js'

const errorStyle = { color: 'var(--fy-error)', textAlign: 'center' } as const

/** Shows `message`, when there is one. */
export function SocialError({ message }: { message?: string }): JSX.Element | null {
  return message ? (
    <p className="fy-text fy-text-small" style={errorStyle} data-testid="social-error" role="alert">
      {message}
    </p>
  ) : null
}

/** Connect's error line under the social buttons (loaded with the login, so opening Connect does not pay for it). */
export function SocialLoginError({ kernel }: { kernel: Kernel }): JSX.Element | null {
  return <SocialError message={useSelect(kernel, (s) => requestError(s, 'social/connect')?.message)} />
}
