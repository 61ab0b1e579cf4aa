import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { safeAppLink, safeLinkUrl, safeWebUrl } from './links.js'
import { apiIconUrl, safeImageUrl } from './urls.js'

describe('URL safety', () => {
  it('loads images only from http(s) and data:image', () => {
    expect(safeImageUrl('https://x.test/a.png')).toBe('https://x.test/a.png')
    expect(safeImageUrl('data:image/svg+xml;base64,PHN2Zz4=')).toBe('data:image/svg+xml;base64,PHN2Zz4=')
    expect(safeImageUrl('data:text/html;base64,PHNjcmlwdD4=')).toBeUndefined()
    expect(safeImageUrl('javascript:alert(1)')).toBeUndefined()
    expect(safeImageUrl(' java\tscript:alert(1)')).toBeUndefined()
    expect(safeImageUrl(42)).toBeUndefined()
  })

  it('renders links only to http(s) or same-page references', () => {
    expect(safeLinkUrl('#terms')).toBe('#terms')
    expect(safeLinkUrl('/privacy', 'https://host.test/app')).toBe('https://host.test/privacy')
    expect(safeLinkUrl('//evil.test/x')).toBeUndefined()
    expect(safeLinkUrl('JAVASCRIPT:alert(1)')).toBeUndefined()
    expect(safeWebUrl('ftp://x.test')).toBeUndefined()
  })

  it('refuses app links whose scheme runs code, however it is disguised', () => {
    expect(safeAppLink('metamask://wc?uri=x')).toBe('metamask://wc?uri=x')
    expect(safeAppLink('https://link.wallet.test/wc?uri=x')).toBe('https://link.wallet.test/wc?uri=x')
    for (const bad of [
      'java\tscript:alert(1)//://',
      'java\nscript:alert(1)',
      '\u0000javascript:alert(1)',
      ' JavaScript:x',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc/passwd',
    ]) {
      expect(safeAppLink(bad), JSON.stringify(bad)).toBeUndefined()
    }
  })

  it('never lets a string through whose parsed scheme is forbidden (fuzzed with control characters)', () => {
    const noise = fc.constantFrom('', '\t', '\n', '\r', ' ', '\u0000', '\u001f')
    const mixedCase = (s: string) =>
      fc
        .array(fc.boolean(), { minLength: s.length, maxLength: s.length })
        .map((up) => [...s].map((c, i) => (up[i] ? c.toUpperCase() : c)).join(''))
    const word = fc.constantFrom('javascript', 'vbscript', 'data', 'file').chain(mixedCase)
    fc.assert(
      fc.property(noise, word, noise, fc.string(), (a, w, b, rest) => {
        const input = `${a}${w.slice(0, 2)}${b}${w.slice(2)}:${rest}`
        for (const f of [safeAppLink, safeImageUrl, safeWebUrl]) {
          const out = f(input)
          if (out !== undefined) expect(new URL(out).protocol).not.toMatch(/^(javascript|vbscript|file):$/)
        }
      }),
      { numRuns: 500 },
    )
  })
})

describe('apiIconUrl', () => {
  it("is the API's logo route for a network, token or WalletConnect, and nothing without an API", () => {
    expect(apiIconUrl('http://127.0.0.1:8787/', 'networks', 'eip155:8453')).toBe(
      'http://127.0.0.1:8787/v1/icons/networks/eip155:8453',
    )
    expect(apiIconUrl('https://api.example.com', 'wallets', 'walletconnect')).toBe(
      'https://api.example.com/v1/icons/wallets/walletconnect',
    )
    // A host's odd network id cannot leave its path segment.
    expect(apiIconUrl('https://a.example', 'networks', '../x?y')).toBe('https://a.example/v1/icons/networks/..%2Fx%3Fy')
    expect(apiIconUrl(undefined, 'networks', 'eip155:1')).toBeUndefined()
  })
})
