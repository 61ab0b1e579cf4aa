// Social login (SPEC §4, §6, §9): the social buttons in Connect, the popup or redirect through the secure site to the
// provider, Telegram's `result_uri` and platform filters, and Farcaster's QR sign-in. It drives the embedded wallet
// only through the kernel's auth requests; the login itself is the auth plugin's.
import { definePlugin, type PluginContext, type PluginDefinition } from '../../kernel/index.js'
import { createSocialFlow } from './flow.js'
import type { SocialState } from './social.events.js'
import { socialHandlers } from './social.handlers.js'
import { socialSlice } from './social.state.js'
import { ConnectingFarcasterView } from './views/ConnectingFarcasterView.js'
import { ConnectingSocialView } from './views/ConnectingSocialView.js'
import { createSocialLoginView } from './views/SocialLoginView.js'

/** Creates the social plugin (one per kernel: it owns that kernel's popups). */
export function createSocialPlugin(): PluginDefinition<SocialState> {
  let pctx: PluginContext | undefined
  const flow = createSocialFlow(() => {
    if (!pctx) throw new Error('social plugin is not set up')
    return pctx
  })
  return definePlugin<SocialState>({
    id: 'social',
    state: socialSlice,
    views: {
      SocialLogin: { component: createSocialLoginView(flow) },
      ConnectingSocial: { component: ConnectingSocialView },
      ConnectingFarcaster: { component: ConnectingFarcasterView },
    },
    handlers: socialHandlers(flow),
    setup(c) {
      pctx = c
      return () => {
        for (const popup of flow.popups.values()) popup.close()
        flow.popups.clear()
        pctx = undefined
      }
    },
  })
}
