// Reading eth_sendTransaction and wallet_sendCalls params (0x-hex quantities, WalletConnect's shapes) into calls.
import { hexToBigInt, isAddress, isHex, type Address, type Hex } from 'viem'
import { WalletError } from './errors.js'

/** One call, as the wallet sends it. */
export interface EvmCall {
  to: Address
  value: bigint
  data: Hex
  gas?: bigint
}

const bad = (why: string) => new WalletError(400, 'invalid_params', why)

function quantity(v: unknown, field: string): bigint | undefined {
  if (v === undefined || v === null) return undefined
  if (typeof v !== 'string' || !isHex(v) || v.length > 66) throw bad(`${field} must be a 0x-hex quantity`)
  return hexToBigInt(v)
}

function call(raw: unknown): EvmCall {
  const c = raw as { to?: unknown; value?: unknown; data?: unknown; gas?: unknown }
  if (typeof c !== 'object' || c === null) throw bad('A call must be an object')
  if (typeof c.to !== 'string' || !isAddress(c.to, { strict: false })) throw bad('A call needs a `to` address')
  if (c.data !== undefined && (typeof c.data !== 'string' || !isHex(c.data))) throw bad('data must be 0x-hex')
  return {
    to: c.to as Address,
    value: quantity(c.value, 'value') ?? 0n,
    data: (c.data as Hex | undefined) ?? '0x',
    gas: quantity(c.gas, 'gas'),
  }
}

/** The sender (if named), the calls and whether they must run atomically. */
export function evmCalls(method: string, params: unknown[]): { from?: unknown; calls: EvmCall[]; atomic: boolean } {
  const [first] = params as Array<{ from?: unknown; calls?: unknown; atomicRequired?: unknown } | undefined>
  if (typeof first !== 'object' || first === null) throw bad(`${method} needs a request object`)
  if (method === 'eth_sendTransaction') return { from: first.from, calls: [call(first)], atomic: false }
  if (!Array.isArray(first.calls) || first.calls.length === 0 || first.calls.length > 100)
    throw bad('wallet_sendCalls needs 1 to 100 calls')
  return { from: first.from, calls: first.calls.map(call), atomic: first.atomicRequired === true }
}
