// Which social buttons Connect shows (SPEC §9 default socials, the host's `features.socials`, SPEC §6's Telegram
// filters) and whether this browser can use a popup at all (Telegram and in-app WebViews go by full-page redirect).

/** SPEC §9 default socials, in display order. */
export const DefaultSocials: readonly string[] = ['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook']

/** SPEC §9: the providers the embedded wallet signs in with over OAuth (Farcaster has its own flow). */
export const EmbeddedWalletProviders: readonly string[] = ['google', 'github', 'apple', 'facebook', 'x', 'discord']

/** A provider's display name (GitHub, Google, X, …). */
export const socialName = (p: string): string => (p === 'github' ? 'GitHub' : p.charAt(0).toUpperCase() + p.slice(1))

/** The platform a page runs on, as far as the social filters care. */
export type Platform = 'ios' | 'mac' | 'android' | 'other'

/** SPEC §6: inside Telegram, iOS drops google, Mac drops x, Android drops facebook and x. */
export const TelegramHidden: Readonly<Record<Platform, readonly string[]>> = {
  ios: ['google'],
  mac: ['x'],
  android: ['facebook', 'x'],
  other: [],
}

/** The platform of `userAgent` (an iPad asking for the desktop site reads as a Mac with touch points). */
export function platformOf(userAgent: string, maxTouchPoints = 0): Platform {
  if (/iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)) return 'ios'
  if (/Macintosh|Mac OS X/.test(userAgent)) return 'mac'
  if (/Android/i.test(userAgent)) return 'android'
  return 'other'
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

/** The socials to show: the host's list (known providers only) or SPEC's, filtered on Telegram per platform. */
export function visibleSocials(configured: unknown, env: { telegram: boolean; platform: Platform }): string[] {
  const list = Array.isArray(configured) ? configured.filter((p) => DefaultSocials.includes(p)) : [...DefaultSocials]
  return env.telegram ? list.filter((p) => !TelegramHidden[env.platform].includes(p)) : list
}

/** Telegram and in-app WebViews (Android `wv`, iOS without Safari) cannot keep a popup: they redirect instead. */
export function prefersRedirect(win: Window): boolean {
  const ua = win.navigator.userAgent
  return isTelegram(win) || /; wv\)/.test(ua) || (/iPhone|iPad|iPod/.test(ua) && !/Safari\//.test(ua))
}
