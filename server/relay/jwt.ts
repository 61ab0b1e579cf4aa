// Signs relay JWTs the way the WalletConnect SDKs do, for tests, the bench and raw protocol clients.
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import { encodeDidKey } from './didkey.js'

/** An Ed25519 client identity: its did:key and signing key. */
export interface RelayClientKey {
  clientId: string
  privateKey: KeyObject
}

/** Creates a client identity, from a 32-byte seed when given (deterministic) or at random. */
export function createRelayClientKey(seed?: Uint8Array): RelayClientKey {
  const privateKey = seed
    ? createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, Buffer.from(seed)]), format: 'der', type: 'pkcs8' })
    : generateKeyPairSync('ed25519').privateKey
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' })
  const publicKey = Buffer.from(String(jwk.x), 'base64url')
  return { clientId: encodeDidKey(publicKey), privateKey }
}

/** Options for {@link signRelayJwt}. */
export interface SignJwtOptions {
  /** The relay URL the token is for (the `aud` claim). */
  aud: string
  ttlSeconds?: number
  sub?: string
  /** Issued-at, seconds since the epoch; defaults to now. */
  iat?: number
}

/** Signs a relay JWT (EdDSA, did:key issuer) for `key`. */
export function signRelayJwt(key: RelayClientKey, opts: SignJwtOptions): string {
  const iat = opts.iat ?? Math.floor(Date.now() / 1000)
  const header = { alg: 'EdDSA', typ: 'JWT' }
  const payload = {
    iss: key.clientId,
    sub: opts.sub ?? 'foyer-test',
    aud: opts.aud,
    iat,
    exp: iat + (opts.ttlSeconds ?? 86400),
  }
  const data = `${b64(header)}.${b64(payload)}`
  const signature = sign(null, Buffer.from(data, 'utf8'), key.privateKey)
  return `${data}.${signature.toString('base64url')}`
}

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url')
}

// DER header of a PKCS#8 Ed25519 private key; the 32-byte seed follows it.
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')
