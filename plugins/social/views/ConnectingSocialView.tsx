// ConnectingSocial: the popup (or the way back from a redirect) is under way; the outcome shows in `social-error`.
import type { JSX } from 'react'
import { isPending, requestError, type Kernel } from '../../../kernel/index.js'
import { Spinner, Text, useSelect } from '../../../shell/ui/index.js'
import { socialName } from '../start.js'
import { SocialError } from './SocialError.js'

const names = ['social/connect', 'social/finishRedirect']

/** The ConnectingSocial view. */
export function ConnectingSocialView({ kernel, data }: { kernel: Kernel; data?: { provider?: string } }): JSX.Element {
  const provider = useSelect(kernel, (s) => data?.provider ?? s.social?.provider ?? '')
  const busy = useSelect(kernel, (s) => names.some((n) => isPending(s, n)) || isPending(s, 'auth/connectSocial'))
  const error = useSelect(kernel, (s) => names.map((n) => requestError(s, n)?.message).find(Boolean))
  const name = socialName(provider)
  return (
    <div className="fy-stack fy-center" style={{ alignItems: 'center', padding: '12px 0' }}>
      <Text variant="body" className="fy-strong">
        {error ? `${name} login did not finish` : `Log in with ${name}`}
      </Text>
      <Text variant="muted">
        {error ? 'Go back and try again.' : `Continue in the ${name} window; this closes when you are signed in.`}
      </Text>
      {busy && !error ? <Spinner size={24} label={`Waiting for ${name}`} /> : null}
      <SocialError message={error} />
    </div>
  )
}
