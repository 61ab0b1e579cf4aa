// Connect: the optional connect slots plugins provide (email, socials, wallets — SPEC §9 order), "Browse all
// wallets", and help.
import { useSignals } from '@preact/signals-react/runtime'
import type { JSX } from 'react'
import { EmptyState, Icon, ListItem } from '../../ui/index.js'
import type { ViewProps } from '../../views/index.js'
import { useSelect } from '../../react/useSelect.js'
import { Slot } from '../ViewRenderer.js'
import { viewsTick } from '../viewsTick.js'
import { connectSlotOrder } from './connectOrder.js'
import { send } from './shared.js'

/** The Connect view. */
export function ConnectView({ kernel }: ViewProps): JSX.Element {
  useSignals()
  void viewsTick.value
  const ids = kernel.viewIds()
  const order = useSelect(kernel, (s) => connectSlotOrder(s).join(','))
  const slots = order.split(',').filter((id) => ids.includes(id))
  const allWallets = ids.includes('AllWallets')
  return (
    <div className="fy-stack">
      {slots.map((id) => (
        <Slot key={id} kernel={kernel} id={id} />
      ))}
      {allWallets ? (
        <ListItem
          testId="all-wallets-button"
          icon="wallet"
          label="Browse all wallets"
          description="Extensions, mobile and desktop wallets"
          onClick={() => send(kernel, 'router/push', { view: 'AllWallets' })}
        />
      ) : null}
      {!slots.length && !allWallets ? (
        <EmptyState
          icon="wallet"
          title="No connection options yet"
          description="This app hasn't enabled a way to connect a wallet."
          testId="connect-empty"
        />
      ) : null}
      <button
        type="button"
        className="fy-link fy-center"
        data-testid="what-is-a-wallet-button"
        onClick={() => send(kernel, 'router/push', { view: 'WhatIsAWallet' })}
      >
        <Icon name="help" size={16} /> What is a wallet?
      </button>
    </div>
  )
}
