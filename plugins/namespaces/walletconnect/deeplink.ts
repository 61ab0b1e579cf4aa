// Phones: a registry wallet is opened by its deep link carrying the `wc:` URI. When the wallet app does not answer
// (no pairing a few seconds after the link opened, while the page is still the one in view), the view falls back to
// the QR code, the copy button and the store link instead of waiting silently.
import type { Clock, HandlerContext } from '../../../kernel/index.js'
import type { WalletLinks } from '../../../protocol/registry/wallets.js'

/** How long a deep link may go unanswered, with the page still visible, before the fallback shows. */
export const DeepLinkFallbackMs = 5_000

type Win = Window & { Telegram?: { WebApp?: unknown } }

/** The store page for this phone (App Store on iOS, Google Play on Android), else whichever the wallet has. */
export function storeLink(wallet: WalletLinks | undefined, userAgent = ''): string | undefined {
  if (!wallet) return undefined
  if (/iPhone|iPad|iPod/i.test(userAgent)) return wallet.appStore ?? wallet.homepage
  if (/Android/i.test(userAgent)) return wallet.playStore ?? wallet.homepage
  return wallet.appStore ?? wallet.playStore ?? wallet.homepage
}

/** Hands `href` to the wallet app: custom schemes in place (the page stays when nothing handles them), https apart. */
export function openWalletLink(href: string, win: Win): void {
  try {
    if (/^https?:/i.test(href)) win.open(href, '_blank', 'noopener,noreferrer')
    else win.location.assign(href)
  } catch {
    // A browser that refuses the scheme leaves the visitor on the page, where the fallback will show.
  }
}

/**
 * Opens the deep link for the pairing and reports, through `unanswered`, when it stayed unanswered for
 * {@link DeepLinkFallbackMs} of visible time. Returns the stop function (call it when the pairing ends).
 */
export function watchDeepLink(
  ctx: Pick<HandlerContext, 'emit'> & { clock: Clock },
  href: string,
  win: Win,
  unanswered: () => void,
): () => void {
  ctx.emit('walletConnect/deepLinkOpened', { href })
  openWalletLink(href, win)
  let timer: ReturnType<Clock['setTimeout']> | undefined
  const doc = win.document
  const arm = () => {
    if (timer) ctx.clock.clearTimeout(timer)
    timer = ctx.clock.setTimeout(() => {
      timer = undefined
      // Hidden: the wallet app is in front; the visitor is still deciding there. Wait for the page to come back.
      if (doc.visibilityState === 'visible') {
        stop()
        unanswered()
      }
    }, DeepLinkFallbackMs)
  }
  const onVisibility = () => {
    if (doc.visibilityState === 'visible') arm()
  }
  const stop = () => {
    if (timer) ctx.clock.clearTimeout(timer)
    timer = undefined
    doc.removeEventListener('visibilitychange', onVisibility)
  }
  doc.addEventListener('visibilitychange', onVisibility)
  arm()
  return stop
}
