// Account: address with copy, the network, Tokens/NFTs/Activity tabs filled by plugin slots, and disconnect.
import { useSignals } from '@preact/signals-react/runtime'
import { useState, type JSX } from 'react'
import { activeCaipAddress } from '../../../kernel/index.js'
import { useSelect } from '../../react/useSelect.js'
import { addressOf, Avatar, Button, EmptyState, Icon, Tabs, truncateAddress, type IconName } from '../../ui/index.js'
import type { ViewProps } from '../../views/index.js'
import { Slot } from '../ViewRenderer.js'
import { viewsTick } from '../viewsTick.js'
import { send } from './shared.js'

const tabs: Array<{ id: string; label: string; slot: string; icon: IconName; empty: string }> = [
  { id: 'tokens', label: 'Tokens', slot: 'AccountTokens', icon: 'coins', empty: 'No tokens yet' },
  { id: 'nfts', label: 'NFTs', slot: 'AccountNfts', icon: 'image', empty: 'No NFTs yet' },
  { id: 'activity', label: 'Activity', slot: 'AccountActivity', icon: 'clock', empty: 'No activity yet' },
]

/** The Account view. */
export function AccountView({ kernel }: ViewProps): JSX.Element {
  useSignals()
  void viewsTick.value
  const address = addressOf(useSelect(kernel, activeCaipAddress))
  const network = useSelect(kernel, (s) =>
    s.config.networks.find((n) => n.caipNetworkId === s.account.activeCaipNetworkId),
  )
  const [tab, setTab] = useState('tokens')
  const ids = kernel.viewIds()
  if (!address) {
    return (
      <EmptyState
        icon="wallet"
        title="No wallet connected"
        description="Connect a wallet to see your account."
        testId="account-not-connected"
        action={
          <Button testId="account-connect-button" onClick={() => send(kernel, 'router/reset', { view: 'Connect' })}>
            Connect a wallet
          </Button>
        }
      />
    )
  }
  const copy = () => {
    const done = (ok: boolean) =>
      send(
        kernel,
        'snackbar/show',
        ok
          ? { variant: 'success', message: 'Address copied' }
          : { variant: 'error', message: 'Could not copy the address' },
      )
    const clip = globalThis.navigator?.clipboard
    if (!clip) return done(false)
    clip.writeText(address).then(
      () => done(true),
      () => done(false),
    )
  }
  const current = tabs.find((t) => t.id === tab) ?? tabs[0]
  return (
    <div className="fy-stack">
      <div className="fy-account-head">
        <Avatar seed={address} size={72} />
        <div className="fy-address-row">
          <span className="fy-address" data-testid="account-address" title={address}>
            {truncateAddress(address)}
          </span>
          <button
            type="button"
            className="fy-icon-btn"
            data-testid="copy-address"
            aria-label="Copy address"
            onClick={copy}
          >
            <Icon name="copy" size={18} />
          </button>
        </div>
        {ids.includes('AccountBalance') ? <Slot kernel={kernel} id="AccountBalance" /> : null}
        <button
          type="button"
          className="fy-chip"
          data-testid="account-network-button"
          disabled={!ids.includes('Networks')}
          onClick={() => send(kernel, 'router/push', { view: 'Networks' })}
        >
          <Avatar src={network?.imageUrl} seed={network?.caipNetworkId ?? 'none'} size={20} />
          <span>{network?.name ?? 'Unknown network'}</span>
        </button>
      </div>
      <Tabs
        tabs={tabs}
        active={current.id}
        onChange={setTab}
        testIdPrefix="account-tab"
        idPrefix="fy-account"
        label="Account sections"
      />
      <div
        className="fy-tabpanel"
        role="tabpanel"
        id="fy-account-panel"
        aria-labelledby={`fy-account-${current.id}`}
        data-testid={`account-panel-${current.id}`}
      >
        {ids.includes(current.slot) ? (
          <Slot kernel={kernel} id={current.slot} />
        ) : (
          <EmptyState
            icon={current.icon}
            title={current.empty}
            description="They will show up here."
            testId={`account-empty-${current.id}`}
          />
        )}
      </div>
      {kernel.hasRequest('wallet/disconnect') ? (
        <Button
          variant="secondary"
          icon="logout"
          testId="disconnect-button"
          onClick={() => send(kernel, 'wallet/disconnect')}
        >
          Disconnect
        </Button>
      ) : null}
    </div>
  )
}
