// Solana message signatures: ed25519 over the message bytes, the address being the base58 public key.
import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64 } from '@scure/base'
import type { Verdict } from './verdict.js'

// Wallets hand out base58 (Foyer's wallet requests do); some backends pass base64 along.
const signatureBytes = (s: string): Uint8Array | undefined => {
  for (const decode of [base58.decode, base64.decode]) {
    try {
      const b = decode(s)
      if (b.length === 64) return b
    } catch {
      // try the next encoding
    }
  }
  return undefined
}

/** Verifies an ed25519 signature (base58 or base64) by the Solana `address` over the UTF-8 `message`. */
export function verifySolanaMessage(address: string, message: string, signature: string): Verdict {
  let key: Uint8Array
  try {
    key = base58.decode(address)
  } catch {
    return { ok: false, reason: `"${address}" is not a base58 Solana address` }
  }
  if (key.length !== 32) return { ok: false, reason: `"${address}" is not a 32-byte Solana public key` }
  const sig = signatureBytes(signature)
  if (!sig) return { ok: false, reason: 'the signature is not 64 bytes of base58 or base64' }
  const ok = (() => {
    try {
      return ed25519.verify(sig, new TextEncoder().encode(message), key)
    } catch {
      return false
    }
  })()
  return ok ? { ok: true } : { ok: false, reason: 'the signature does not verify for this address' }
}
