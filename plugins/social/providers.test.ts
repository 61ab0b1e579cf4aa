// Which social buttons Connect shows: SPEC §9 defaults, the host's `features.socials`, SPEC §6's Telegram filters per
// platform, and when a browser must go by redirect instead of a popup.
import { describe, expect, it } from 'vitest'
import { DefaultSocials, isTelegram, prefersRedirect, socialName, telegramHides, visibleSocials } from './providers.js'

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iphoneWebView:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0 Mobile Safari/537.36',
  linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
}

const fakeWindow = (userAgent: string, extra: Record<string, unknown> = {}, maxTouchPoints = 0) =>
  ({ navigator: { userAgent, maxTouchPoints }, ...extra }) as unknown as Window
const inTelegram = (userAgent: string, maxTouchPoints = 0) =>
  fakeWindow(userAgent, { Telegram: { WebApp: {} } }, maxTouchPoints)

describe('social providers', () => {
  it('shows SPEC §9 default socials in order, or the host list (known providers only, its order)', () => {
    const page = fakeWindow(UA.linux)
    expect(visibleSocials(undefined, page)).toEqual([
      'google',
      'x',
      'farcaster',
      'discord',
      'apple',
      'github',
      'facebook',
    ])
    expect(visibleSocials(true, page)).toEqual([...DefaultSocials])
    expect(visibleSocials(['github', 'google', 'myspace'], page)).toEqual(['github', 'google'])
    expect(visibleSocials([], page)).toEqual([])
    expect(DefaultSocials.map(socialName)).toEqual([
      'Google',
      'X',
      'Farcaster',
      'Discord',
      'Apple',
      'GitHub',
      'Facebook',
    ])
  })

  it('inside Telegram drops google on iOS, x on Mac, facebook and x on Android (SPEC §6)', () => {
    expect(visibleSocials(undefined, inTelegram(UA.iphone))).toEqual([
      'x',
      'farcaster',
      'discord',
      'apple',
      'github',
      'facebook',
    ])
    expect(visibleSocials(undefined, inTelegram(UA.mac))).toEqual([
      'google',
      'farcaster',
      'discord',
      'apple',
      'github',
      'facebook',
    ])
    expect(visibleSocials(undefined, inTelegram(UA.android))).toEqual([
      'google',
      'farcaster',
      'discord',
      'apple',
      'github',
    ])
    expect(visibleSocials(undefined, inTelegram(UA.linux))).toEqual([...DefaultSocials])
    // the host's list is filtered the same way
    expect(visibleSocials(['x', 'github', 'facebook'], inTelegram(UA.android))).toEqual(['github'])
    // outside Telegram nothing is filtered on any platform
    expect(visibleSocials(undefined, fakeWindow(UA.android))).toEqual([...DefaultSocials])
    expect(visibleSocials(undefined, fakeWindow(UA.iphone))).toEqual([...DefaultSocials])
  })

  it('reads the platform from the user agent (an iPad asking for the desktop site is iOS)', () => {
    expect(telegramHides(UA.iphone)).toEqual(['google'])
    expect(telegramHides(UA.mac)).toEqual(['x'])
    expect(telegramHides(UA.mac, 5)).toEqual(['google'])
    expect(telegramHides(UA.android)).toEqual(['facebook', 'x'])
    expect(telegramHides(UA.linux)).toEqual([])
  })

  it('knows Telegram and WebViews, which go by redirect instead of a popup', () => {
    expect(isTelegram(inTelegram(UA.android))).toBe(true)
    expect(isTelegram(fakeWindow(UA.iphone, { TelegramWebviewProxy: {} }))).toBe(true)
    expect(isTelegram(fakeWindow(UA.android))).toBe(false)
    expect(prefersRedirect(inTelegram(UA.android))).toBe(true)
    expect(prefersRedirect(fakeWindow(UA.androidWebView))).toBe(true)
    expect(prefersRedirect(fakeWindow(UA.iphoneWebView))).toBe(true)
    expect(prefersRedirect(fakeWindow(UA.iphone))).toBe(false)
    expect(prefersRedirect(fakeWindow(UA.android))).toBe(false)
    expect(prefersRedirect(fakeWindow(UA.linux))).toBe(false)
  })
})
