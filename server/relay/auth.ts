// Verifies the relay JWT that the WalletConnect SDKs put in the `auth` query parameter (EdDSA over Ed25519, the
// issuer is the client's did:key). node:crypto does the signature check; no JOSE library is needed.
import { createPublicKey, verify } from 'node:crypto'
import { decodeDidKey } from './didkey.js'

/** What a valid relay JWT tells the relay. */
export interface RelayClaims {
  /** The client's did:key; the relay's client id. */
  clientId: string
  sub: string
  aud: string
  /** Expiry, seconds since the epoch. */
  exp: number
}

/** Options for {@link verifyRelayJwt}. */
export interface VerifyJwtOptions {
  /** Accepts or refuses the `aud` claim. */
  audience: (aud: string) => boolean
  /** Current time in seconds; defaults to the wall clock. */
  nowSeconds?: number
  /** Allowed clock skew in seconds for `exp` and `iat`. */
  skewSeconds?: number
}

/** A refused JWT; `message` says why (safe to log, contains no token material). */
export class RelayAuthError extends Error {
  override name = 'RelayAuthError'
}

const MAX_JWT_CHARS = 4096
/** Default clock skew allowed on `exp` and `iat`, in seconds. */
export const JWT_SKEW_SECONDS = 60

/** Verifies a relay JWT and returns its claims; throws {@link RelayAuthError} when it is refused. */
export function verifyRelayJwt(token: string, opts: VerifyJwtOptions): RelayClaims {
  if (typeof token !== 'string' || token.length === 0) throw new RelayAuthError('missing auth token')
  if (token.length > MAX_JWT_CHARS) throw new RelayAuthError('auth token too long')
  const parts = token.split('.')
  if (parts.length !== 3) throw new RelayAuthError('malformed JWT')
  const header = decodeJsonPart(parts[0], 'header')
  const payload = decodeJsonPart(parts[1], 'payload')
  if (header.alg !== 'EdDSA') throw new RelayAuthError('JWT alg must be EdDSA')
  if (header.typ !== undefined && header.typ !== 'JWT') throw new RelayAuthError('JWT typ must be JWT')
  const { iss, sub, aud, exp, iat } = payload
  if (typeof iss !== 'string') throw new RelayAuthError('JWT iss missing')
  if (typeof aud !== 'string') throw new RelayAuthError('JWT aud missing')
  if (typeof exp !== 'number' || !Number.isFinite(exp)) throw new RelayAuthError('JWT exp missing')
  const now = opts.nowSeconds ?? Math.floor(Date.now() / 1000)
  const skew = opts.skewSeconds ?? JWT_SKEW_SECONDS
  if (exp + skew < now) throw new RelayAuthError('JWT expired')
  if (typeof iat === 'number' && iat - skew > now) throw new RelayAuthError('JWT issued in the future')
  if (!opts.audience(aud)) throw new RelayAuthError('JWT aud does not name this relay')
  let publicKey: Uint8Array
  try {
    publicKey = decodeDidKey(iss)
  } catch (e) {
    throw new RelayAuthError(`JWT iss invalid: ${(e as Error).message}`)
  }
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
    format: 'jwk',
  })
  const signature = Buffer.from(parts[2], 'base64url')
  if (signature.length !== 64) throw new RelayAuthError('JWT signature malformed')
  const signed = Buffer.from(`${parts[0]}.${parts[1]}`, 'utf8')
  if (!verify(null, signed, key, signature)) throw new RelayAuthError('JWT signature invalid')
  return { clientId: iss, sub: typeof sub === 'string' ? sub : '', aud, exp }
}

/** Builds an audience check accepting the given URLs, ignoring a trailing slash. */
export function audienceOf(urls: string[]): (aud: string) => boolean {
  const allowed = new Set(urls.map(trimSlash))
  return (aud) => allowed.has(trimSlash(aud))
}

function trimSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url
}

function decodeJsonPart(part: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {
    // fall through to the uniform error
  }
  throw new RelayAuthError(`JWT ${what} is not a JSON object`)
}
