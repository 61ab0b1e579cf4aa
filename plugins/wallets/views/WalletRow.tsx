// One registry wallet: a lazily loaded icon (safe URLs only) and the name as text.
import { memo, useState, type JSX } from 'react'
import { Avatar, isSafeImageUrl } from '../../../shell/ui/index.js'
import type { RegistryWallet } from '../../../protocol/registry/wallets.js'

// Off-screen rows skip layout and paint, so a list of 500+ wallets scrolls smoothly.
const rowStyle = { contentVisibility: 'auto', containIntrinsicSize: 'auto 56px' } as const

/** A clickable wallet row with test id `wallet-selector-<id>`: list item `index`, the list's Tab stop when `active`. */
export const WalletRow = memo(function WalletRow({
  wallet,
  onSelect,
  index,
  active,
}: {
  wallet: RegistryWallet
  onSelect(w: RegistryWallet): void
  index: number
  active: boolean
}): JSX.Element {
  const [broken, setBroken] = useState(false)
  const icon =
    isSafeImageUrl(wallet.imageUrl) && !broken ? (
      <img
        className="fy-avatar fy-avatar-rounded"
        src={wallet.imageUrl}
        alt=""
        width={36}
        height={36}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setBroken(true)}
      />
    ) : (
      <Avatar seed={wallet.id} size={36} shape="rounded" />
    )
  return (
    <div role="listitem">
      <button
        type="button"
        className="fy-li fy-li-action"
        style={rowStyle}
        data-testid={`wallet-selector-${wallet.id}`}
        data-index={index}
        tabIndex={active ? 0 : -1}
        onClick={() => onSelect(wallet)}
      >
        {icon}
        <span className="fy-li-text">
          <span className="fy-li-label">{wallet.name}</span>
        </span>
      </button>
    </div>
  )
})
