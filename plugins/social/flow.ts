// The click: a social login starts synchronously inside the visitor's click. With a popup when the browser gives one
// (600×800, then `social/connect` waits for it); otherwise — blocked, Telegram, an in-app WebView — the whole page
// goes to the provider, after storing the provider and the state it must come back with.
import type { PluginContext } from '../../kernel/index.js'
import type { PendingRedirect, SocialFlowAccess } from './social.handlers.js'
import { PendingRedirectKey } from './social.handlers.js'
import { newState, openPopup, socialStartUrl } from './popup.js'
import { prefersRedirect } from './providers.js'

/** The same default as the embedded wallet's frame: `npm start`'s secure site. */
export const DefaultSecureSiteUrl = 'http://localhost:8790'

/** What views call. */
export interface SocialFlow extends SocialFlowAccess {
  /** Starts a login with `provider`; call it inside the click handler, before any await. */
  begin(provider: string): void
}

/** The flow over the plugin's context (set once the plugin is set up) and the page's window. */
export function createSocialFlow(ctx: () => PluginContext, win: () => Window = () => window): SocialFlow {
  const popups = new Map<string, Window>()
  const site = () => ctx().options.secureSiteUrl ?? DefaultSecureSiteUrl
  return {
    popups,
    win,
    siteOrigin: () => new URL(site()).origin,
    begin(provider) {
      const w = win()
      const state = newState(w.crypto)
      const at = { provider, state, origin: w.location.origin }
      const popup = prefersRedirect(w) ? null : openPopup(w, socialStartUrl(site(), { ...at, mode: 'popup' }))
      if (popup) {
        popups.set(state, popup)
        // failures show through the request status (social-error)
        ctx()
          .request('social/connect', { provider, state })
          .catch(() => undefined)
        return
      }
      ctx().emit('social/started', { provider })
      ctx().storage.set(PendingRedirectKey, { provider, state } satisfies PendingRedirect)
      w.location.assign(socialStartUrl(site(), { ...at, mode: 'redirect', returnUrl: w.location.href }))
    },
  }
}
