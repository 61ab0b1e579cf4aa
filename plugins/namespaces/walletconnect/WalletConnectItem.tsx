// The WalletConnect entry of the Connect view's wallet list (SPEC §9: first in the connector type order).
import type { JSX } from 'react'
import { apiIconUrl, type Kernel, type HostOptions } from '../../../kernel/index.js'
import { ListItem } from '../../../shell/ui/index.js'
import { prefetchConnect } from '../prefetch.js'
import { WalletConnectId } from './wc.state.js'

/** True when the host left WalletConnect on and gave a project id. */
export function walletConnectEnabled(options: Readonly<HostOptions>): boolean {
  return options.enableWalletConnect !== false && typeof options.projectId === 'string' && options.projectId.length > 0
}

/** `wallet-selector-walletConnect`: opens the QR code; nothing when WalletConnect is off. */
export function WalletConnectItem({ kernel, disabled }: { kernel: Kernel; disabled?: boolean }): JSX.Element | null {
  if (!walletConnectEnabled(kernel.options)) return null
  const logo = apiIconUrl(kernel.options.apiUrl, 'wallets', 'walletconnect')
  const open = () => {
    kernel.request('walletConnect/connect', {}).catch(() => undefined)
  }
  return (
    <ListItem
      testId={`wallet-selector-${WalletConnectId}`}
      label="WalletConnect"
      {...(logo ? { imageUrl: logo, imageSeed: WalletConnectId } : { icon: 'globe' as const })}
      disabled={disabled}
      onClick={open}
      onIntent={prefetchConnect}
      end={
        <span className="fy-text fy-text-small" style={{ flex: 'none' }}>
          QR code
        </span>
      }
    />
  )
}
