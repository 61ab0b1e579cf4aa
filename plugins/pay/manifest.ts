// The pay plugin's eager manifest: the Pay view and its requests (`foyer.pay` asks for `pay/checkout`).
import { defineManifest } from '../../kernel/index.js'

/** Manifest of the pay plugin. */
export const payManifest = defineManifest({
  id: 'pay',
  views: { Pay: { title: 'Pay' } },
  requests: ['pay/checkout', 'pay/withWallet', 'pay/withExchange', 'pay/cancel'],
  load: () => import('./index.js').then((m) => m.createPayPlugin()),
})
