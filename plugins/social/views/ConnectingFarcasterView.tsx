// ConnectingFarcaster: the channel's link as a QR code for the Farcaster app, and as text to open or copy on the same
// device (`farcaster-uri`). The login waits in `social/connectFarcaster`; leaving this view while disconnected reloads
// the embedded wallet's connector after 100 ms (the kernel's navigation reaction, SPEC §2).
import { lazy, Suspense, type JSX } from 'react'
import { isPending, requestError, type Kernel } from '../../../kernel/index.js'
import { Button, Spinner, Text, useSelect } from '../../../shell/ui/index.js'
import { SocialError } from './SocialError.js'

const QrCode = lazy(() => import('../../../shell/ui/QrCode.js'))
const uriStyle = {
  fontFamily: 'monospace',
  fontSize: 11,
  wordBreak: 'break-all',
  maxHeight: 48,
  overflow: 'hidden',
} as const

/** The ConnectingFarcaster view. */
export function ConnectingFarcasterView({ kernel }: { kernel: Kernel }): JSX.Element {
  const url = useSelect(kernel, (s) => s.social?.farcasterUrl)
  const busy = useSelect(kernel, (s) => isPending(s, 'social/connectFarcaster'))
  const error = useSelect(kernel, (s) => requestError(s, 'social/connectFarcaster')?.message)
  const retry = () => kernel.request('social/connectFarcaster').catch(() => undefined)
  return (
    <div className="fy-stack fy-center" style={{ alignItems: 'center', padding: '8px 0' }}>
      <Text variant="muted">Scan with your phone's camera or the Farcaster app to sign in.</Text>
      {url ? (
        <Suspense fallback={<Spinner size={28} label="Preparing QR code" />}>
          <QrCode value={url} px={240} label="Farcaster sign-in QR code" />
        </Suspense>
      ) : (
        <Spinner size={28} label="Opening a Farcaster sign-in" />
      )}
      {url ? (
        <a className="fy-link" href={url} target="_blank" rel="noreferrer" style={uriStyle} data-testid="farcaster-uri">
          {url}
        </a>
      ) : null}
      <SocialError message={error} />
      {error && !busy ? (
        <Button variant="secondary" testId="farcaster-retry" onClick={retry}>
          Try again
        </Button>
      ) : null}
    </div>
  )
}
