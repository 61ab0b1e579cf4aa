// Which social buttons Connect shows (SPEC §9 default socials, the host's `features.socials`, SPEC §6's Telegram
// filters) and whether this browser can use a popup at all (Telegram and in-app WebViews go by full-page redirect).
// Loaded when Connect opens: kept to a few regular expressions.

/** SPEC §9 default socials, in display order. */
export const DefaultSocials: readonly string[] = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook']

/** A provider's display name (GitHub, Google, X, …). */
export const socialName = (p: string): string => (p === 'github' ? 'GitHub' : p[0].toUpperCase() + p.slice(1))

/** SPEC §6: what Telegram hides on this platform — iOS google, Mac x, Android facebook and x (an iPad asking for the
 * desktop site reads as a Mac with touch points, and is iOS). */
export function telegramHides(userAgent: string, maxTouchPoints = 0): string[] {
  if (/iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)) return ['google']
  if (/Mac OS X/.test(userAgent)) return ['x']
  return /Android/i.test(userAgent) ? ['facebook', 'x'] : []
}

type TelegramWindow = {
  Telegram?: { WebApp?: unknown }
  TelegramWebviewProxy?: unknown
  TelegramWebviewProxyProto?: unknown
}

/** True inside a Telegram mini app or Telegram's in-app browser. */
export function isTelegram(win: Window): boolean {
  const w = win as unknown as TelegramWindow
  return !!(w.Telegram?.WebApp || w.TelegramWebviewProxy || w.TelegramWebviewProxyProto)
}

/** The socials to show in `win`: the host's list (known providers only) or SPEC's, filtered inside Telegram. */
export function visibleSocials(configured: unknown, win: Window): string[] {
  const hidden = isTelegram(win) ? telegramHides(win.navigator.userAgent, win.navigator.maxTouchPoints) : []
  return (Array.isArray(configured) ? configured : DefaultSocials).filter(
    (p) => DefaultSocials.includes(p) && !hidden.includes(p),
  )
}

/** Telegram and in-app WebViews (Android `wv`, iOS without Safari) cannot keep a popup: they redirect instead. */
export function prefersRedirect(win: Window): boolean {
  return isTelegram(win) || /; wv\)|iP(hone|ad|od)(?!.*Safari\/)/.test(win.navigator.userAgent)
}
