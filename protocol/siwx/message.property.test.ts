// Differential tests of the EIP-4361 text: ours against viem (createSiweMessage/parseSiweMessage) and the `siwe`
// package, over fast-check-generated fields; zero disagreements allowed. Plus malformed texts, refused by field.
import fc from 'fast-check'
import { SiweMessage } from 'siwe'
import { getAddress } from 'viem'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { formatSiwxMessage, parseSiwxMessage, SiwxMessageError, type SiwxMessageData } from './message.js'

const Runs = 1000
const chars = (alphabet: string, min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet.split('')), minLength: min, maxLength: max })
const lower = 'abcdefghijklmnopqrstuvwxyz'
const alnum = `${lower}ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789`
const label = chars(`${lower}0123456789`, 1, 10)
const port = fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined })
const host = fc.oneof(
  fc
    .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), chars(lower, 2, 6))
    .map(([ls, tld]) => [...ls, tld].join('.')),
  fc.constant('localhost'),
)
const domain = fc.tuple(host, port).map(([h, p]) => (p ? `${h}:${p}` : h))
const path = fc.array(chars(`${alnum}-._~`, 0, 8), { maxLength: 3 }).map((p) => (p.length ? `/${p.join('/')}` : ''))
const url = fc
  .tuple(domain, path, fc.option(chars(`${alnum}=&`, 1, 10), { nil: undefined }))
  .map(([d, p, q]) => `https://${d}${p}${q ? `?${q}` : ''}`)
const address = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((b) => getAddress(`0x${Buffer.from(b).toString('hex')}`))
// EIP-4361: a statement is reserved/unreserved characters and spaces, one line, not empty.
const statement = chars(`${alnum}-._~:/?#[]@!$&'()*+,;= `, 1, 60)
const date = fc.integer({ min: 0, max: 4_102_444_800_000 }).map((ms) => new Date(ms).toISOString())
const fields = fc.record(
  {
    accountAddress: address,
    chainId: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }).map((n) => `eip155:${n}`),
    domain,
    uri: url,
    version: fc.constant('1'),
    nonce: chars(alnum, 8, 24),
    issuedAt: date,
    statement,
    expirationTime: date,
    notBefore: date,
    requestId: chars(`${alnum}-._~!$&'()*+,;=:@`, 1, 20),
    resources: fc.array(url, { minLength: 1, maxLength: 3 }),
    scheme: fc.constantFrom('https', 'http'),
  },
  { requiredKeys: ['accountAddress', 'chainId', 'domain', 'uri', 'version', 'nonce', 'issuedAt'] },
)

type Parsed = Record<string, unknown>
const clean = (o: Parsed) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null))
const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : d)
// Everything as our SiwxMessageData, so the three parsers can be compared field by field.
const fromViem = (p: ReturnType<typeof parseSiweMessage>) =>
  clean({
    ...p,
    accountAddress: p.address,
    address: undefined,
    chainId: `eip155:${p.chainId}`,
    issuedAt: iso(p.issuedAt),
    expirationTime: iso(p.expirationTime),
    notBefore: iso(p.notBefore),
  })
const fromSiwe = (m: SiweMessage) =>
  clean({
    accountAddress: m.address,
    chainId: `eip155:${m.chainId}`,
    domain: m.domain,
    uri: m.uri,
    version: m.version,
    nonce: m.nonce,
    issuedAt: m.issuedAt,
    statement: m.statement,
    expirationTime: m.expirationTime,
    notBefore: m.notBefore,
    requestId: m.requestId,
    resources: m.resources,
    scheme: m.scheme,
  })
const toViem = (d: SiwxMessageData) => ({
  address: d.accountAddress as `0x${string}`,
  chainId: Number(d.chainId.split(':')[1]),
  domain: d.domain,
  uri: d.uri,
  version: '1' as const,
  nonce: d.nonce,
  issuedAt: new Date(d.issuedAt!),
  ...(d.statement ? { statement: d.statement } : {}),
  ...(d.expirationTime ? { expirationTime: new Date(d.expirationTime) } : {}),
  ...(d.notBefore ? { notBefore: new Date(d.notBefore) } : {}),
  ...(d.requestId ? { requestId: d.requestId } : {}),
  ...(d.resources ? { resources: d.resources } : {}),
  ...(d.scheme ? { scheme: d.scheme } : {}),
})
const toSiwe = (d: SiwxMessageData) =>
  new SiweMessage({ ...toViem(d), issuedAt: d.issuedAt, expirationTime: d.expirationTime, notBefore: d.notBefore })

describe('EIP-4361 text against viem and the siwe package', () => {
  it(`writes the same text as both and every parser reads back the same fields (${Runs} runs)`, () => {
    fc.assert(
      fc.property(fields, (d) => {
        const ours = formatSiwxMessage(d)
        expect(ours).toBe(createSiweMessage(toViem(d)))
        expect(ours).toBe(toSiwe(d).prepareMessage())
        expect(parseSiwxMessage(ours)).toEqual(d)
        expect(fromViem(parseSiweMessage(ours))).toEqual(d)
        expect(fromSiwe(new SiweMessage(ours))).toEqual(d)
      }),
      { numRuns: Runs },
    )
  }, 60_000)

  it(`reads the texts viem and siwe write (${Runs} runs)`, () => {
    fc.assert(
      fc.property(fields, (d) => {
        expect(parseSiwxMessage(createSiweMessage(toViem(d)))).toEqual(d)
        expect(parseSiwxMessage(toSiwe(d).prepareMessage())).toEqual(d)
      }),
      { numRuns: Runs },
    )
  }, 60_000)
})

// One way to break each field, and the field the parser must name.
const breakers: Array<[field: string, (text: string) => string]> = [
  ['domain', (t) => t.replace(/^(\S+) wants/, '$1/x wants')],
  ['domain', (t) => t.replace(' wants you to sign in', ' asks you to sign in')],
  ['accountAddress', (t) => t.replace(/\n0x([0-9a-fA-F]{40})\n/, (_m, a: string) => `\n0x${flipCase(a)}\n`)],
  ['accountAddress', (t) => t.replace(/\n(0x[0-9a-fA-F]{40})\n/, '\n$1z\n')],
  ['uri', (t) => t.replace(/\nURI: .*/, '\nURI: not a uri')],
  ['uri', (t) => t.replace(/\nURI: .*/, '')],
  ['version', (t) => t.replace('\nVersion: 1', '\nVersion: 2')],
  ['chainId', (t) => t.replace(/\nChain ID: \d+/, '\nChain ID: 0x1')],
  ['nonce', (t) => t.replace(/\nNonce: .*/, '\nNonce: short')],
  ['issuedAt', (t) => t.replace(/\nIssued At: .*/, '\nIssued At: yesterday')],
  ['expirationTime', (t) => t.replace(/\nIssued At: (.*)/, '\nIssued At: $1\nExpiration Time: 2024-13-01T00:00:00Z')],
  ['statement', (t) => t.replace(/\n\n\n/, '\n\nsay "hi"\n\n')],
]
const flipCase = (a: string) => {
  const i = [...a].findIndex((c) => /[a-fA-F]/.test(c))
  return i < 0
    ? a.replace(/^./, 'a')
    : a.slice(0, i) + (a[i] === a[i].toLowerCase() ? a[i].toUpperCase() : a[i].toLowerCase()) + a.slice(i + 1)
}

describe('malformed texts', () => {
  it('are refused with the broken field named', () => {
    fc.assert(
      fc.property(fields, fc.constantFrom(...breakers), (d, [field, breakIt]) => {
        const text = breakIt(formatSiwxMessage({ ...d, statement: undefined, expirationTime: undefined }))
        let error: unknown
        try {
          parseSiwxMessage(text)
        } catch (e) {
          error = e
        }
        expect(error).toBeInstanceOf(SiwxMessageError)
        expect((error as SiwxMessageError).field).toBe(field)
        expect((error as Error).message).toContain(field)
      }),
      { numRuns: 300 },
    )
  })
})
