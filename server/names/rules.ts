// Name rules (SPEC §5: at least 4 characters, letters/digits/hyphen, plus the configured suffix) and the checks of
// a registration request: a personal_sign signature by `address` over a fresh JSON message that carries everything
// stored (name, attributes, coin type, timestamp), so no part of a registration can be changed or added unsigned.
import { createHash } from 'node:crypto'
import type { Address, Hex } from 'viem'
import { parseEvmAddress } from '../api/chain-params.js'
import { ApiError, invalidField } from '../api/errors.js'
import { coinTypeToEvmChainId } from '../../protocol/coin-type.js'
import { clip } from '../api/params.js'
import { checkAttributes } from './attributes.js'
import { eoaVerifier, type SignatureVerifier } from './signature.js'

/** How old (or how far in the future) a signed registration message may be. */
export const MAX_MESSAGE_AGE_SECONDS = 10 * 60

const LABEL = /^[a-z0-9-]*$/
const MAX_LABEL = 63

/** Normalises "alice" or "Alice.foyer.id" to "alice.foyer.id"; throws 400 invalid_name for anything else. */
export function normalizeName(raw: unknown, suffix: string, field = 'name'): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw invalidField('invalid_name', field, 'a name is required')
  const lower = raw.trim().toLowerCase()
  const label = lower.endsWith(`.${suffix}`) ? lower.slice(0, -(suffix.length + 1)) : lower
  if (label.includes('.'))
    throw invalidField(
      'invalid_name',
      field,
      `"${clip(raw)}" must be a single label, optionally followed by .${suffix}`,
    )
  if (!LABEL.test(label))
    throw invalidField('invalid_name', field, `"${clip(raw)}" may only contain letters, digits and hyphens`)
  if (label.length < 4)
    throw invalidField('invalid_name', field, `"${clip(raw)}" is too short: a name has at least 4 characters`)
  if (label.length > MAX_LABEL) throw invalidField('invalid_name', field, `a name has at most ${MAX_LABEL} characters`)
  return `${label}.${suffix}`
}

/** Parses a coin type (number or decimal string) that must be an ENSIP-11 EVM coin type. */
export function parseCoinType(raw: unknown, field = 'coinType'): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN
  if (!Number.isInteger(n) || coinTypeToEvmChainId(n) === null) {
    throw invalidField(
      'invalid_coin_type',
      field,
      `${clip(String(raw))} is not an EVM coin type: expected 60 (Ethereum) or 0x80000000 | chainId (ENSIP-11)`,
    )
  }
  return n
}

/** A registration request that passed every check. */
export interface RegistrationRequest {
  name: string
  coinType: number
  address: Address
  attributes: Record<string, string>
  /** The signed message's timestamp (seconds): a later write of the name may not be signed earlier. */
  signedAt: number
  /** Identifies the signed message (signer and text), so it is accepted once. */
  digest: string
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

const MESSAGE_SHAPE = 'JSON { name, attributes, coinType, timestamp }'

function parseMessage(raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'string')
    throw invalidField('invalid_message', 'message', 'expected the signed message as a JSON string')
  let message: unknown
  try {
    message = JSON.parse(raw)
  } catch {
    throw invalidField('invalid_message', 'message', `the signed message is not ${MESSAGE_SHAPE}`)
  }
  if (!isRecord(message))
    throw invalidField('invalid_message', 'message', `the signed message must be ${MESSAGE_SHAPE}`)
  return message
}

/** Validates a POST /v1/names body and its signature; throws ApiError (400/403, 502 when a chain is down). */
export async function checkRegistration(
  body: unknown,
  suffix: string,
  nowSeconds: number,
  verify: SignatureVerifier = eoaVerifier,
): Promise<RegistrationRequest> {
  if (!isRecord(body))
    throw invalidField('invalid_body', 'body', 'expected a JSON object { coinType, address, signature, message }')
  const coinType = parseCoinType(body.coinType)
  const address = parseEvmAddress(typeof body.address === 'string' ? body.address : undefined)
  if (typeof body.signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(body.signature)) {
    throw invalidField('invalid_signature', 'signature', 'expected a 0x-prefixed hex signature')
  }
  const message = parseMessage(body.message)
  const name = normalizeName(message.name, suffix, 'message.name')
  const attributes = checkAttributes(message.attributes)
  if (message.coinType !== coinType)
    throw invalidField(
      'invalid_message',
      'message.coinType',
      `the signed message must carry the coinType it registers (${coinType}); sign a new message`,
    )
  const ts = message.timestamp
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts))
    throw invalidField('invalid_message', 'message.timestamp', 'expected a timestamp in whole seconds')
  if (Math.abs(nowSeconds - ts) > MAX_MESSAGE_AGE_SECONDS) {
    throw invalidField(
      'stale_message',
      'message.timestamp',
      `the message timestamp is more than ${MAX_MESSAGE_AGE_SECONDS / 60} minutes away from the server time; sign a new message`,
    )
  }
  const chainId = coinTypeToEvmChainId(coinType)!
  const valid = await verify({ address, message: body.message as string, signature: body.signature as Hex, chainId })
  if (!valid) {
    throw new ApiError(403, 'invalid_signature', 'The signature does not match the address', [
      { field: 'signature', description: `the signature was not made by ${address} over the given message` },
    ])
  }
  const digest = createHash('sha256')
    .update(`${address.toLowerCase()}\n${body.message as string}`)
    .digest('hex')
  return { name, coinType, address, attributes, signedAt: ts, digest }
}
