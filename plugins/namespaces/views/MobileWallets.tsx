// Phones: the pairing handed straight to a wallet app by its deep link (the registry's mobile links), because a
// phone cannot scan a QR code shown on its own screen. The QR code stays one tap away, for pairing another device.
import type { JSX } from 'react'
import type { Kernel } from '../../../kernel/index.js'
import { Avatar, Text, useSelect } from '../../../shell/ui/index.js'
import { namespacesOf } from '../namespaces.state.js'
import { fitsNamespace, registryImageUrl, type ListedWallet } from '../../../protocol/registry/wallets.js'
import { mobileWalletLink } from '../walletconnect/links.js'

/** How many wallets the phone list offers before "All wallets" (the Connect view's full list). */
export const MobileWalletCount = 6

/** The registry wallets (featured first) that fit the namespace asked for, each with its link carrying `uri`. */
export function mobileWallets(
  wallets: readonly ListedWallet[],
  uri: string,
  inApp: boolean,
  namespace?: string,
): Array<{ wallet: ListedWallet; href: string }> {
  const out: Array<{ wallet: ListedWallet; href: string }> = []
  for (const wallet of wallets) {
    const href = fitsNamespace(wallet, namespace) ? mobileWalletLink(wallet, uri, inApp) : undefined
    if (href && !out.some((o) => o.wallet.id === wallet.id)) out.push({ wallet, href })
    if (out.length === MobileWalletCount) break
  }
  return out
}

/** The phone list for the pairing `uri` (empty until the registry's wallets are loaded). */
export function useMobileWallets(kernel: Kernel, uri: string | undefined, inApp: boolean) {
  const listed = useSelect(kernel, (s) => namespacesOf(s).listed)
  const namespace = useSelect(kernel, (s) => s.modal.namespace)
  if (!uri) return []
  return mobileWallets([...(listed?.featured ?? []), ...(listed?.recommended ?? [])], uri, inApp, namespace)
}

/** `wc-mobile-wallets`: a link per wallet app, opening it with the pairing. */
export function MobileWallets({
  kernel,
  items,
}: {
  kernel: Kernel
  items: ReturnType<typeof mobileWallets>
}): JSX.Element {
  return (
    <div className="fy-stack" style={{ width: '100%' }} data-testid="wc-mobile-wallets">
      <Text variant="muted">Open your wallet app to connect</Text>
      {items.map(({ wallet, href }) => (
        <a
          key={wallet.id}
          className="fy-li fy-li-action"
          data-testid={`wc-mobile-wallet-${wallet.id}`}
          href={href}
          // native schemes open the app in place; universal links in a new tab, as the wallets expect
          target={/^https?:/i.test(href) ? '_blank' : '_self'}
          rel="noopener noreferrer"
        >
          <Avatar
            src={wallet.imageUrl ?? registryImageUrl(kernel.options.apiUrl, wallet.id)}
            seed={wallet.id}
            size={36}
            shape="rounded"
            alt=""
          />
          <span className="fy-li-text">
            <span className="fy-li-label">{wallet.name}</span>
          </span>
        </a>
      ))}
    </div>
  )
}
