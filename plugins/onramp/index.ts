// The on-ramp plugin (SPEC §2 optional section "onramp"): OnRampProviders, OnRampTokenSelect, OnRampFiatSelect.
import { definePlugin, type KernelState, type PluginDefinition } from '../../kernel/index.js'
import { onrampHandlers } from './onramp.handlers.js'
import { onrampOf, onrampSlice } from './onramp.state.js'
import { OnRampFiatSelectView, OnRampTokenSelectView } from './views/SelectViews.js'
import { OnRampProvidersView } from './views/OnRampProvidersView.js'

const wantsOptions = (view: string | undefined, s: KernelState) => view === 'OnRampProviders' && !onrampOf(s).offer

/** Creates the on-ramp plugin. */
export function createOnRampPlugin(): PluginDefinition {
  // Filled by setup: this page's customer id for the providers.
  const bound = { customerId: '' }
  const handlers = onrampHandlers(() => bound.customerId)
  return definePlugin({
    id: 'onramp',
    state: onrampSlice,
    views: {
      OnRampProviders: { component: OnRampProvidersView },
      OnRampTokenSelect: { component: OnRampTokenSelectView },
      OnRampFiatSelect: { component: OnRampFiatSelectView },
    },
    handlers,
    reactions: [
      { on: 'view/pushed', when: (e, s) => wantsOptions(e.payload.view, s), request: 'onramp/fetchOptions' },
      // `open({ view: 'OnRampProviders' })` after the plugin loaded: no push, the modal opens on it.
      { on: 'modal/opened', when: (e, s) => wantsOptions(e.payload.view, s), request: 'onramp/fetchOptions' },
    ],
    setup(ctx) {
      bound.customerId = globalThis.crypto.randomUUID()
      // Loaded by the view's opening: the `view/pushed` reaction was not registered yet, so ask here.
      if (wantsOptions(ctx.getState().router.history.at(-1)?.view, ctx.getState()))
        ctx.request('onramp/fetchOptions').catch(() => undefined)
    },
  })
}
