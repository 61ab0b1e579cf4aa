// Waiting for the popup (SPEC §4, §9): polled every second for being closed, and its result message accepted only
// from the secure site's exact origin AND from that popup's window. Loaded with the login, not with Connect.
import { FoyerError, type Clock } from '../../kernel/index.js'

/** SPEC §9: how often the popup is checked for being closed. */
export const PopupPollMs = 1000
/** The message the secure site's last popup page posts (server/secure-site/social/pages.ts). */
export const SocialResultType = '@foyer-social/RESULT'

/** Options of waitForPopupResult. */
export interface PopupWait {
  win: Window
  popup: Window
  /** The secure site's origin: the only sender accepted. */
  siteOrigin: string
  clock: Clock
  signal?: AbortSignal
  log?: (message: string) => void
}

/** Resolves with the popup's result URI; rejects "Popup closed" once the visitor closed it without one. */
export function waitForPopupResult(o: PopupWait): Promise<string> {
  const log = o.log ?? ((m: string) => console.warn(`[foyer] ${m}`))
  return new Promise<string>((resolve, reject) => {
    let timer = o.clock.setTimeout(poll, PopupPollMs)
    const stop = () => {
      o.clock.clearTimeout(timer)
      o.win.removeEventListener('message', onMessage)
      o.signal?.removeEventListener('abort', onAbort)
    }
    function onMessage(event: MessageEvent) {
      const data = event.data as { type?: unknown; resultUri?: unknown } | null
      const ours = typeof data === 'object' && data !== null && data.type === SocialResultType
      // Both checks, as for the wallet frame: the exact origin, and the window we opened.
      if (event.origin !== o.siteOrigin || event.source !== o.popup) {
        if (ours) log(`dropped a social-login message from ${event.origin || 'an unknown origin'}`)
        return
      }
      if (!ours || typeof data.resultUri !== 'string' || !data.resultUri.startsWith(`${o.siteOrigin}/social/callback?`))
        return log('dropped a malformed social-login message')
      stop()
      resolve(data.resultUri)
    }
    function poll() {
      if (!o.popup.closed) {
        timer = o.clock.setTimeout(poll, PopupPollMs)
        return
      }
      stop()
      reject(FoyerError.of('popupClosed'))
    }
    function onAbort() {
      stop()
      reject(FoyerError.of('connectFailed', { reason: 'the page left the login' }))
    }
    o.win.addEventListener('message', onMessage)
    o.signal?.addEventListener('abort', onAbort)
  })
}
