// Account: the name and avatar when the account has them, the address with copy, the lines plugins add under it (the balance), the network, the actions plugins
// declare (SPEC §9 order: onramp, swaps, receive, send), their tabs (Tokens, NFTs, Activity) and disconnect.
import { useSignals } from '@preact/signals-react/runtime'
import { useState, type JSX } from 'react'
import { accountProfile, activeCaipAddress, activeNetwork } from '../../../kernel/index.js'
import { useSelect } from '../../react/useSelect.js'
import { addressOf, Avatar, Button, EmptyState, Icon, isIconName, Tabs, truncateAddress } from '../../ui/index.js'
import type { ViewProps } from '../../views/index.js'
import { entryTestId, useEntries } from '../entries.js'
import { Slot } from '../ViewRenderer.js'

/** The Account view. */
export function AccountView({ kernel }: ViewProps): JSX.Element {
  useSignals()
  const address = addressOf(useSelect(kernel, activeCaipAddress))
  const network = useSelect(kernel, activeNetwork)
  const profile = useSelect(kernel, accountProfile)
  const header = useEntries(kernel, 'account-header')
  const actions = useEntries(kernel, 'account-action')
  const tabs = useEntries(kernel, 'account-tab')
  const [tab, setTab] = useState<string>()
  if (!address) {
    return (
      <EmptyState
        icon="wallet"
        title="No wallet connected"
        description="Connect a wallet to see your account."
        testId="account-not-connected"
        action={
          <Button testId="account-connect-button" onClick={() => kernel.send('router/reset', { view: 'Connect' })}>
            Connect a wallet
          </Button>
        }
      />
    )
  }
  const copy = () => {
    const done = (ok: boolean) =>
      kernel.send(
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
        <Avatar src={profile?.image} seed={address} size={72} />
        {profile?.name ? (
          <span className="fy-account-name" data-testid="account-name">
            {profile.name}
          </span>
        ) : null}
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
        {header.map((e) => (
          <Slot key={e.id} kernel={kernel} id={e.view} testId={entryTestId(e)} />
        ))}
        <button
          type="button"
          className="fy-chip"
          data-testid="account-network-button"
          disabled={!kernel.viewIds().includes('Networks')}
          onClick={() => kernel.send('router/push', { view: 'Networks' })}
        >
          <Avatar src={network?.imageUrl} seed={network?.caipNetworkId ?? 'none'} size={20} />
          <span>{network?.name ?? 'Unknown network'}</span>
        </button>
      </div>
      {actions.length ? (
        <div className="fy-actions" role="group" aria-label="Account actions">
          {actions.map((e) => (
            <button
              key={`${e.plugin}:${e.id}`}
              type="button"
              className="fy-action"
              data-testid={entryTestId(e)}
              onClick={() => kernel.send('router/push', { view: e.view })}
            >
              <span className="fy-action-icon">
                <Icon name={isIconName(e.icon) ? e.icon : 'sparkle'} size={20} />
              </span>
              <span>{e.label}</span>
            </button>
          ))}
        </div>
      ) : null}
      {current ? (
        <>
          <Tabs
            tabs={tabs.map((t) => ({ id: t.id, label: t.label }))}
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
            <Slot kernel={kernel} id={current.view} />
          </div>
        </>
      ) : null}
      {kernel.hasRequest('wallet/disconnect') ? (
        <Button
          variant="secondary"
          icon="logout"
          testId="disconnect-button"
          // SPEC §4: the Account view's Disconnect ends every connected namespace, not only the active one.
          onClick={() => kernel.send('wallet/disconnect', { all: true })}
        >
          Disconnect
        </Button>
      ) : null}
    </div>
  )
}
