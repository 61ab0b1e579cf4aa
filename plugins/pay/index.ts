// The pay plugin (SPEC §2 optional sections "payments" and "pay with exchange"): the Pay checkout `foyer.pay` opens.
import { definePlugin, type PluginDefinition } from '../../kernel/index.js'
import { payHandlers } from './pay.handlers.js'
import { paySlice, type PayState } from './pay.state.js'
import { PayView } from './views/PayView.js'

/** Creates the pay plugin. */
export function createPayPlugin(): PluginDefinition<PayState> {
  return definePlugin<PayState>({
    id: 'pay',
    state: paySlice,
    views: { Pay: { component: PayView } },
    handlers: payHandlers(),
    // Closing the checkout rejects the host's promise.
    reactions: [{ on: 'modal/closed', request: 'pay/cancel' }],
  })
}
