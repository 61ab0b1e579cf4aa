import { describe, expect, it } from 'vitest'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { audienceOf, verifyRelayJwt } from './auth.js'
import { decodeBase58, encodeBase58 } from '../../protocol/base58.js'
import { decodeDidKey, encodeDidKey } from './didkey.js'
import { createRelayClientKey, signRelayJwt } from './jwt.js'

const AUD = 'ws://127.0.0.1:5555'
const audience = audienceOf([AUD])

function tamper(token: string, part: 0 | 1, edit: (obj: Record<string, unknown>) => void): string {
  const parts = token.split('.')
  const obj = JSON.parse(Buffer.from(parts[part], 'base64url').toString())
  edit(obj)
  parts[part] = Buffer.from(JSON.stringify(obj)).toString('base64url')
  return parts.join('.')
}

describe('relay JWT', () => {
  it('accepts a token signed by the WalletConnect SDK and returns its did:key as client id', async () => {
    const keyPair = generateKeyPair()
    const token = await signJWT('sub-1', AUD, 3600, keyPair)
    const claims = verifyRelayJwt(token, { audience })
    expect(claims.clientId).toBe(encodeDidKey(keyPair.publicKey))
    expect(claims.sub).toBe('sub-1')
  })

  it('accepts its own helper tokens; a seed gives a stable identity', () => {
    const seed = new Uint8Array(32).fill(7)
    const key = createRelayClientKey(seed)
    expect(createRelayClientKey(seed).clientId).toBe(key.clientId)
    expect(verifyRelayJwt(signRelayJwt(key, { aud: `${AUD}/` }), { audience }).clientId).toBe(key.clientId)
  })

  it('refuses tampered, foreign, expired, wrong-audience and malformed tokens', () => {
    const key = createRelayClientKey()
    const good = signRelayJwt(key, { aud: AUD })
    const other = createRelayClientKey()
    const cases: Array<[string, RegExp]> = [
      [tamper(good, 1, (p) => (p.sub = 'x')), /signature invalid/],
      [tamper(good, 1, (p) => (p.iss = other.clientId)), /signature invalid/],
      [signRelayJwt(key, { aud: AUD, iat: 1000, ttlSeconds: 10 }), /expired/],
      [signRelayJwt(key, { aud: 'ws://evil.example' }), /aud/],
      [tamper(good, 0, (h) => (h.alg = 'none')), /alg/],
      [tamper(good, 1, (p) => (p.iss = 'did:web:example.com')), /iss invalid/],
      [tamper(good, 1, (p) => delete p.exp), /exp missing/],
      ['a.b', /malformed/],
      ['!!!.???.***', /not a JSON object/],
      ['', /missing/],
      [`${good.split('.').slice(0, 2).join('.')}.AAAA`, /signature malformed/],
    ]
    for (const [token, reason] of cases)
      expect(() => verifyRelayJwt(token, { audience }), String(reason)).toThrow(reason)
  })

  it('round-trips base58btc and did:key', () => {
    const bytes = Uint8Array.from([0, 0, 1, 2, 255, 128, 7])
    expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes)
    const pub = new Uint8Array(32).map((_, i) => i * 5)
    expect(decodeDidKey(encodeDidKey(pub))).toEqual(pub)
    expect(() => decodeDidKey('did:key:z0OIl')).toThrow(/base58/)
  })
})
