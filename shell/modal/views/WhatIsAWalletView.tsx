// WhatIsAWallet: a short, friendly explanation for people new to wallets.
import { useSignals } from '@preact/signals-react/runtime'
import type { JSX } from 'react'
import { Button, Icon, Text, type IconName } from '../../ui/index.js'
import type { ViewProps } from '../../views/index.js'

const points: Array<{ icon: IconName; title: string; text: string }> = [
  {
    icon: 'wallet',
    title: 'Your digital wallet',
    text: 'A wallet holds your tokens and collectibles, and lets you send and receive them.',
  },
  {
    icon: 'lock',
    title: 'A new way to sign in',
    text: 'Instead of a new account and password for every site, connect your wallet and approve.',
  },
  {
    icon: 'globe',
    title: 'Explore the web3 world',
    text: 'Use the same wallet across apps, networks and devices. You stay in control of your keys.',
  },
]

/** The WhatIsAWallet help view. */
export function WhatIsAWalletView({ kernel }: ViewProps): JSX.Element {
  useSignals()
  // Get a wallet (install links) when the wallets plugin offers it, else the whole list.
  const target = ['GetWallet', 'AllWallets'].find((v) => kernel.viewIds().includes(v))
  return (
    <div className="fy-stack fy-help" data-testid="what-is-a-wallet">
      {points.map((p) => (
        <div className="fy-help-point" key={p.title}>
          <span className="fy-help-icon">
            <Icon name={p.icon} size={22} />
          </span>
          <div>
            <Text as="h3" variant="body" className="fy-strong">
              {p.title}
            </Text>
            <Text variant="muted">{p.text}</Text>
          </div>
        </div>
      ))}
      {target ? (
        <Button
          variant="primary"
          icon="wallet"
          testId="get-a-wallet-button"
          onClick={() => kernel.send('router/push', { view: target })}
        >
          Get a wallet
        </Button>
      ) : null}
    </div>
  )
}
