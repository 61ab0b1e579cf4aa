// The host's payment request checked before anything opens: a clear error for anything malformed, amounts as decimal
// strings turned into base units in bigint (never floats).
import {
  DecimalPattern,
  namespaceOf,
  parseBaseUnits,
  PaymentError,
  type NetworkInfo,
  type PaymentRequest,
} from '../../kernel/index.js'

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

const bad = (what: string, got: unknown) =>
  new PaymentError('INVALID_PAYMENT', `Invalid payment: ${what}, got ${JSON.stringify(got)}`)

/** The payment as plain data, or a PaymentError naming the field at fault. */
export function checkPayment(input: unknown, networks: readonly NetworkInfo[]): PaymentRequest {
  const p = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>
  const network = networks.find((n) => n.caipNetworkId === p.network)
  if (!network) throw bad('network must be the CAIP-2 id of a configured network', p.network)
  const ns = namespaceOf(network.caipNetworkId)
  if (ns !== 'eip155' && ns !== 'solana') throw bad('network must be an EVM or Solana network', p.network)
  const address = ns === 'eip155' ? EVM_ADDRESS : BASE58
  if (typeof p.recipient !== 'string' || !address.test(p.recipient))
    throw bad(`recipient must be an address on ${network.name}`, p.recipient)
  if (typeof p.asset !== 'string' || (p.asset !== 'native' && !address.test(p.asset)))
    throw bad("asset must be 'native' or a token address", p.asset)
  if (typeof p.amount !== 'string' || !DecimalPattern.test(p.amount) || !(parseBaseUnits(p.amount, 255)! > 0n))
    throw bad('amount must be a decimal string above zero (e.g. "3")', p.amount)
  return { recipient: p.recipient, asset: p.asset, amount: p.amount, network: network.caipNetworkId }
}
