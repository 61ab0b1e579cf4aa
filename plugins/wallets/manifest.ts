// The wallets plugin's eager manifest: the registry list (AllWallets), offered on Connect under the wallet method.
import { defineManifest } from '../../kernel/index.js'

/** Manifest of the wallets plugin. */
export const walletsManifest = defineManifest({
  id: 'wallets',
  views: { AllWallets: { title: 'All Wallets' }, GetWallet: { title: 'Get a wallet' } },
  requests: ['wallets/fetchPage'],
  entries: [
    {
      point: 'connect-method',
      id: 'all-wallets',
      method: 'wallet',
      view: 'AllWallets',
      label: 'Browse all wallets',
      icon: 'wallet',
      order: 20,
      feature: 'allWallets',
      testId: 'all-wallets-button',
    },
  ],
  load: () => import('./index.js').then((m) => m.createWalletsPlugin()),
})
