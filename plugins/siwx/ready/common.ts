// What the ready-made configs share: their options and how they build a message.
import type { SIWXMessage, SIWXMessageData } from '../../../kernel/index.js'
import { checksumAddress, formatSiwxMessage } from '../../../protocol/siwx/message.js'
import type { SiwxEnvironment } from './environment.js'

/** Options of the ready-made configs. */
export interface ReadySiwxOptions {
  /** Sign-in is required: the sign view cannot be closed and Cancel disconnects (default false). */
  required?: boolean
  /** The message's statement (default "Please sign with your account"). */
  statement?: string
  /** Messages expire this many seconds after they are made (default: no expiration time). */
  expiresInSeconds?: number
  /** Resources (URIs) listed in the message. */
  resources?: string[]
  /** Sign out (revoke the session) when the wallet disconnects (default true). */
  signOutOnDisconnect?: boolean
}

/** A message for the account, with `nonce`; its text is written when asked for (one-step wallets write their own). */
export function buildMessage(
  o: ReadySiwxOptions,
  env: SiwxEnvironment,
  input: { chainId: string; accountAddress: string; notBefore?: string },
  nonce: string,
): SIWXMessage {
  const now = env.now()
  const evm = input.chainId.startsWith('eip155:') && /^0x[0-9a-fA-F]{40}$/.test(input.accountAddress)
  const data: SIWXMessageData = {
    accountAddress: evm ? checksumAddress(input.accountAddress) : input.accountAddress,
    chainId: input.chainId,
    domain: env.domain,
    uri: env.uri,
    version: '1',
    nonce,
    issuedAt: new Date(now).toISOString(),
    statement: o.statement ?? 'Please sign with your account',
    ...(o.expiresInSeconds ? { expirationTime: new Date(now + o.expiresInSeconds * 1000).toISOString() } : {}),
    ...(input.notBefore ? { notBefore: input.notBefore } : {}),
    ...(o.resources?.length ? { resources: [...o.resources] } : {}),
  }
  return { ...data, toString: () => formatSiwxMessage(data) }
}
