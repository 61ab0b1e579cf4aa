// Which social buttons Connect shows: SPEC §9 defaults, the host's `features.socials`, SPEC §6's Telegram filters per
// platform, and when a browser must go by redirect instead of a popup.
import { describe, expect, it } from 'vitest'
import { DefaultSocials, isTelegram, platformOf, prefersRedirect, socialName, visibleSocials } from './providers.js'

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

const fakeWindow = (userAgent: string, extra: Record<string, unknown> = {}) =>
  ({ navigator: { userAgent }, ...extra }) as unknown as Window

describe('social providers', () => {
  it('shows SPEC §9 default socials in order, or the host list (known providers only, its order)', () => {
    const env = { telegram: false, platform: 'other' as const }
    expect(visibleSocials(undefined, env)).toEqual([
      'google',
      'x',
      'farcaster',
      'discord',
      'apple',
      'github',
      'facebook',
    ])
    expect(visibleSocials(true, env)).toEqual([...DefaultSocials])
    expect(visibleSocials(['github', 'google', 'myspace'], env)).toEqual(['github', 'google'])
    expect(visibleSocials([], env)).toEqual([])
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
    const on = (platform: 'ios' | 'mac' | 'android' | 'other') =>
      visibleSocials(undefined, { telegram: true, platform })
    expect(on('ios')).toEqual(['x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
    expect(on('mac')).toEqual(['google', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
    expect(on('android')).toEqual(['google', 'farcaster', 'discord', 'apple', 'github'])
    expect(on('other')).toEqual([...DefaultSocials])
    // outside Telegram nothing is filtered on any platform
    expect(visibleSocials(undefined, { telegram: false, platform: 'android' })).toEqual([...DefaultSocials])
  })

  it('reads the platform from the user agent (an iPad asking for the desktop site is iOS)', () => {
    expect(platformOf(UA.iphone)).toBe('ios')
    expect(platformOf(UA.mac)).toBe('mac')
    expect(platformOf(UA.mac, 5)).toBe('ios')
    expect(platformOf(UA.android)).toBe('android')
    expect(platformOf(UA.linux)).toBe('other')
  })

  it('knows Telegram and WebViews, which go by redirect instead of a popup', () => {
    expect(isTelegram(fakeWindow(UA.android, { Telegram: { WebApp: {} } }))).toBe(true)
    expect(isTelegram(fakeWindow(UA.iphone, { TelegramWebviewProxy: {} }))).toBe(true)
    expect(isTelegram(fakeWindow(UA.android))).toBe(false)
    expect(prefersRedirect(fakeWindow(UA.android, { Telegram: { WebApp: {} } }))).toBe(true)
    expect(prefersRedirect(fakeWindow(UA.androidWebView))).toBe(true)
    expect(prefersRedirect(fakeWindow(UA.iphoneWebView))).toBe(true)
    expect(prefersRedirect(fakeWindow(UA.iphone))).toBe(false)
    expect(prefersRedirect(fakeWindow(UA.linux))).toBe(false)
  })
})
