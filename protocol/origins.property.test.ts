// The origin matcher against a reference model: origins and patterns are generated as structures (scheme, host as
// canonical labels or IP numbers, port) and spelled in many ways (case, punycode or Unicode, IPv4 in decimal, hex or
// one number, IPv6 full or compressed, explicit default ports); the expected verdict is computed on the structures,
// never by parsing the strings the matcher sees.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DefaultAllowedOrigins, originAllowed } from './origins.js'

// Each label's spellings all normalise (UTS #46, as browsers do) to its canonical ASCII form, the first entry.
const Labels: string[][] = [
  ['app', 'App', 'APP'],
  ['shop', 'SHOP'],
  ['b'],
  ['vercel', 'Vercel'],
  ['example'],
  ['localhost', 'LocalHost'],
  ['xn--bcher-kva', 'bücher', 'BÜCHER', 'XN--BCHER-KVA'],
  ['xn--mnchen-3ya', 'münchen', 'MÜNCHEN'],
  ['xn--e1afmkfd', 'пример', 'ПРИМЕР'],
  ['xn--r8jz45g', '例え'],
  ['xn--caf-dma', 'café', 'CAFÉ'],
]

type Host =
  { kind: 'domain'; labels: number[] } | { kind: 'ipv4'; octets: number[] } | { kind: 'ipv6'; hextets: number[] }

const domain = fc.array(fc.nat(Labels.length - 1), { minLength: 1, maxLength: 4 }).map((labels) => ({
  kind: 'domain' as const,
  labels,
}))
const ipv4 = fc.array(fc.nat(255), { minLength: 4, maxLength: 4 }).map((octets) => ({ kind: 'ipv4' as const, octets }))
// Zeros are likely, so compressed spellings ("::") come up often.
const hextet = fc.oneof(fc.constant(0), fc.constant(1), fc.nat(0xffff))
const ipv6 = fc.array(hextet, { minLength: 8, maxLength: 8 }).map((hextets) => ({ kind: 'ipv6' as const, hextets }))
const host: fc.Arbitrary<Host> = fc.oneof({ weight: 4, arbitrary: domain }, ipv4, ipv6)

const canonical = (h: Host): string =>
  h.kind === 'domain'
    ? h.labels.map((i) => Labels[i][0]).join('.')
    : h.kind === 'ipv4'
      ? h.octets.join('.')
      : h.hextets.join(':')

// A spelling of `h` chosen by `pick` (a stream of choices), as a host[:port] component of a URL or pattern.
function spell(h: Host, pick: number[]): string {
  let n = 0
  const choose = (k: number) => pick[n++ % pick.length] % k
  if (h.kind === 'domain') return h.labels.map((i) => Labels[i][choose(Labels[i].length)]).join('.')
  if (h.kind === 'ipv4') {
    const value = h.octets.reduce((a, o) => a * 256 + o, 0)
    switch (choose(4)) {
      case 0:
        return h.octets.join('.')
      case 1:
        return String(value)
      case 2:
        return `0x${value.toString(16).padStart(8, '0')}`
      default:
        return h.octets.map((o) => `0x${o.toString(16)}`).join('.')
    }
  }
  const parts = h.hextets.map((x) => x.toString(16))
  let text: string
  switch (choose(3)) {
    case 0:
      text = parts.join(':')
      break
    case 1:
      text = h.hextets.map((x) => x.toString(16).padStart(4, '0').toUpperCase()).join(':')
      break
    default: {
      // Compress the first run of zeros.
      const start = h.hextets.indexOf(0)
      if (start < 0) text = parts.join(':')
      else {
        let end = start
        while (end < 8 && h.hextets[end] === 0) end++
        text = `${parts.slice(0, start).join(':')}::${parts.slice(end).join(':')}`
      }
    }
  }
  return `[${text}]`
}

type Scheme = 'http' | 'https'
const DefaultPort: Record<Scheme, number> = { http: 80, https: 443 }

interface Origin {
  scheme: Scheme
  host: Host
  /** undefined = the scheme's default port. */
  port?: number
  explicitDefault: boolean
}

interface Pattern {
  scheme?: Scheme | '*'
  host: { kind: 'any' } | { kind: 'ip' } | { kind: 'exact'; host: Host } | { kind: 'subdomains'; suffix: number[] }
  port?: number | '*' | 'default'
}

const port = fc.oneof(fc.constant(undefined), fc.constant(3000), fc.constant(8443), fc.integer({ min: 1, max: 65535 }))

const origin: fc.Arbitrary<Origin> = fc.record({
  scheme: fc.constantFrom<Scheme>('http', 'https'),
  host,
  port,
  explicitDefault: fc.boolean(),
})

function patternFor(o: Origin): fc.Arbitrary<Pattern> {
  const related: fc.Arbitrary<Pattern['host']>[] = [
    fc.constant({ kind: 'any' as const }),
    fc.constant({ kind: 'ip' as const }),
    fc.constant({ kind: 'exact' as const, host: o.host }),
    host.map((h) => ({ kind: 'exact' as const, host: h })),
  ]
  if (o.host.kind === 'domain') {
    const labels = o.host.labels
    // Proper suffixes (should match), the whole host (never: a wildcard needs a subdomain) and unrelated ones.
    related.push(
      fc.nat(labels.length).map((cut) => ({ kind: 'subdomains' as const, suffix: labels.slice(cut) })),
      domain.map((d) => ({ kind: 'subdomains' as const, suffix: d.labels })),
    )
  } else related.push(domain.map((d) => ({ kind: 'subdomains' as const, suffix: d.labels })))
  return fc.record(
    {
      scheme: fc.constantFrom<Pattern['scheme']>(undefined, '*', 'http', 'https', o.scheme),
      host: fc.oneof(...related),
      port: fc.constantFrom<Pattern['port']>(undefined, '*', 'default', o.port ?? 'default', 3000),
    },
    { requiredKeys: ['host'] },
  )
}

const portKey = (scheme: Scheme, p: number | undefined) => (p === undefined || p === DefaultPort[scheme] ? '' : p)

// The reference verdict, computed on the structures.
function expected(o: Origin, p: Pattern): boolean {
  if (p.scheme && p.scheme !== '*' && p.scheme !== o.scheme) return false
  if (p.port !== '*') {
    const want = p.port === undefined || p.port === 'default' ? '' : portKey(o.scheme, p.port)
    if (want !== portKey(o.scheme, o.port)) return false
  }
  if (p.host.kind === 'any') return true
  if (p.host.kind === 'ip') return o.host.kind !== 'domain'
  if (p.host.kind === 'exact') return canonical(p.host.host) === canonical(o.host)
  if (o.host.kind !== 'domain' || p.host.suffix.length === 0) return false
  const suffix = p.host.suffix.map((i) => Labels[i][0])
  const labels = o.host.labels.map((i) => Labels[i][0])
  return labels.length > suffix.length && labels.slice(-suffix.length).join('.') === suffix.join('.')
}

function originText(o: Origin, pick: number[]): string {
  const port = o.port ?? (o.explicitDefault ? DefaultPort[o.scheme] : undefined)
  return `${o.scheme}://${spell(o.host, pick)}${port === undefined ? '' : `:${port}`}`
}

function patternText(p: Pattern, pick: number[], upper: boolean): string {
  const scheme = p.scheme === undefined ? '' : `${upper && p.scheme !== '*' ? p.scheme.toUpperCase() : p.scheme}://`
  const hostText =
    p.host.kind === 'any'
      ? '*'
      : p.host.kind === 'ip'
        ? upper
          ? '{IP}'
          : '{ip}'
        : p.host.kind === 'exact'
          ? spell(p.host.host, pick)
          : `*.${spell({ kind: 'domain', labels: p.host.suffix }, pick)}`
  const portText =
    p.port === undefined
      ? ''
      : p.port === 'default'
        ? // An explicit default port needs a known scheme; without one it is left out (same meaning).
          p.scheme === 'http' || p.scheme === 'https'
          ? `:${DefaultPort[p.scheme]}`
          : ''
        : `:${p.port}`
  return `${scheme}${hostText}${portText}`
}

const picks = fc.array(fc.nat(1000), { minLength: 1, maxLength: 8 })

describe('originAllowed against the reference model', () => {
  it('agrees on every generated origin and pattern', () => {
    fc.assert(
      fc.property(
        origin.chain((o) => fc.tuple(fc.constant(o), patternFor(o), picks, picks, fc.boolean())),
        ([o, p, originPick, patternPick, upper]) => {
          // A suffix-less wildcard ("*.") is not a pattern at all; the model says no, and so must the matcher.
          const text = patternText(p, patternPick, upper)
          expect(originAllowed(originText(o, originPick), [text])).toBe(expected(o, p))
        },
      ),
      { numRuns: 3000 },
    )
  })

  it('any pattern of a list matching is enough; an empty list allows nothing', () => {
    fc.assert(
      fc.property(
        origin.chain((o) => fc.tuple(fc.constant(o), fc.array(patternFor(o), { maxLength: 4 }), picks)),
        ([o, ps, pick]) => {
          const texts = ps.map((p) => patternText(p, pick, false))
          expect(originAllowed(originText(o, pick), texts)).toBe(ps.some((p) => expected(o, p)))
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('never matches opaque or malformed origins, and ignores malformed patterns', () => {
    for (const bad of ['null', 'file:///etc/passwd', 'not an origin', '', 'data:text/html,x'])
      expect(originAllowed(bad, ['*://*', '*'])).toBe(false)
    fc.assert(
      fc.property(fc.string(), (junk) => {
        // Junk patterns must never throw; a junk pattern that happens to be valid is judged like any other.
        expect(() => originAllowed('https://app.example', [junk])).not.toThrow()
      }),
    )
    for (const bad of ['https://*.example.com/path', 'https://ex*ample.com', 'https://*.', 'https://a.com:99x'])
      expect(originAllowed('https://a.example.com', [bad])).toBe(false)
  })

  it('the SPEC §5 default list: localhost and any IP on any port, preview hosts by subdomain, wallet hosts exactly', () => {
    const allowed = (o: string) => originAllowed(o, DefaultAllowedOrigins)
    expect(allowed('http://localhost:5173')).toBe(true)
    expect(allowed('http://127.0.0.1:80')).toBe(true)
    expect(allowed('http://0x7f000001:8080')).toBe(true)
    expect(allowed('http://[0:0:0:0:0:0:0:1]:3000')).toBe(true)
    expect(allowed('https://my-app.vercel.app')).toBe(true)
    expect(allowed('https://vercel.app')).toBe(false)
    expect(allowed('http://my-app.vercel.app')).toBe(false)
    expect(allowed('https://secure-mobile.walletconnect.org')).toBe(true)
    expect(allowed('http://192.168.1.20:5173')).toBe(true)
    expect(allowed('http://[fe80::1]:8080')).toBe(true)
    expect(allowed('http://1.2.3.4.nip.io:3000')).toBe(false)
    expect(allowed('https://shop.example')).toBe(false)
  })
})
