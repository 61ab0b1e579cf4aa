// The Solana wallet requests in WalletConnect's solana vocabulary, written once for Wallet Standard wallets,
// WalletConnect sessions and bridged connections. @solana/web3.js is imported only where a transaction is built or
// an older wallet's bare signature must be put into one.
import { FoyerError, type HostOptions, type NetworkInfo } from '../../../kernel/index.js'
import { decimal } from './abi.js'
import type { WalletSession } from './session.js'
import { networkFor } from '../network-definition.js'
import { decodeBase58, encodeBase58, fromBase64, toBase64 } from '../../../protocol/base58.js'

declare module '../../../kernel/index.js' {
  interface RequestMap {
    /** Builds a SOL transfer from the connected account and has the wallet sign and send it. */
    'solana/sendTransfer': {
      input: { to: string; lamports: number | string; recentBlockhash?: string }
      output: { signature: string }
    }
  }
}

const noAnswer = (what: string) =>
  new FoyerError(`The wallet returned no ${what}`, { code: 'NO_WALLET_ANSWER', category: 'WALLET' })

/** Signs a UTF-8 message (solana_signMessage: base58 message and pubkey); the signature in base58. */
export async function signMessage(s: WalletSession, message: string): Promise<string> {
  const r = await s.call<{ signature?: unknown }>('solana_signMessage', {
    message: encodeBase58(new TextEncoder().encode(message)),
    pubkey: s.address,
  })
  if (typeof r?.signature !== 'string') throw noAnswer('signature')
  return r.signature
}

/** Signs a serialized (base64) transaction; returns it signed (base64). */
export async function signTransaction(s: WalletSession, transaction: string): Promise<string> {
  const r = await s.call<{ transaction?: unknown; signature?: unknown }>('solana_signTransaction', {
    transaction,
    pubkey: s.address,
  })
  if (typeof r?.transaction === 'string') return r.transaction
  if (typeof r?.signature !== 'string') throw noAnswer('signed transaction')
  // Older WalletConnect wallets answer only the signature: put it into the transaction ourselves.
  const { PublicKey, VersionedTransaction } = await import('@solana/web3.js')
  const tx = VersionedTransaction.deserialize(fromBase64(transaction))
  tx.addSignature(new PublicKey(s.address), decodeBase58(r.signature))
  return toBase64(tx.serialize())
}

/** Signs and sends a serialized (base64) transaction; returns its base58 signature. */
export async function signAndSendTransaction(s: WalletSession, transaction: string): Promise<string> {
  const r = await s.call<{ signature?: unknown }>('solana_signAndSendTransaction', { transaction, pubkey: s.address })
  if (typeof r?.signature !== 'string') throw noAnswer('signature')
  return r.signature
}

/** Builds a SOL transfer of `lamports` (a decimal string) and has the wallet sign and send it. */
export async function sendTransfer(
  s: WalletSession,
  input: { to: string; lamports: number | string; recentBlockhash?: string },
  networks: NetworkInfo[],
  options: Readonly<HostOptions>,
): Promise<string> {
  const lamports = decimal(input.lamports, 'lamports')
  const { Connection, PublicKey, SystemProgram, Transaction } = await import('@solana/web3.js')
  const from = new PublicKey(s.address)
  let blockhash = input.recentBlockhash
  if (!blockhash) {
    const rpc = networkFor(s.caipNetworkId, networks, options).rpcUrls.default.http[0]
    if (!rpc) throw FoyerError.of('noActiveNetworkOrClient', { category: 'NETWORK' })
    blockhash = (await new Connection(rpc).getLatestBlockhash()).blockhash
  }
  const tx = new Transaction({ feePayer: from, recentBlockhash: blockhash }).add(
    SystemProgram.transfer({ fromPubkey: from, toPubkey: new PublicKey(input.to), lamports }),
  )
  return signAndSendTransaction(s, toBase64(tx.serialize({ requireAllSignatures: false, verifySignatures: false })))
}
