// The receive plugin's eager manifest: the WalletReceive view and the Account action `receive`.
import { defineManifest } from '../../kernel/index.js'

/** Manifest of the receive plugin. */
export const receiveManifest = defineManifest({
  id: 'receive',
  views: { WalletReceive: { title: 'Receive' } },
  entries: [
    {
      point: 'account-action',
      id: 'receive',
      view: 'WalletReceive',
      label: 'Receive',
      icon: 'receive',
      feature: 'receive',
    },
  ],
  load: () => import('./index.js').then((m) => m.createReceivePlugin()),
})
