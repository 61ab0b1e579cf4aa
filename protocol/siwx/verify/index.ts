// Verifies a sign-in for real (SPEC §3 session: data, message, signature): the text must parse and carry the session's
// account, chain, domain and nonce, be valid now, and its signature must be the account's, per namespace.
import type { Client } from 'viem'
import { dateTimeMs, parseSiwxMessage, SiwxMessageError, type SiwxMessageData } from '../message.js'
import { verifyBitcoinMessage } from './bitcoin.js'
import { verifyEvmMessage } from './evm.js'
import { verifySolanaMessage } from './solana.js'
import type { Verdict } from './verdict.js'

export type { Verdict } from './verdict.js'

/** A signed sign-in as the config's `addSession` receives it. */
export interface SignedSiwx {
  data: SiwxMessageData
  message: string
  signature: string
}

/** What a check may also require besides the signature. */
export interface VerifyOptions {
  /** Milliseconds since the epoch (the kernel clock or the server's). */
  now: number
  /** The domain the sign-in must be for (the page's host); unchecked when absent. */
  domain?: string
  /** A public client on the message's EVM chain, for smart accounts. */
  evmClient?(chainId: string): Client | undefined
}

const same = (ns: string, a: string, b: string) => (ns === 'eip155' ? a.toLowerCase() === b.toLowerCase() : a === b)

/** Checks `s` and answers why not when it fails. */
export async function verifySiwx(s: SignedSiwx, o: VerifyOptions): Promise<Verdict> {
  let m: SiwxMessageData
  try {
    m = parseSiwxMessage(s.message)
  } catch (e) {
    return { ok: false, reason: e instanceof SiwxMessageError ? e.message : 'the message cannot be read' }
  }
  const ns = m.chainId.split(':')[0]
  const d = s.data ?? ({} as SiwxMessageData)
  if (!d.accountAddress || !same(ns, m.accountAddress, d.accountAddress))
    return { ok: false, reason: `the message was signed for another address (${m.accountAddress})` }
  if (m.chainId !== d.chainId) return { ok: false, reason: `the message was signed for another chain (${m.chainId})` }
  if (m.nonce !== d.nonce) return { ok: false, reason: 'the message carries another nonce' }
  if (m.domain !== d.domain || (o.domain !== undefined && m.domain !== o.domain))
    return { ok: false, reason: `the message was signed for another domain (${m.domain})` }
  // The parser refused dates off the calendar; a NaN here would mean "never expires", so compare the checked time.
  if (m.expirationTime && !(dateTimeMs(m.expirationTime) > o.now))
    return { ok: false, reason: `the message expired at ${m.expirationTime}` }
  if (m.notBefore && !(dateTimeMs(m.notBefore) <= o.now))
    return { ok: false, reason: `the message is not valid before ${m.notBefore}` }
  if (typeof s.signature !== 'string' || !s.signature) return { ok: false, reason: 'the signature is missing' }
  if (ns === 'eip155') return verifyEvmMessage(m.accountAddress, s.message, s.signature, o.evmClient?.(m.chainId))
  if (ns === 'solana') return verifySolanaMessage(m.accountAddress, s.message, s.signature)
  return verifyBitcoinMessage(m.accountAddress, s.message, s.signature)
}
