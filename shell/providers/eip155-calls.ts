// EIP-1193 transaction and EIP-5792 call shapes ↔ the kernel's wallet request inputs (decimal strings).
import type { CallsRequest, EvmTransactionRequest } from '../../kernel/index.js'
import { ProviderRpcError } from './events.js'

const decimal = (v: unknown) => (v === undefined || v === null ? undefined : BigInt(v as string).toString())

/** An `eth_sendTransaction` parameter (0x-quantities) as a `wallet/sendTransaction` input. */
export function toTransaction(tx: Record<string, unknown> | undefined): EvmTransactionRequest {
  if (!tx || typeof tx.to !== 'string') throw new ProviderRpcError(-32602, 'eth_sendTransaction needs a `to` address')
  const value = decimal(tx.value)
  const gas = decimal(tx.gas)
  return {
    to: tx.to,
    ...(value ? { value } : {}),
    ...(typeof tx.data === 'string' && tx.data !== '0x' ? { data: tx.data } : {}),
    ...(gas ? { gas } : {}),
  }
}

/** A `wallet_sendCalls` parameter as a `wallet/sendCalls` input, with the chain it names. */
export function toCalls(p: Record<string, any> | undefined): { request: CallsRequest; chainId?: number } {
  if (!p || !Array.isArray(p.calls)) throw new ProviderRpcError(-32602, 'wallet_sendCalls needs `calls`')
  return {
    request: {
      calls: p.calls.map((c: Record<string, unknown>) => toTransaction(c)),
      ...(p.atomicRequired ? { atomicRequired: true } : {}),
    },
    ...(p.chainId ? { chainId: Number(p.chainId) } : {}),
  }
}

type Read = (method: string, params: unknown[]) => Promise<unknown>

/** EIP-5792 `wallet_getCallsStatus` from the sent hashes' receipts (100 pending, 200 confirmed, 500 reverted). */
export async function callsStatus(
  sent: { id: string; hashes: string[]; atomic: boolean; chainId: number },
  read: Read,
): Promise<unknown> {
  const receipts = (await Promise.all(sent.hashes.map((h) => read('eth_getTransactionReceipt', [h])))) as Array<Record<
    string,
    unknown
  > | null>
  const done = sent.hashes.length > 0 && receipts.every(Boolean)
  const failed = receipts.some((r) => r && r.status !== '0x1')
  return {
    version: '2.0.0',
    id: sent.id,
    chainId: `0x${sent.chainId.toString(16)}`,
    atomic: sent.atomic,
    status: !done ? 100 : failed ? 500 : 200,
    receipts: done
      ? receipts.map((r) => ({
          logs: r!.logs,
          status: r!.status,
          blockHash: r!.blockHash,
          blockNumber: r!.blockNumber,
          gasUsed: r!.gasUsed,
          transactionHash: r!.transactionHash,
        }))
      : undefined,
  }
}
