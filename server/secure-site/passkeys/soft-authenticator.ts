// A software passkey authenticator for the server tests: it builds WebAuthn registration and authentication responses
// byte for byte as a platform authenticator would (P-256, "none" attestation), and lets a test forge what a browser
// never would (another origin in clientDataJSON, a replayed challenge) to prove the site refuses it.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

const b64url = (b: Uint8Array | Buffer) => Buffer.from(b).toString('base64url')
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest()
// flags: user present, user verified, (for registration) attested credential data included
const UP_UV = 0x01 | 0x04
const AT = 0x40

/** What a ceremony's clientDataJSON says; `origin` and `topOrigin` default to the page's own. */
export interface ClientDataOverrides {
  origin?: string
  topOrigin?: string
  crossOrigin?: boolean
}

/** The registration options the site answered (only what the authenticator reads). */
export type RegistrationOptions = { challenge: string; rp?: { id?: string } } | Record<string, any>
/** The authentication options the site answered (only what the authenticator reads). */
export type AuthenticationOptions = { challenge: string; rpId?: string } | Record<string, any>

/** One credential held by the software authenticator. */
export interface SoftCredential {
  id: string
  /** Registration response JSON (as @simplewebauthn/browser sends it) for `options`. */
  register(options: RegistrationOptions, origin: string, data?: ClientDataOverrides): Record<string, unknown>
  /** Authentication response JSON for `options`. */
  assert(options: AuthenticationOptions, origin: string, data?: ClientDataOverrides): Record<string, unknown>
}

const clientData = (type: string, challenge: string, origin: string, o: ClientDataOverrides = {}) =>
  Buffer.from(
    JSON.stringify({
      type,
      challenge,
      origin: o.origin ?? origin,
      crossOrigin: o.crossOrigin ?? o.topOrigin !== undefined,
      ...(o.topOrigin ? { topOrigin: o.topOrigin } : {}),
    }),
  )

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' })
  const key = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
  ])
  return isoCBOR.encode(key)
}

/** Creates a credential with a fresh P-256 key; its signature counter starts at 0 and rises by one per assertion. */
export function softCredential(): SoftCredential {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const rawId = randomBytes(32)
  const id = b64url(rawId)
  let counter = 0
  const counterBytes = () => {
    const b = Buffer.alloc(4)
    b.writeUInt32BE(counter)
    return b
  }
  return {
    id,
    register(options, origin, data) {
      const rpId: string = options.rp?.id ?? new URL(origin).hostname
      const idLen = Buffer.alloc(2)
      idLen.writeUInt16BE(rawId.length)
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([UP_UV | AT]),
        counterBytes(),
        Buffer.alloc(16),
        idLen,
        rawId,
        coseKey(publicKey),
      ])
      const attestationObject = isoCBOR.encode(
        new Map<string, unknown>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', new Uint8Array(authData)],
        ]) as never,
      )
      return {
        id,
        rawId: id,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin, data)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      }
    },
    assert(options, origin, data) {
      counter += 1
      const rpId: string = options.rpId ?? new URL(origin).hostname
      const authData = Buffer.concat([sha256(rpId), Buffer.from([UP_UV]), counterBytes()])
      const cd = clientData('webauthn.get', options.challenge, origin, data)
      const signature = sign('sha256', Buffer.concat([authData, sha256(cd)]), privateKey)
      return {
        id,
        rawId: id,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(cd),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
      }
    },
  }
}
