// The send plugin: the WalletSend view (the Account action `send`, `open({ view: 'WalletSend' })`): a token of the
// account, an amount, a receiver, a preview with the fee, the wallet's confirmation, and the hash once settled.
import { currentView, definePlugin, type KernelState, type PluginDefinition } from '../../kernel/index.js'
import { sendHandlers } from './send.handlers.js'
import { sendSlice, type SendState } from './send.state.js'
import { SendView } from './views/SendView.js'

const onSend = (_e: unknown, s: KernelState) => s.modal.open && currentView(s) === 'WalletSend'
// a mined transfer changed the account: its balance line, tokens and activity load again (the caches were dropped)
const refreshed = ['account/fetchBalance', 'portfolio/fetchBalances', 'activity/fetch']

/** Creates the send plugin. */
export function createSendPlugin(): PluginDefinition<SendState> {
  return definePlugin<SendState>({
    id: 'send',
    state: sendSlice,
    views: { WalletSend: { component: SendView } },
    handlers: sendHandlers,
    reactions: [
      ...['view/pushed', 'view/replaced', 'modal/opened', 'network/switched', 'wallet/accountChanged'].map((on) => ({
        on,
        when: onSend,
        request: 'send/prepare',
      })),
      ...refreshed.map((request) => ({ on: 'send/succeeded', request, optional: true })),
    ],
    setup(ctx) {
      // the view may have opened before this chunk arrived: its reactions missed that, so ready it now
      if (onSend(undefined, ctx.getState())) ctx.request('send/prepare').catch(() => undefined)
    },
  })
}
