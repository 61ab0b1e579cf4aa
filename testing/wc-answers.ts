// What the WalletConnect test wallet answers on Solana and Bitcoin, in WalletConnect's method vocabulary: solana_*
// with base58 messages/signatures and base64 transactions; bip122 signMessage (hex signature), signPsbt (base64),
// getAccountAddresses. Keys sign for real (solana-signer.ts, bitcoin-signer.ts).
import { base58, base64, hex } from '@scure/base'
import type { BitcoinSigner } from './bitcoin-signer.js'
import type { SolanaSigner } from './solana-signer.js'

/** CAIP-2 ids the wallet offers per namespace. */
export const SolanaChains = [
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
]
/** Bitcoin mainnet and testnet (CAIP-2). */
export const BitcoinChains = {
  Mainnet: 'bip122:000000000019d6689c085ae165831e93',
  Testnet: 'bip122:000000000933ea01ad0ee984209779ba',
}

/** Methods the wallet approves per namespace. */
export const SolanaMethods = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'solana_getAccounts',
  'solana_requestAccounts',
]
/** Bitcoin methods approved (no sendTransfer: there is no Bitcoin network to send on here). */
export const BitcoinMethods = ['signMessage', 'signPsbt', 'getAccountAddresses']

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })

/** Answers a solana_* request. */
export async function answerSolana(signer: SolanaSigner, method: string, p: any): Promise<unknown> {
  if (method === 'solana_getAccounts' || method === 'solana_requestAccounts') return [{ pubkey: signer.address }]
  if (p?.pubkey && p.pubkey !== signer.address) throw rpcError(4100, `Unknown account ${p.pubkey}`)
  if (method === 'solana_signMessage')
    return { signature: base58.encode(signer.signMessage(base58.decode(String(p?.message ?? '')))) }
  const tx = base64.decode(String(p?.transaction ?? ''))
  // The current answer carries the signed transaction (older wallets answered only the signature).
  if (method === 'solana_signTransaction') return { transaction: base64.encode(signer.signTransaction(tx)) }
  if (method === 'solana_signAndSendTransaction')
    return { signature: base58.encode(await signer.signAndSendTransaction(tx)) }
  throw rpcError(4200, `Unsupported method ${method}`)
}

/** Answers a bip122 request. */
export async function answerBitcoin(signer: BitcoinSigner, method: string, p: any): Promise<unknown> {
  if (method === 'getAccountAddresses')
    return [
      { address: signer.payment.address, publicKey: signer.payment.publicKey, intention: 'payment' },
      { address: signer.ordinals.address, publicKey: signer.ordinals.publicKey, intention: 'ordinal' },
    ]
  if (p?.account && p.account !== signer.payment.address) throw rpcError(4100, `Unknown account ${p.account}`)
  if (method === 'signMessage') {
    if (p?.protocol && String(p.protocol).toLowerCase() !== 'ecdsa')
      throw rpcError(-32602, 'This test wallet signs ECDSA (BIP-137) messages only')
    if (p?.address && p.address !== signer.payment.address)
      throw rpcError(-32602, 'This test wallet signs with its payment address only')
    const signed = signer.signMessage(String(p?.message ?? ''))
    return {
      address: signed.address,
      signature: hex.encode(base64.decode(signed.signature)),
      messageHash: signed.messageHash,
    }
  }
  if (method === 'signPsbt') {
    if (p?.broadcast) throw rpcError(4200, 'This test wallet has no Bitcoin network to broadcast to')
    return { psbt: signer.signPsbt(String(p?.psbt ?? ''), Array.isArray(p?.signInputs) ? p.signInputs : []) }
  }
  throw rpcError(4200, `Unsupported method ${method}`)
}
