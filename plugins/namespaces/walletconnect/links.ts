// Deep links, universal links and desktop/web-app links that hand a `wc:` URI to a registry wallet.
import { safeAppLink } from '../../../kernel/index.js'
import type { WalletLinks } from '../../../protocol/registry/wallets.js'

/** `link` (a native scheme or an http(s) universal link) carrying `uri` the way wallets expect (`…/wc?uri=`). */
export function walletLink(link: string | undefined, uri: string): string | undefined {
  const trimmed = link?.trim()
  if (!trimmed) return undefined
  // Registry links come as `scheme://`, `scheme:` or a universal link; the kernel's URL rule decides what may open.
  const base = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `${trimmed.replace(/[:/]+$/, '')}://`
  if (!safeAppLink(base)) return undefined
  const encoded = encodeURIComponent(uri)
  if (/^https?:\/\//i.test(base))
    return safeAppLink(`${base.endsWith('/') ? base.slice(0, -1) : base}/wc?uri=${encoded}`)
  // Native links with a path (`trezorsuite://walletconnect`) take the URI after a slash, as AppKit formats them.
  return safeAppLink(`${base.endsWith('/') ? base : `${base}/`}wc?uri=${encoded}`)
}

/** The phone link handing `uri` to `wallet`: the universal link in in-app browsers (no custom schemes there). */
export function mobileWalletLink(wallet: WalletLinks, uri: string, inApp: boolean): string | undefined {
  if (inApp) return walletLink(wallet.universalLink, uri)
  return walletLink(wallet.mobileLink, uri) ?? walletLink(wallet.universalLink, uri)
}

/**
 * The links to offer for `wallet`: the mobile link on phones, desktop and web-app links elsewhere; in an in-app
 * browser only the WalletConnect universal link.
 */
export function linksFor(
  wallet: WalletLinks | undefined,
  uri: string,
  mobile: boolean,
  inApp = false,
): Array<{ kind: 'mobile' | 'desktop' | 'webapp'; label: string; href: string }> {
  if (!wallet) return []
  const out: Array<{ kind: 'mobile' | 'desktop' | 'webapp'; label: string; href: string }> = []
  const add = (kind: 'mobile' | 'desktop' | 'webapp', label: string, href?: string) => {
    if (href) out.push({ kind, label, href })
  }
  if (mobile || inApp) add('mobile', `Open ${wallet.name}`, mobileWalletLink(wallet, uri, inApp))
  else {
    add('desktop', `Open ${wallet.name} desktop app`, walletLink(wallet.desktopLink, uri))
    add('webapp', `Open ${wallet.name} web app`, walletLink(wallet.webappLink, uri))
  }
  return out
}
