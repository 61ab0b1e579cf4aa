// The click's part of a social login, in the chunk that draws Connect: the popup must open synchronously inside the
// visitor's click (Safari and in-app browsers block a popup opened after an await), so it opens blank, 600×800, and
// `social/connect` (loaded with the login) sends it to the secure site. Where no popup can open — blocked, Telegram,
// an in-app WebView — `social/connect` sends the whole page instead.
import type { PluginContext } from '../../kernel/index.js'

/** The same default as the embedded wallet's frame: `npm start`'s secure site. */
export const DefaultSecureSiteUrl = 'http://localhost:8790'

/** SPEC §9: popup size. */
export const PopupFeatures = 'width=600,height=800,scrollbars=yes'

/** Opens a blank popup now (call it inside the click handler); null when the browser blocked it. */
export function openPopup(win: Window): Window | null {
  try {
    return win.open('', 'foyer-social', PopupFeatures)
  } catch {
    return null
  }
}

/** The popups the clicks opened (by id, as request payloads stay plain data), the secure site, the page's window. */
export interface SocialFlow {
  popups: Map<string, Window>
  /** Keeps `popup` for `social/connect`; returns its id. */
  hold(popup: Window): string
  site(): string
  siteOrigin(): string
  win(): Window
}

/** The flow over the plugin's context (set once the plugin is set up) and the page's window. */
export function createSocialFlow(ctx: () => PluginContext, win: () => Window = () => window): SocialFlow {
  const popups = new Map<string, Window>()
  let n = 0
  const site = () => ctx().options.secureSiteUrl ?? DefaultSecureSiteUrl
  return {
    popups,
    hold: (popup) => {
      popups.set(String(++n), popup)
      return String(n)
    },
    site,
    siteOrigin: () => new URL(site()).origin,
    win,
  }
}
