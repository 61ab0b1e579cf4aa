import { describe, expect, it } from 'vitest'
import { DEFAULT_ALLOWED_ORIGINS } from '../config.js'
import { originAllowed } from './origins.js'

describe('originAllowed', () => {
  it.each([
    ['http://localhost:5173', true],
    ['http://localhost', true],
    ['https://localhost:8443', true],
    ['http://127.0.0.1:3000', true],
    ['http://[::1]:3000', true],
    // Issue 8: SPEC's "{ip} on any port" covers every IP address, not only loopback.
    ['http://192.168.1.20:5173', true],
    ['https://10.0.0.7', true],
    ['http://[fe80::1]:8080', true],
    ['http://1.2.3.4.nip.io:3000', false],
    ['http://app.local:3000', false],
    ['https://my-app.vercel.app', true],
    ['https://a.b.pages.dev', true],
    ['https://vercel.app', false],
    ['https://evilvercel.app', false],
    ['http://my-app.vercel.app', false],
    ['https://x.ngrok-free.app', true],
    ['https://secure-mobile.walletconnect.com', true],
    ['https://example.com', false],
    ['null', false],
    ['file://', false],
  ])('%s against the default list → %s', (origin, allowed) => {
    expect(originAllowed(origin, DEFAULT_ALLOWED_ORIGINS)).toBe(allowed)
  })

  it('handles exact entries, ports and scheme wildcards', () => {
    expect(originAllowed('https://app.example.com', ['https://app.example.com'])).toBe(true)
    expect(originAllowed('https://app.example.com:8443', ['https://app.example.com'])).toBe(false)
    expect(originAllowed('https://app.example.com:8443', ['https://app.example.com:8443'])).toBe(true)
    expect(originAllowed('http://app.example.com', ['*://app.example.com'])).toBe(true)
    expect(originAllowed('https://APP.example.com', ['https://app.EXAMPLE.com'])).toBe(true)
    expect(originAllowed('https://anything.test', ['*://*'])).toBe(true)
    expect(originAllowed('https://app.example.com', ['not a pattern', 'https://*.example.com/path'])).toBe(false)
  })
})
