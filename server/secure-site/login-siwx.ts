// One-step sign-in (SPEC §7 auth connect `siwxMessage`): a login that carries the fields of the host's sign-in message
// comes back with that message signed by the account it logged into, so an email or social visitor is not asked to
// sign a second time. The wallet signs here without an approval, so it signs only a sign-in for the very page asking
// (domain and URI of the frame's verified host origin): a page cannot have it sign in to another site.
import { formatSiwxMessage, SiwxMessageError, type SiwxMessageData } from '../../protocol/siwx/message.js'
import type { EmbeddedUser } from '../../protocol/frame/messages.js'
import { logLine } from '../observe/log.js'
import { WalletError } from './errors.js'
import type { WalletUser } from './users.js'
import type { Wallet } from './wallet.js'

/** The message fields a login may carry: everything but the account address, which the login decides. */
export type LoginSiwxFields = Omit<SiwxMessageData, 'accountAddress'>

/** The signed sign-in a login answers with. */
export interface LoginSiwx {
  message: string
  signature: string
}

const Fields = [
  'chainId',
  'domain',
  'uri',
  'version',
  'nonce',
  'statement',
  'resources',
  'requestId',
  'issuedAt',
  'expirationTime',
  'notBefore',
  'scheme',
]
const refuse = (message: string) => new WalletError(400, 'invalid_siwx_message', message)

/**
 * Checks a login's `siwxMessage` (undefined when the login has none) against the page asking and the login's network;
 * throws 400 naming what is wrong, before anything of the login is spent.
 */
export function loginSiwxFields(raw: unknown, hostOrigin: string, caipNetworkId: string): LoginSiwxFields | undefined {
  if (raw === undefined) return undefined
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw refuse('siwxMessage must be an object')
  const extra = Object.keys(raw).find((k) => !Fields.includes(k))
  if (extra) throw refuse(`siwxMessage has an unknown field "${extra.slice(0, 32)}"`)
  const fields = raw as LoginSiwxFields
  if (fields.chainId !== caipNetworkId) throw refuse(`siwxMessage.chainId must be the login's network ${caipNetworkId}`)
  const host = new URL(hostOrigin)
  if (fields.domain !== host.host) throw refuse(`siwxMessage.domain must be this page's ${host.host}`)
  let uriOrigin: string | undefined
  try {
    uriOrigin = typeof fields.uri === 'string' ? new URL(fields.uri).origin : undefined
  } catch {
    uriOrigin = undefined
  }
  if (uriOrigin !== host.origin) throw refuse(`siwxMessage.uri must be on this page's origin ${host.origin}`)
  try {
    // the text is checked with a placeholder account; the real one is known once the login is done
    formatSiwxMessage({ ...fields, accountAddress: placeholder(caipNetworkId) })
  } catch (e) {
    if (e instanceof SiwxMessageError) throw refuse(`siwxMessage: ${e.message}`)
    throw e
  }
  return fields
}

const placeholder = (chainId: string) =>
  chainId.startsWith('solana:') ? '11111111111111111111111111111111' : '0x0000000000000000000000000000000000000000'

/**
 * Signs the sign-in for the account `view` answers with, through the wallet's own signing (so each account type signs
 * as it signs anything). Undefined when the account cannot sign it: the page then asks the visitor as before.
 */
export async function signLoginSiwx(
  wallet: Wallet,
  user: WalletUser,
  view: EmbeddedUser,
  fields: LoginSiwxFields | undefined,
): Promise<LoginSiwx | undefined> {
  if (!fields || !view.caipNetworkId.startsWith('eip155:')) return undefined
  const message = formatSiwxMessage({ ...fields, accountAddress: view.address })
  try {
    const signature = await wallet.rpc(user, {
      namespace: 'eip155',
      caipNetworkId: view.caipNetworkId,
      method: 'personal_sign',
      params: [message, view.address],
    })
    return typeof signature === 'string' ? { message, signature } : undefined
  } catch (e) {
    logLine('warn', 'secure-site', 'login_siwx_unsigned', {
      accountType: view.accountType,
      reason: e instanceof WalletError ? e.code : 'error',
    })
    return undefined
  }
}
