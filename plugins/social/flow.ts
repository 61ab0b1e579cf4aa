// The click's part of a social login, in the chunk that draws Connect: the popup must open synchronously inside the
// visitor's click (Safari and in-app browsers block a popup opened after an await), so it opens blank, 600×800, and
// `social/connect` (loaded with the login) sends it to the secure site. Where no popup can open — blocked, Telegram,
// an in-app WebView — `social/connect` sends the whole page instead. Anything else waits in ./later.ts.
import { lazy, type ComponentType } from 'react'
import type { PluginContext } from '../../kernel/index.js'

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

/** The popups the clicks opened (by id, as request payloads stay plain data) and the plugin's context. */
export interface SocialFlow {
  popups: Map<string, Window>
  /** Keeps `popup` for `social/connect`; returns its id. */
  hold(popup: Window): string
  /** The plugin's context, from its setup until its teardown. */
  ctx?: PluginContext
}

/** A flow with no popup yet. */
export function createSocialFlow(): SocialFlow {
  const popups = new Map<string, Window>()
  let n = 0
  return { popups, hold: (popup) => (popups.set(String(++n), popup), String(n)) }
}

type Later = typeof import('./later.js')
/** The login's chunk (handlers, Connecting views): one download, when a login starts. */
export const later = (): Promise<Later> => import('./later.js')

/** A component of the login's chunk, loaded when it first renders. */
export const fromLater = (name: 'ConnectingSocialView' | 'ConnectingFarcasterView') =>
  lazy(() => later().then((m) => ({ default: m[name] as ComponentType<any> })))
