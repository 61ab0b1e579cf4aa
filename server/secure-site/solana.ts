// Solana signing for the embedded wallet with @solana/web3.js (v1), loaded on first use: addresses, message
// signatures, and legacy or versioned transactions given base64-serialized as WalletConnect's solana_* methods take them.
import type { Keypair } from '@solana/web3.js'
import { hexToBytes, type Hex } from 'viem'
import { WalletError } from './errors.js'

const web3 = () => import('@solana/web3.js')

async function keypair(seed: Uint8Array | Hex): Promise<Keypair> {
  const { Keypair } = await web3()
  return Keypair.fromSeed(typeof seed === 'string' ? hexToBytes(seed) : seed)
}

/** The base58 address of the ed25519 key with this 32-byte seed. */
export async function solanaAddress(seed: Uint8Array): Promise<string> {
  return (await keypair(seed)).publicKey.toBase58()
}

async function bs58(): Promise<{ encode(b: Uint8Array): string; decode(s: string): Uint8Array }> {
  return (await import('@scure/base')).base58
}

/** solana_signMessage: `message` is base58; answers `{ signature }` in base58. */
export async function signSolanaMessage(seed: Hex, params: unknown): Promise<{ signature: string }> {
  const p = params as { message?: unknown }
  if (typeof p?.message !== 'string') throw new WalletError(400, 'invalid_params', 'solana_signMessage needs a message')
  const codec = await bs58()
  let message: Uint8Array
  try {
    message = codec.decode(p.message)
  } catch {
    throw new WalletError(400, 'invalid_params', 'The message must be base58')
  }
  const { ed25519 } = await import('@noble/curves/ed25519')
  const signature = ed25519.sign(message, hexToBytes(seed))
  return { signature: codec.encode(signature) }
}

/** Signs a base64-serialized transaction (legacy or versioned) and returns it serialized (base64) with its signature. */
export async function signSolanaTransaction(
  seed: Hex,
  base64: unknown,
): Promise<{ transaction: string; signature: string }> {
  if (typeof base64 !== 'string') throw new WalletError(400, 'invalid_params', 'The transaction must be base64')
  const { Transaction, VersionedTransaction } = await web3()
  const codec = await bs58()
  const kp = await keypair(seed)
  const bytes = Buffer.from(base64, 'base64')
  try {
    const tx = VersionedTransaction.deserialize(bytes)
    tx.sign([kp])
    const index = tx.message.staticAccountKeys.findIndex((k) => k.equals(kp.publicKey))
    if (index < 0) throw new WalletError(400, 'invalid_params', 'The transaction does not involve this account')
    return {
      transaction: Buffer.from(tx.serialize()).toString('base64'),
      signature: codec.encode(tx.signatures[index]),
    }
  } catch (err) {
    if (err instanceof WalletError) throw err
    try {
      const tx = Transaction.from(bytes)
      tx.partialSign(kp)
      const sig = tx.signatures.find((s) => s.publicKey.equals(kp.publicKey))?.signature
      if (!sig) throw new WalletError(400, 'invalid_params', 'The transaction does not involve this account')
      return {
        transaction: tx.serialize({ requireAllSignatures: false }).toString('base64'),
        signature: codec.encode(sig),
      }
    } catch (inner) {
      if (inner instanceof WalletError) throw inner
      throw new WalletError(400, 'invalid_params', 'The transaction could not be read')
    }
  }
}

/** Sends a signed, base64-serialized transaction over `rpcUrl`; returns its base58 signature. */
export async function sendSolanaTransaction(rpcUrl: string, base64: string): Promise<string> {
  const { Connection } = await web3()
  return new Connection(rpcUrl, 'confirmed').sendRawTransaction(Buffer.from(base64, 'base64'))
}
