// did:key for Ed25519 keys as the WalletConnect SDKs write it: "did:key:z" + base58btc(0xed 0x01 ‖ publicKey).
import { decodeBase58, encodeBase58 } from '../../protocol/base58.js'

const ED25519_MULTICODEC = [0xed, 0x01]

/** Encodes a 32-byte Ed25519 public key as a did:key. */
export function encodeDidKey(publicKey: Uint8Array): string {
  if (publicKey.length !== 32) throw new Error('Ed25519 public key must be 32 bytes')
  return `did:key:z${encodeBase58(Uint8Array.from([...ED25519_MULTICODEC, ...publicKey]))}`
}

/** Decodes an Ed25519 did:key to its 32-byte public key; throws on anything else. */
export function decodeDidKey(did: string): Uint8Array {
  const prefix = 'did:key:z'
  if (!did.startsWith(prefix) || did.length > 80) throw new Error('issuer is not a base58btc did:key')
  const bytes = decodeBase58(did.slice(prefix.length))
  if (bytes.length !== 34 || bytes[0] !== ED25519_MULTICODEC[0] || bytes[1] !== ED25519_MULTICODEC[1]) {
    throw new Error('issuer is not an Ed25519 did:key')
  }
  return bytes.slice(2)
}
