// did:key for Ed25519 keys as the WalletConnect SDKs write it: "did:key:z" + base58btc(0xed 0x01 ‖ publicKey).

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const ED25519_MULTICODEC = [0xed, 0x01]

/** Encodes bytes as base58btc (Bitcoin alphabet). */
export function base58Encode(bytes: Uint8Array): string {
  const digits: number[] = []
  for (const byte of bytes) {
    let carry = byte
    for (let j = 0; j < digits.length; j++) {
      carry += digits[j] << 8
      digits[j] = carry % 58
      carry = (carry / 58) | 0
    }
    while (carry > 0) {
      digits.push(carry % 58)
      carry = (carry / 58) | 0
    }
  }
  let out = ''
  for (const byte of bytes) {
    if (byte !== 0) break
    out += '1'
  }
  for (let i = digits.length - 1; i >= 0; i--) out += ALPHABET[digits[i]]
  return out
}

/** Decodes base58btc; throws on a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array {
  const bytes: number[] = []
  for (const ch of text) {
    let carry = ALPHABET.indexOf(ch)
    if (carry < 0) throw new Error(`invalid base58 character "${ch}"`)
    for (let j = 0; j < bytes.length; j++) {
      carry += bytes[j] * 58
      bytes[j] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  for (const ch of text) {
    if (ch !== '1') break
    bytes.push(0)
  }
  return Uint8Array.from(bytes.reverse())
}

/** Encodes a 32-byte Ed25519 public key as a did:key. */
export function encodeDidKey(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new Error('Ed25519 public key must be 32 bytes')
  return `did:key:z${base58Encode(Uint8Array.from([...ED25519_MULTICODEC, ...publicKey]))}`
}

/** Decodes an Ed25519 did:key to its 32-byte public key; throws on anything else. */
export function decodeDidKey(did: string): Uint8Array {
  const prefix = 'did:key:z'
  if (!did.startsWith(prefix) || did.length > 80) throw new Error('issuer is not a base58btc did:key')
  const bytes = base58Decode(did.slice(prefix.length))
  if (bytes.length !== 34 || bytes[0] !== ED25519_MULTICODEC[0] || bytes[1] !== ED25519_MULTICODEC[1]) {
    throw new Error('issuer is not an Ed25519 did:key')
  }
  return bytes.slice(2)
}
