// The receive plugin: the WalletReceive view (the Account action `receive`, `open({ view: 'WalletReceive' })`): the
// account's address as a QR code and as text, copy, and the configured networks the address works on.
import { definePlugin, type PluginDefinition } from '../../kernel/index.js'
import { ReceiveView } from './views/ReceiveView.js'

/** Creates the receive plugin. */
export function createReceivePlugin(): PluginDefinition {
  return definePlugin({ id: 'receive', views: { WalletReceive: { component: ReceiveView } } })
}
