// The send plugin's eager manifest: the WalletSend view, its requests, and the Account action `send`.
import { defineManifest } from '../../kernel/index.js'

/** Manifest of the send plugin. */
export const sendManifest = defineManifest({
  id: 'send',
  views: { WalletSend: { title: 'Send', needs: ['connection'] } },
  requests: ['send/prepare', 'send/edit', 'send/preview', 'send/confirm'],
  entries: [
    {
      point: 'account-action',
      id: 'send',
      view: 'WalletSend',
      label: 'Send',
      icon: 'send',
      feature: 'send',
      namespaces: ['eip155', 'solana'],
    },
  ],
  load: () => import('./index.js').then((m) => m.createSendPlugin()),
})
