// Keys at rest: every private key is sealed with AES-256-GCM under the key-encryption key (KEK) from configuration.
// The associated data binds a ciphertext to its owner and purpose, so a row copied onto another user does not open.
// Neither the KEK nor a plaintext key is ever logged or serialized: the KEK lives in a closure, not on an object.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/** A sealed secret as stored: 12-byte nonce, ciphertext and 16-byte tag, plus the id of the KEK that sealed it. */
export interface SealedSecret {
  nonce: Uint8Array
  ciphertext: Uint8Array
  tag: Uint8Array
  kekId: string
}

/** Seals and opens secrets under one KEK. */
export interface Sealer {
  /** A short fingerprint-free label of the KEK (configured by the operator, e.g. "k1"), stored with each row. */
  kekId: string
  seal(plaintext: Uint8Array, associatedData: string): SealedSecret
  /** Opens a sealed secret; throws when the KEK, the data or the associated data do not match. */
  open(sealed: SealedSecret, associatedData: string): Uint8Array
}

/** Parses a 32-byte KEK given as 64 hex digits or base64; throws a message naming the setting otherwise. */
export function parseKek(raw: string, setting = 'FOYER_SECURE_KEK'): Uint8Array {
  const text = raw.trim()
  const bytes = /^(0x)?[0-9a-f]{64}$/i.test(text)
    ? Buffer.from(text.replace(/^0x/i, ''), 'hex')
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text, 'base64')
      : undefined
  if (!bytes || bytes.length !== 32) throw new Error(`${setting} must be 32 bytes as 64 hex digits or base64`)
  return new Uint8Array(bytes)
}

/** A new random KEK (32 bytes) as 64 hex digits. */
export function generateKek(): string {
  return randomBytes(32).toString('hex')
}

/** A sealer over `kek`; `kekId` names it in stored rows so the operator can rotate keys later. */
export function createSealer(kek: Uint8Array, kekId = 'k1'): Sealer {
  if (kek.length !== 32) throw new Error('the key-encryption key must be 32 bytes')
  const key = Buffer.from(kek)
  return {
    kekId,
    seal(plaintext, associatedData) {
      const nonce = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, nonce)
      cipher.setAAD(Buffer.from(associatedData, 'utf8'))
      const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()])
      return { nonce, ciphertext, tag: cipher.getAuthTag(), kekId }
    },
    open(sealed, associatedData) {
      if (sealed.kekId !== kekId) throw new Error(`sealed under key "${sealed.kekId}", not "${kekId}"`)
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.nonce)
      decipher.setAAD(Buffer.from(associatedData, 'utf8'))
      decipher.setAuthTag(sealed.tag)
      return new Uint8Array(Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]))
    },
  }
}
