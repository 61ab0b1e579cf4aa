// Bitcoin message signatures: BIP-322 "simple" (a witness spending a virtual output; P2WPKH, P2SH-P2WPKH, P2TR
// key-path) and the legacy "Bitcoin Signed Message" format (BIP-137 headers; P2PKH, P2SH-P2WPKH, P2WPKH, and P2TR as
// wallets that sign taproot addresses with the internal key do). Sighashes come from @scure/btc-signer's Transaction.
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import {
  Address,
  NETWORK,
  OutScript,
  RawWitness,
  Script,
  SigHash,
  TEST_NETWORK,
  Transaction,
  p2pkh,
  p2sh,
  p2tr,
  p2wpkh,
} from '@scure/btc-signer'
import type { Verdict } from './verdict.js'

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) out.set(p, (at += p.length) - p.length)
  return out
}
const utf8 = (s: string) => new TextEncoder().encode(s)

/** BIP-322's message hash: sha256 tagged "BIP0322-signed-message". */
export function bip322MessageHash(message: string): Uint8Array {
  return schnorr.utils.taggedHash('BIP0322-signed-message', utf8(message))
}

/** The BIP-322 virtual transactions for `message` and the output script of the signing address. */
export function bip322Transactions(message: string, script: Uint8Array) {
  const toSpend = new Transaction({
    version: 0,
    allowUnknownInputs: true,
    allowUnknownOutputs: true,
    disableScriptCheck: true,
  })
  toSpend.addOutput({ script, amount: 0n })
  toSpend.addInput({
    txid: new Uint8Array(32),
    index: 0xffffffff,
    sequence: 0,
    finalScriptSig: Script.encode(['OP_0', bip322MessageHash(message)]),
  })
  const toSign = new Transaction({ version: 0, allowUnknownOutputs: true })
  toSign.addInput({ txid: toSpend.id, index: 0, sequence: 0, witnessUtxo: { script, amount: 0n } })
  toSign.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  return { toSpend, toSign }
}

const networkOf = (address: string) => (/^(bc1|[13])/i.test(address) ? NETWORK : TEST_NETWORK)
const decode = (address: string) => {
  try {
    return Address(networkOf(address)).decode(address)
  } catch {
    return undefined
  }
}

const ecdsaOk = (der: Uint8Array, hash: Uint8Array, pub: Uint8Array) => {
  try {
    return secp256k1.verify(secp256k1.Signature.fromDER(der).toCompactRawBytes(), hash, pub, { lowS: false })
  } catch {
    return false
  }
}

// BIP-322 simple: the base64 is a serialized witness stack that must spend `address`'s output in to_sign.
function verifySimple(address: string, message: string, witness: Uint8Array[]): Verdict {
  const out = decode(address)
  const net = networkOf(address)
  if (!out) return { ok: false, reason: `"${address}" is not a Bitcoin address` }
  const script = OutScript.encode(out)
  const { toSign } = bip322Transactions(message, script)
  if (out.type === 'tr') {
    const sig = witness[0]
    if (witness.length !== 1 || (sig.length !== 64 && sig.length !== 65))
      return { ok: false, reason: 'a taproot signature is one 64- or 65-byte Schnorr signature' }
    const hashType = sig.length === 65 ? sig[64] : SigHash.DEFAULT
    const hash = toSign.preimageWitnessV1(0, [script], hashType, [0n])
    return schnorr.verify(sig.subarray(0, 64), hash, out.pubkey)
      ? { ok: true }
      : { ok: false, reason: 'the signature does not verify for this address' }
  }
  if (witness.length !== 2) return { ok: false, reason: 'expected a witness of a signature and a public key' }
  const [sig, pub] = witness
  const pkh = p2wpkh(pub, net)
  // P2SH-P2WPKH spends its redeem script; P2WPKH its own program.
  const matches =
    out.type === 'wpkh' ? pkh.address === address : out.type === 'sh' && p2sh(pkh, net).address === address
  if (!matches) return { ok: false, reason: 'the signing key does not belong to this address' }
  const hash = toSign.preimageWitnessV0(0, p2pkh(pub).script, sig[sig.length - 1], 0n)
  return ecdsaOk(sig.subarray(0, -1), hash, pub)
    ? { ok: true }
    : { ok: false, reason: 'the signature does not verify for this address' }
}

/** The legacy "Bitcoin Signed Message" hash: sha256d of the prefixed, length-prefixed message. */
export function legacyMessageHash(message: string): Uint8Array {
  const msg = utf8(message)
  const len = msg.length
  const varint =
    len < 0xfd
      ? [len]
      : len <= 0xffff
        ? [0xfd, len & 0xff, len >> 8]
        : [0xfe, len & 0xff, (len >> 8) & 0xff, (len >> 16) & 0xff, len >>> 24]
  return sha256(sha256(concat(utf8('\x18Bitcoin Signed Message:\n'), Uint8Array.from(varint), msg)))
}

// BIP-137: header ‖ r ‖ s; the header says the recovery id and how the key was compressed and wrapped.
function verifyLegacy(address: string, message: string, bytes: Uint8Array): Verdict {
  const header = bytes[0]
  if (header < 27 || header > 42) return { ok: false, reason: `unknown signature header ${header}` }
  const net = networkOf(address)
  let pub: Uint8Array
  try {
    const sig = secp256k1.Signature.fromCompact(bytes.subarray(1)).addRecoveryBit((header - 27) & 3)
    pub = sig.recoverPublicKey(legacyMessageHash(message)).toRawBytes(header >= 31)
  } catch {
    return { ok: false, reason: 'no public key can be recovered from the signature' }
  }
  // Wallets disagree on the header of segwit signatures, so a compressed key is checked against every form.
  const candidates =
    header < 31
      ? [p2pkh(pub, net).address]
      : [
          p2pkh(pub, net).address,
          p2wpkh(pub, net).address,
          p2sh(p2wpkh(pub, net), net).address,
          p2tr(pub.subarray(1), undefined, net).address,
        ]
  return candidates.includes(address)
    ? { ok: true }
    : { ok: false, reason: 'the signature was made by another address' }
}

/** Verifies a base64 Bitcoin message signature (BIP-322 simple, or legacy BIP-137) by `address` over `message`. */
export function verifyBitcoinMessage(address: string, message: string, signature: string): Verdict {
  let bytes: Uint8Array
  try {
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) throw new Error()
    bytes = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0))
  } catch {
    return { ok: false, reason: 'the signature is not base64' }
  }
  if (bytes.length === 65 && bytes[0] >= 27 && bytes[0] <= 42) return verifyLegacy(address, message, bytes)
  let witness: Uint8Array[]
  try {
    witness = RawWitness.decode(bytes)
  } catch {
    return { ok: false, reason: 'the signature is neither a BIP-322 witness nor a BIP-137 signature' }
  }
  if (!witness.length) return { ok: false, reason: 'the BIP-322 witness is empty' }
  if (decode(address)?.type === 'pkh') return { ok: false, reason: 'P2PKH addresses sign with the legacy format' }
  return verifySimple(address, message, witness)
}
