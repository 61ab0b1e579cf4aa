// The Bitcoin wallet requests in WalletConnect's bip122 vocabulary (signMessage, sendTransfer, signPsbt with an
// `account`), written once for WBIP004 wallets, WalletConnect sessions and bridged connections. No SDK needed.
import { FoyerError } from '../../../kernel/index.js'
import { decimal } from './abi.js'
import type { WalletSession } from './session.js'

const noAnswer = (what: string) =>
  new FoyerError(`The wallet returned no ${what}`, { code: 'NO_WALLET_ANSWER', category: 'WALLET' })

// WalletConnect wallets answer hex (as its bip122 reference says), sats-connect wallets base64; Foyer hands out base64,
// Bitcoin's usual text form. Base64 of a 65-byte (BIP-137) signature ends in '=', so it never reads as hex.
const hexToBase64 = (hex: string) => btoa(String.fromCharCode(...(hex.match(/../g) ?? []).map((b) => parseInt(b, 16))))

/** Signs a UTF-8 message with the payment address; the signature in base64 (the wallet's scheme, BIP-137 or -322). */
export async function signMessage(s: WalletSession, message: string): Promise<string> {
  const r = await s.call<{ signature?: unknown }>('signMessage', { account: s.address, address: s.address, message })
  if (typeof r?.signature !== 'string' || !r.signature) throw noAnswer('signature')
  return /^([0-9a-fA-F]{2})+$/.test(r.signature) ? hexToBase64(r.signature) : r.signature
}

/** Sends `amount` satoshis (a decimal string) to `recipient` from the payment account. */
export async function sendTransfer(s: WalletSession, input: { recipient: string; amount: string }): Promise<string> {
  const amount = decimal(input.amount, 'amount').toString()
  const r = await s.call<{ txid?: unknown }>('sendTransfer', {
    account: s.address,
    recipientAddress: input.recipient,
    amount,
  })
  if (typeof r?.txid !== 'string') throw noAnswer('transaction id')
  return r.txid
}

/** Signs a base64 PSBT; `signInputs` maps an address to the input indexes it signs. Broadcasts when asked. */
export async function signPsbt(
  s: WalletSession,
  input: { psbt: string; signInputs?: Record<string, number[]>; broadcast?: boolean },
): Promise<{ psbt: string; txid?: string }> {
  const signInputs = Object.entries(input.signInputs ?? {}).flatMap(([address, indexes]) =>
    indexes.map((index) => ({ address, index })),
  )
  const r = await s.call<{ psbt?: unknown; txid?: unknown }>('signPsbt', {
    account: s.address,
    psbt: input.psbt,
    signInputs,
    broadcast: !!input.broadcast,
  })
  if (typeof r?.psbt !== 'string') throw noAnswer('signed PSBT')
  return { psbt: r.psbt, ...(typeof r.txid === 'string' ? { txid: r.txid } : {}) }
}
