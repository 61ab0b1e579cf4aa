// Social login (SPEC §4, §6, §9): the social buttons in Connect, the popup or redirect through the secure site to the
// provider, Telegram's `result_uri` and platform filters, and Farcaster's QR sign-in. It drives the embedded wallet
// only through the kernel's auth requests; the login itself is the auth plugin's. This chunk is what opening Connect
// downloads (modal-open budget): the slice and the buttons, whose click must open the popup synchronously. Everything
// a started login needs — handlers, popup wait, the Connecting views — arrives with ./later.ts.
import { definePlugin, type Handler, type PluginDefinition } from '../../kernel/index.js'
import { createSocialFlow, fromLater, later } from './flow.js'
import type { SocialState } from './social.events.js'
import { socialSlice } from './social.state.js'
import { createSocialLoginView } from './views/SocialLoginView.js'

const requests = ['social/connect', 'social/finishRedirect', 'social/connectFarcaster'] as const

/** Creates the social plugin (one per kernel: it owns that kernel's popups). */
export function createSocialPlugin(): PluginDefinition<SocialState> {
  const flow = createSocialFlow()
  let handlers: Promise<ReturnType<typeof import('./later.js').socialHandlers>> | undefined
  const handler =
    (name: (typeof requests)[number]): Handler<any> =>
    async (input, ctx) => {
      handlers ??= later().then((m) => m.socialHandlers(flow))
      return ((await handlers)[name] as Handler<any>)(input, ctx)
    }
  return definePlugin<SocialState>({
    id: 'social',
    state: socialSlice,
    views: {
      SocialLogin: { component: createSocialLoginView(flow) },
      ConnectingSocial: { component: fromLater('ConnectingSocialView') },
      ConnectingFarcaster: { component: fromLater('ConnectingFarcasterView') },
    },
    handlers: Object.fromEntries(requests.map((name) => [name, handler(name)])),
    // the popups close with their logins (social/connect), which the plugin's teardown aborts
    setup(c) {
      flow.ctx = c
    },
  })
}
