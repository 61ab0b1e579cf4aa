// Fixed keys of the local Solana chain, derived from public phrases like anvil's dev accounts: never use them
// anywhere real. The dev wallet is funded on the local chain; tests hand its key to the Solana test wallet.
// node:crypto only (no web3.js), since the server's config reads the dev wallet's address at start-up.
import { createHash, createPrivateKey, createPublicKey } from 'node:crypto'
import { base58 } from '@scure/base'

// PKCS#8 DER header of an Ed25519 private key; the 32-byte seed follows it.
const PKCS8_ED25519 = Buffer.from('302e020100300506032b657004220420', 'hex')

/** The 64-byte Solana secret key (seed then public key) derived from a phrase (its SHA-256 is the seed). */
export function phraseSecretKey(phrase: string): Uint8Array {
  const seed = createHash('sha256').update(phrase).digest()
  const key = createPrivateKey({ key: Buffer.concat([PKCS8_ED25519, seed]), format: 'der', type: 'pkcs8' })
  const spki = createPublicKey(key).export({ format: 'der', type: 'spki' })
  return Uint8Array.from(Buffer.concat([seed, spki.subarray(spki.length - 32)]))
}

/** The base58 address of a 64-byte secret key. */
export const addressOf = (secretKey: Uint8Array): string => base58.encode(secretKey.subarray(32))

/** The 64-byte secret key of the Solana dev wallet (public knowledge). */
export const SOLANA_DEV_WALLET_SECRET_KEY: Uint8Array = phraseSecretKey('foyer local solana dev wallet')

/** The Solana dev wallet's address, funded with SOL and the SPL token on the local chain. */
export const SOLANA_DEV_WALLET_ADDRESS: string = addressOf(SOLANA_DEV_WALLET_SECRET_KEY)
