// ConnectingWalletConnect: the pairing as a QR code with a copy button, links into a chosen registry wallet, and
// the relay error with a retry. The pairing renews itself before it expires (handler side).
import { lazy, Suspense, useState, type JSX } from 'react'
import type { Kernel } from '../../../kernel/index.js'
import { Button, isSafeLinkUrl, Spinner, Text, useSelect } from '../../../shell/ui/index.js'
import { linksFor } from '../walletconnect/links.js'
import { storeLink } from '../walletconnect/deeplink.js'
import type { WalletLinks } from '../../../protocol/registry/wallets.js'
import { namespacesOf } from '../namespaces.state.js'
import { isInAppBrowser } from '../listed.js'
import { MobileWallets, useMobileWallets } from './MobileWallets.js'
import { extensionStores, NotInstalled } from './NotInstalled.js'

const QrCode = lazy(() => import('../../../shell/ui/QrCode.js'))

/** Route data of ConnectingWalletConnect. */
export interface ConnectingWalletConnectData {
  wallet?: WalletLinks
}

const qrBox = { width: 260, height: 260, display: 'grid', placeItems: 'center' } as const

/** The QR code, copy button, wallet links and error of the pairing in progress. */
export function WalletConnectPairing({ kernel }: { kernel: Kernel }): JSX.Element {
  const wc = useSelect(kernel, (s) => namespacesOf(s).walletConnect)
  const mobile = useSelect(kernel, (s) => s.config.mobile)
  const [showQr, setShowQr] = useState(false)
  const inApp = typeof window !== 'undefined' && isInAppBrowser(window as never)
  // Phones with no wallet chosen: the wallets' deep links lead, the QR code (for another device) on request.
  const phoneWallets = useMobileWallets(kernel, (mobile || inApp) && !wc?.wallet ? wc?.uri : undefined, inApp)
  const qr = showQr || phoneWallets.length === 0
  const retry = () => {
    kernel.request('walletConnect/connect', wc?.wallet ? { wallet: wc.wallet } : undefined).catch(() => undefined)
  }
  const copy = () => {
    if (!wc?.uri) return
    navigator.clipboard
      .writeText(wc.uri)
      .then(
        () => kernel.request('snackbar/show', { variant: 'success', message: 'Link copied' }),
        () => kernel.request('snackbar/show', { variant: 'error', message: 'Could not copy the link' }),
      )
      .catch(() => undefined)
  }
  if (wc?.error) {
    return (
      <div className="fy-stack fy-center" style={{ alignItems: 'center' }} data-testid="wc-error-box">
        <Text variant="body" className="fy-strong" testId="wc-error">
          {wc.error}
        </Text>
        <Text variant="muted">Check your connection and try again.</Text>
        <Button variant="secondary" testId="wc-retry" icon="clock" onClick={retry}>
          Try again
        </Button>
      </div>
    )
  }
  const links = wc?.uri ? linksFor(wc.wallet, wc.uri, mobile, inApp) : []
  // Phones: while the wallet app was opened by deep link and may still answer, say so instead of showing a QR code.
  if (wc?.deepLink && !wc.unanswered && wc.wallet) {
    return (
      <div className="fy-stack fy-center" style={{ alignItems: 'center' }} data-testid="wc-deeplink-waiting">
        <Spinner size={28} label={`Waiting for ${wc.wallet.name}`} />
        <Text variant="body" className="fy-strong">{`Continue in ${wc.wallet.name}`}</Text>
        <Text variant="muted">Accept the connection request in the wallet app.</Text>
        <a className="fy-btn fy-btn-secondary fy-btn-md" data-testid="wc-link-mobile" href={wc.deepLink}>
          {`Open ${wc.wallet.name}`}
        </a>
      </div>
    )
  }
  const store = wc?.unanswered ? storeLink(wc.wallet, navigator.userAgent) : undefined
  const install = extensionStores(wc?.wallet, !mobile && !inApp)
  return (
    <div className="fy-stack" style={{ alignItems: 'center' }} data-testid="wc-pairing" data-expires-at={wc?.expiresAt}>
      {install.length && wc?.wallet ? <NotInstalled name={wc.wallet.name} links={install} /> : null}
      {phoneWallets.length ? <MobileWallets kernel={kernel} items={phoneWallets} /> : null}
      {qr ? (
        <div style={qrBox}>
          {wc?.uri ? (
            <Suspense fallback={<Spinner size={28} label="Preparing QR code" />}>
              <QrCode value={wc.uri} />
            </Suspense>
          ) : (
            <Spinner size={28} label="Preparing QR code" />
          )}
        </div>
      ) : null}
      {phoneWallets.length ? null : wc?.unanswered && wc.wallet ? (
        <Text variant="body" className="fy-strong" testId="wc-deeplink-fallback">
          {`${wc.wallet.name} did not answer. Scan the code with it, copy the link, or get the app.`}
        </Text>
      ) : (
        <Text variant="muted">
          {!wc?.wallet
            ? 'Scan with your phone’s wallet'
            : links.length
              ? `Scan with ${wc.wallet.name}, or open it below`
              : `Scan with ${wc.wallet.name} on your phone`}
        </Text>
      )}
      {links.map((l) => (
        <a
          key={l.kind}
          className="fy-btn fy-btn-secondary fy-btn-md"
          data-testid={`wc-link-${l.kind}`}
          href={l.href}
          target={l.kind === 'webapp' ? '_blank' : '_self'}
          rel="noopener noreferrer"
        >
          {l.label}
        </a>
      ))}
      <Button variant="ghost" size="sm" icon="copy" testId="copy-wc-uri" disabled={!wc?.uri} onClick={copy}>
        Copy link
      </Button>
      {qr ? null : (
        <Button variant="ghost" size="sm" testId="wc-show-qr" onClick={() => setShowQr(true)}>
          Show QR code
        </Button>
      )}
      {store && isSafeLinkUrl(store) ? (
        <a
          className="fy-btn fy-btn-ghost fy-btn-sm"
          data-testid="wc-store-link"
          href={store}
          target="_blank"
          rel="noopener noreferrer"
        >
          {`Get ${wc?.wallet?.name ?? 'the wallet'}`}
        </a>
      ) : null}
    </div>
  )
}

/** The ConnectingWalletConnect view. */
export function ConnectingWalletConnectView({
  kernel,
}: {
  kernel: Kernel
  data?: ConnectingWalletConnectData
}): JSX.Element {
  return (
    <div data-testid="connecting-walletconnect">
      <WalletConnectPairing kernel={kernel} />
    </div>
  )
}
