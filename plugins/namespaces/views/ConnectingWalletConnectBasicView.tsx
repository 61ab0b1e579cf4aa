// ConnectingWalletConnectBasic (no adapters configured): the WalletConnect QR code above the wallet list.
import { useEffect, type JSX } from 'react'
import type { Kernel } from '../../../kernel/index.js'
import { ListItem, useSelect } from '../../../shell/ui/index.js'
import { WalletConnectPairing } from './ConnectingWalletConnectView.js'
import { namespacesOf } from '../namespaces.state.js'

/** The ConnectingWalletConnectBasic view. */
export function ConnectingWalletConnectBasicView({ kernel }: { kernel: Kernel }): JSX.Element {
  const status = useSelect(kernel, (s) => namespacesOf(s).walletConnect?.status)
  // Opened straight by the router (no adapters): this view is the intent to pair, so it starts one.
  useEffect(() => {
    if (status === undefined) kernel.request('walletConnect/connect', { fromView: true }).catch(() => undefined)
  }, [kernel, status])
  const browse = kernel.viewIds().includes('AllWallets')
  return (
    <div className="fy-stack" data-testid="connecting-walletconnect-basic">
      <WalletConnectPairing kernel={kernel} />
      {browse ? (
        <ListItem
          testId="all-wallets-button"
          icon="wallet"
          label="All wallets"
          onClick={() => {
            kernel.request('router/push', { view: 'AllWallets' }).catch(() => undefined)
          }}
        />
      ) : null}
    </div>
  )
}
