// The EVM wallet requests in WalletConnect's eip155 vocabulary (the EIP-1193 method names), written once for injected
// wallets, WalletConnect sessions and bridged connections. viem is imported only to encode a contract call.
import {
  FoyerError,
  isEvmAddress,
  type ContractWrite,
  type EvmTransactionRequest,
  type GasEstimate,
  type SentTransaction,
  type TypedDataRequest,
} from '../../../kernel/index.js'
import type { PublicClient } from 'viem'
import { coerceArgs, findFunction, quantity } from './abi.js'
import type { WalletSession } from './session.js'

const invalid = (message: string) => new FoyerError(message, { code: 'INVALID_TRANSACTION', category: 'WALLET' })
const isHex = (v: unknown): v is string => typeof v === 'string' && /^0x([0-9a-fA-F]{2})*$/.test(v)

/** The `eth_sendTransaction` object for `tx` from `from` (amounts as JSON-RPC hex quantities). */
export function transactionParams(from: string, tx: EvmTransactionRequest): Record<string, string> {
  if (!isEvmAddress(tx.to)) throw invalid(`Invalid recipient address: ${JSON.stringify(tx.to)}`)
  if (tx.data !== undefined && !isHex(tx.data)) throw invalid('Call data must be 0x-prefixed hex')
  return {
    from,
    to: tx.to,
    ...(tx.value !== undefined ? { value: quantity(tx.value, 'value') } : {}),
    ...(tx.data ? { data: tx.data } : {}),
    ...(tx.gas !== undefined ? { gas: quantity(tx.gas, 'gas') } : {}),
  }
}

/** Sends `tx` from the session's account; resolves with the hash once the wallet has broadcast it. */
export async function sendTransaction(s: WalletSession, tx: EvmTransactionRequest): Promise<SentTransaction> {
  const hash = await s.call<unknown>('eth_sendTransaction', [transactionParams(s.address, tx)])
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
    throw new FoyerError('The wallet returned no transaction hash', { code: 'NO_TRANSACTION_HASH', category: 'WALLET' })
  return { hash, caipNetworkId: s.caipNetworkId }
}

/** The call data of a contract write (ERC-20 `transfer`, `approve`, …), amounts given as decimal strings. */
export async function encodeWrite(input: Pick<ContractWrite, 'abi' | 'functionName' | 'args'>): Promise<string> {
  const args = input.args ?? []
  const fn = findFunction(input.abi, input.functionName, args)
  const { encodeFunctionData } = await import('viem')
  return encodeFunctionData({ abi: [fn], functionName: fn.name, args: coerceArgs(fn, args) } as never)
}

/** Encodes and sends a contract write. */
export async function writeContract(s: WalletSession, input: ContractWrite): Promise<SentTransaction> {
  return sendTransaction(s, { to: input.address, data: await encodeWrite(input), value: input.value })
}

// EIP-712's domain fields in their canonical order, for wallets that expect `EIP712Domain` among the types.
const DomainFields: ReadonlyArray<[string, string]> = [
  ['name', 'string'],
  ['version', 'string'],
  ['chainId', 'uint256'],
  ['verifyingContract', 'address'],
  ['salt', 'bytes32'],
]

/** `typedData` with an `EIP712Domain` type derived from its domain when the caller left it out. */
export function withDomainType(typedData: TypedDataRequest['typedData']): TypedDataRequest['typedData'] {
  if (typedData.types.EIP712Domain) return typedData
  const fields = DomainFields.filter(([name]) => typedData.domain[name] !== undefined)
  return { ...typedData, types: { EIP712Domain: fields.map(([name, type]) => ({ name, type })), ...typedData.types } }
}

const signature = (value: unknown): string => {
  if (typeof value !== 'string' || !value)
    throw FoyerError.of('signMessageFailed', { reason: 'the wallet returned no signature', category: 'WALLET' })
  return value
}

/** Signs EIP-712 typed data (`eth_signTypedData_v4`, address first, the data as JSON). */
export async function signTypedData(s: WalletSession, input: TypedDataRequest): Promise<string> {
  return signature(await s.call('eth_signTypedData_v4', [s.address, JSON.stringify(withDomainType(input.typedData))]))
}

// personal_sign takes the message as hex of its UTF-8 bytes, so non-ASCII text signs the same in every wallet.
const utf8Hex = (message: string) =>
  `0x${Array.from(new TextEncoder().encode(message), (b) => b.toString(16).padStart(2, '0')).join('')}`

/** Signs a UTF-8 message (SPEC §7: personal_sign with message and address). */
export async function signMessage(s: WalletSession, message: string): Promise<string> {
  return signature(await s.call('personal_sign', [utf8Hex(message), s.address]))
}

/** Estimates gas for `tx` from the connected account on the chain's RPC, and the fee at the current fee per gas. */
export async function estimateGas(client: PublicClient, from: string, tx: EvmTransactionRequest): Promise<GasEstimate> {
  const params = transactionParams(from, tx)
  const gas = await client.estimateGas({
    account: from as `0x${string}`,
    to: params.to as `0x${string}`,
    ...(params.value ? { value: BigInt(params.value) } : {}),
    ...(params.data ? { data: params.data as `0x${string}` } : {}),
  })
  // EIP-1559 chains price by maxFeePerGas; older ones only have a gas price.
  const feePerGas = await client.estimateFeesPerGas().then(
    (f) => f.maxFeePerGas,
    () => client.getGasPrice(),
  )
  return { gas: gas.toString(), feePerGas: feePerGas.toString(), fee: (gas * feePerGas).toString() }
}
