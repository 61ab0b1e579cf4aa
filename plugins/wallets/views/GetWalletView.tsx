// Get a wallet (AppKit's GetWallet intent): popular wallets from the registry, each with where to install it on this
// device (this browser's extension store, else the phone app stores), and the way to every other wallet.
import type { JSX } from 'react'
import type { Kernel } from '../../../kernel/index.js'
import { appLinks, extensionLinks } from '../../../protocol/registry/stores.js'
import type { RegistryWallet } from '../../../protocol/registry/wallets.js'
import { Avatar, Button, EmptyState, Spinner, Text, useSelect } from '../../../shell/ui/index.js'
import { walletsOf } from '../wallets.state.js'

/** Wallets offered (the registry's order is the Explorer's ranking). */
export const GetWalletCount = 8

const installHere = (w: RegistryWallet, mobile: boolean, ua: string) =>
  (mobile ? appLinks(w) : [...extensionLinks(w, ua), ...appLinks(w)])[0]

/** The GetWallet view. */
export function GetWalletView({ kernel }: { kernel: Kernel }): JSX.Element {
  const s = useSelect(kernel, walletsOf)
  const mobile = useSelect(kernel, (st) => st.config.mobile)
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent
  const rows = s.query
    ? []
    : s.items.flatMap((w) => {
        const link = installHere(w, mobile, ua)
        return link ? [{ w, link }] : []
      })
  const retry = () => {
    kernel.request('wallets/fetchPage', { search: '' }).catch(() => undefined)
  }
  return (
    <div className="fy-stack" data-testid="get-wallet">
      <Text variant="muted">
        A wallet app keeps your keys and signs you in here. Install one of these, then come back and connect it.
      </Text>
      {rows.slice(0, GetWalletCount).map(({ w, link }) => (
        <a
          key={w.id}
          className="fy-li fy-li-action"
          data-testid={`get-wallet-${w.id}`}
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
        >
          <Avatar src={w.imageUrl} seed={w.id} size={36} shape="rounded" alt="" />
          <span className="fy-li-text">
            <span className="fy-li-label">{w.name}</span>
          </span>
          <span className="fy-text fy-text-small" style={{ flex: 'none' }}>
            {link.label}
          </span>
        </a>
      ))}
      {s.status === 'loading' ? <Spinner size={24} label="Loading wallets" /> : null}
      {s.status === 'error' ? (
        <EmptyState
          icon="alert"
          title="Couldn't load wallets"
          description={s.error}
          action={
            <Button variant="secondary" size="sm" testId="get-wallet-retry" onClick={retry}>
              Try again
            </Button>
          }
        />
      ) : null}
      <Button
        variant="secondary"
        icon="wallet"
        testId="get-wallet-all"
        onClick={() => kernel.request('router/push', { view: 'AllWallets' }).catch(() => undefined)}
      >
        Browse all wallets
      </Button>
    </div>
  )
}
