// EIP-5792 for every EVM transport: capabilities, and calls sent as one batch when the wallet implements
// `wallet_sendCalls`, else one `eth_sendTransaction` after another (each mined before the next, since later calls often
// depend on earlier ones, e.g. approve then swap). The result says which way they went.
import {
  FoyerError,
  referenceOf,
  type CallsRequest,
  type Clock,
  type SentCalls,
  type TransactionReceiptSummary,
  type WalletCapabilities,
} from '../../../kernel/index.js'
import { quantity } from './abi.js'
import type { WalletSession } from './session.js'
import { isUnsupportedMethod } from '../wallet-errors.js'
import { sendTransaction } from './evm.requests.js'

/** How often and how long a batch's status is polled. */
export const CallsStatusPollMs = 500
/** How long `wallet/sendCalls` waits for a batch's receipts before answering without hashes. */
export const CallsStatusTimeoutMs = 60_000

/** EIP-5792 error code: the wallet cannot execute the calls atomically. */
export const AtomicityNotSupported = 5760

const chainHex = (caipNetworkId: string) => `0x${Number(referenceOf(caipNetworkId)).toString(16)}`

/** The wallet's EIP-5792 capabilities on `caipNetworkId` (`supported: false` when it lacks wallet_getCapabilities). */
export async function getCapabilities(s: WalletSession, caipNetworkId = s.caipNetworkId): Promise<WalletCapabilities> {
  const chain = chainHex(caipNetworkId)
  let raw: Record<string, Record<string, unknown> | undefined>
  try {
    raw = (await s.call<typeof raw>('wallet_getCapabilities', [s.address, [chain]])) ?? {}
  } catch (error) {
    if (isUnsupportedMethod(error)) return { supported: false, caipNetworkId, atomic: 'unsupported', raw: {} }
    throw error
  }
  // "0x0" holds what applies to every chain; the chain's own entry refines it.
  const caps = { ...raw['0x0'], ...raw[chain] }
  const atomic = (caps.atomic as { status?: unknown } | undefined)?.status
  const legacy = (caps.atomicBatch as { supported?: unknown } | undefined)?.supported === true
  return {
    supported: true,
    caipNetworkId,
    atomic: atomic === 'supported' || atomic === 'ready' ? atomic : legacy ? 'supported' : 'unsupported',
    raw: caps,
  }
}

interface CallsStatus {
  status?: number | string
  receipts?: Array<{ transactionHash?: string }>
}

/**
 * Sends `input.calls` as one batch or one by one (see the file comment); `mined` waits for one transaction. When the
 * wallet reports ERC-7677 `paymasterService` on the chain, `paymasterUrl` is asked for the project's paymaster URL
 * there (undefined when the project sponsors no gas on it) and the batch carries it.
 */
export async function sendCalls(
  s: WalletSession,
  input: CallsRequest,
  clock: Clock,
  mined: (hash: string) => Promise<TransactionReceiptSummary>,
  paymasterUrl?: (caipNetworkId: string) => Promise<string | undefined>,
): Promise<SentCalls> {
  if (!input.calls?.length) throw new FoyerError('No calls to send', { code: 'NO_CALLS', category: 'WALLET' })
  const caps = await getCapabilities(s)
  if (input.atomicRequired && caps.atomic === 'unsupported')
    throw new FoyerError('The wallet cannot send these calls atomically', {
      code: AtomicityNotSupported,
      category: 'WALLET',
    })
  if (!caps.supported) {
    const hashes: string[] = []
    for (const [i, call] of input.calls.entries()) {
      const { hash } = await sendTransaction(s, call)
      hashes.push(hash)
      if ((await mined(hash)).status !== 'success')
        throw new FoyerError(`Call ${i + 1} of ${input.calls.length} reverted (${hash})`, {
          code: 'CALL_REVERTED',
          category: 'WALLET',
        })
    }
    return { mode: 'sequential', caipNetworkId: s.caipNetworkId, hashes }
  }
  const paymaster =
    (caps.raw.paymasterService as { supported?: unknown } | undefined)?.supported === true
      ? await paymasterUrl?.(s.caipNetworkId)
      : undefined
  const sent = await s.call<{ id?: unknown } | string>('wallet_sendCalls', [
    {
      version: '2.0.0',
      chainId: chainHex(s.caipNetworkId),
      from: s.address,
      atomicRequired: !!input.atomicRequired,
      calls: input.calls.map((c) => ({
        to: c.to,
        ...(c.value !== undefined ? { value: quantity(c.value, 'value') } : {}),
        ...(c.data ? { data: c.data } : {}),
      })),
      ...(paymaster ? { capabilities: { paymasterService: { url: paymaster } } } : {}),
    },
  ])
  const id = typeof sent === 'string' ? sent : typeof sent?.id === 'string' ? sent.id : undefined
  if (!id) throw new FoyerError('The wallet returned no batch id', { code: 'NO_BATCH_ID', category: 'WALLET' })
  return { mode: 'batch', caipNetworkId: s.caipNetworkId, id, hashes: await batchHashes(s, id, clock) }
}

// EIP-5792 v2 status codes: 1xx pending, 2xx confirmed, 4xx/5xx/6xx failed (v1 wallets say PENDING / CONFIRMED).
async function batchHashes(s: WalletSession, id: string, clock: Clock): Promise<string[]> {
  const deadline = clock.now() + CallsStatusTimeoutMs
  for (;;) {
    const r = await s.call<CallsStatus>('wallet_getCallsStatus', [id]).catch((error: unknown) => {
      if (isUnsupportedMethod(error)) return undefined
      throw error
    })
    if (!r) return []
    const code = typeof r.status === 'number' ? r.status : r.status === 'CONFIRMED' ? 200 : 100
    if (code >= 200 && code < 300)
      return (r.receipts ?? []).map((x) => x.transactionHash).filter((h): h is string => typeof h === 'string')
    if (code >= 400) throw new FoyerError(`The batch failed (status ${code})`, { code, category: 'WALLET' })
    if (clock.now() >= deadline) return []
    await new Promise<void>((resolve) => clock.setTimeout(resolve, CallsStatusPollMs))
  }
}
