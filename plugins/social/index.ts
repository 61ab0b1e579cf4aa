// Social login (SPEC §4, §6, §9): the social buttons in Connect, the popup or redirect through the secure site to the
// provider, Telegram's `result_uri` and platform filters, and Farcaster's QR sign-in. It drives the embedded wallet
// only through the kernel's auth requests; the login itself is the auth plugin's. Connect shows the buttons from
// this chunk; everything a started login needs arrives with ./later.ts.
import { lazy, type ComponentType } from 'react'
import { definePlugin, type PluginContext, type PluginDefinition } from '../../kernel/index.js'
import { createSocialFlow } from './flow.js'
import type { SocialState } from './social.events.js'
import { socialSlice } from './social.state.js'
import { createSocialLoginView } from './views/SocialLoginView.js'

type Later = typeof import('./later.js')
const later = () => import('./later.js')
const view = (name: 'ConnectingSocialView' | 'ConnectingFarcasterView') =>
  lazy(() => later().then((m) => ({ default: m[name] as ComponentType<any> })))

/** Creates the social plugin (one per kernel: it owns that kernel's popups). */
export function createSocialPlugin(): PluginDefinition<SocialState> {
  let pctx: PluginContext | undefined
  const flow = createSocialFlow(() => {
    if (!pctx) throw new Error('social plugin is not set up')
    return pctx
  })
  let handlers: Promise<ReturnType<Later['socialHandlers']>> | undefined
  const handler = <N extends 'social/connect' | 'social/finishRedirect' | 'social/connectFarcaster'>(name: N) =>
    (async (input, ctx) => {
      handlers ??= later().then((m) => m.socialHandlers(flow))
      return (await handlers)[name]!(input, ctx)
    }) as NonNullable<ReturnType<Later['socialHandlers']>[N]>
  return definePlugin<SocialState>({
    id: 'social',
    state: socialSlice,
    views: {
      SocialLogin: { component: createSocialLoginView(flow) },
      ConnectingSocial: { component: view('ConnectingSocialView') },
      ConnectingFarcaster: { component: view('ConnectingFarcasterView') },
    },
    handlers: {
      'social/connect': handler('social/connect'),
      'social/finishRedirect': handler('social/finishRedirect'),
      'social/connectFarcaster': handler('social/connectFarcaster'),
    },
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
