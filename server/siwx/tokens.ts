// Session tokens: JWTs signed ES256 with the server's key, whose public half is served at /.well-known/jwks.json so a
// host's backend can check a visitor's sign-in with any JOSE library. The key comes from the configuration, or is
// generated once and kept in the store (never logged).
import { createHmac, randomUUID } from 'node:crypto'
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  importPKCS8,
  jwtVerify,
  SignJWT,
  type JWK,
  type JWTPayload,
} from 'jose'
import type { Store } from '../store/store.js'
import { storedKey } from './store.js'

/** The algorithm of session tokens. */
export const TokenAlg = 'ES256'

/** Claims of a session token besides the registered ones (sub = CAIP-10 account, jti = session id, aud = project). */
export interface SessionClaims {
  chainId: string
  address: string
  domain: string
}

/** Signs and checks session tokens. */
export interface TokenKeys {
  kid: string
  jwks: { keys: JWK[] }
  sign(
    claims: SessionClaims & { sessionId: string; projectId: string; issuer: string; expiresAt: Date },
  ): Promise<string>
  verify(token: string): Promise<JWTPayload & SessionClaims>
  /** A 32-byte key for `label` derived from the private key (HMACs of other secrets; never the key itself). */
  derive(label: string): Uint8Array
}

// A configured key is a private JWK (JSON) or a PKCS#8 PEM of a P-256 key.
async function configuredKey(text: string): Promise<{ kid: string; jwk: JWK }> {
  const trimmed = text.trim()
  const jwk: JWK = trimmed.startsWith('{')
    ? (JSON.parse(trimmed) as JWK)
    : await exportJWK(await importPKCS8(trimmed, TokenAlg, { extractable: true }))
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.d)
    throw new Error('the SIWX signing key must be a private P-256 (ES256) key')
  return { kid: jwk.kid ?? (await calculateJwkThumbprint(jwk)), jwk }
}

/** Loads the token key: `configured` (JWK JSON or PKCS#8 PEM) when given, else the store's, made on first start. */
export async function loadTokenKeys(store: Store, configured?: string): Promise<TokenKeys> {
  const { kid, jwk } = configured
    ? await configuredKey(configured)
    : ((await storedKey(store, async () => {
        const { privateKey } = await generateKeyPair(TokenAlg, { extractable: true })
        return { kid: randomUUID(), jwk: await exportJWK(privateKey) }
      })) as { kid: string; jwk: JWK })
  const privateKey = await importJWK({ ...jwk, alg: TokenAlg }, TokenAlg)
  const { d: _d, ...pub } = jwk
  const publicJwk: JWK = { ...pub, kid, alg: TokenAlg, use: 'sig' }
  const publicKey = await importJWK(publicJwk, TokenAlg)
  return {
    kid,
    jwks: { keys: [publicJwk] },
    sign: (c) =>
      new SignJWT({ chainId: c.chainId, address: c.address, domain: c.domain })
        .setProtectedHeader({ alg: TokenAlg, kid, typ: 'JWT' })
        .setIssuer(c.issuer)
        .setAudience(c.projectId)
        .setSubject(`${c.chainId}:${c.address}`)
        .setJti(c.sessionId)
        .setIssuedAt()
        .setExpirationTime(Math.floor(c.expiresAt.getTime() / 1000))
        .sign(privateKey),
    async verify(token) {
      const { payload } = await jwtVerify(token, publicKey, { algorithms: [TokenAlg] })
      return payload as JWTPayload & SessionClaims
    },
    derive: (label) => createHmac('sha256', String(jwk.d)).update(label).digest(),
  }
}
