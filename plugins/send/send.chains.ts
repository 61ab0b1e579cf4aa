// The transfers send makes go through the kernel's wallet requests: `wallet/estimateTransfer` prices one and
// `wallet/transfer` sends it (the namespaces plugin builds them, EVM and Solana, native and tokens). What stays here is
// send's own wait until the transfer is settled: an EVM receipt (`chain/waitForTransaction`), or a Solana signature's
// status polled through `chain/read`.
import { FoyerError, type HandlerContext } from '../../kernel/index.js'

/** One transfer: `token` is the CAIP-10 id from the portfolio (`<CAIP-2>:native` for the native token). */
export interface Transfer {
  caipNetworkId: string
  token: string
  native: boolean
  decimals: number
  to: string
  amount: bigint
}

const failed = (message: string) => new FoyerError(message, { code: 'SEND_FAILED', category: 'WALLET' })

/** `t` as the wallet requests take it: base units as a decimal string, a token by its address or mint alone. */
const request = (t: Transfer) => ({
  caipNetworkId: t.caipNetworkId,
  to: t.to,
  amount: t.amount.toString(),
  ...(t.native ? {} : { token: t.token.split(':').pop()!, decimals: t.decimals }),
})

/** The estimated network fee of `t`, in base units of the native token. */
export async function estimateFee(ctx: HandlerContext, t: Transfer): Promise<bigint> {
  return BigInt((await ctx.request('wallet/estimateTransfer', request(t))).fee)
}

/** Sends `t` through the wallet and waits until it is settled; resolves the hash (EVM) or signature (Solana). */
export async function sendTransfer(ctx: HandlerContext, t: Transfer): Promise<string> {
  const { caipNetworkId } = t
  const { hash } = await ctx.request('wallet/transfer', request(t))
  if (caipNetworkId.startsWith('solana:')) {
    await solanaSettled(ctx, caipNetworkId, hash)
    return hash
  }
  const receipt = await ctx.request('chain/waitForTransaction', { caipNetworkId, hash })
  if (receipt.status !== 'success') throw failed(`The transaction ${hash} reverted`)
  return hash
}

/** How often and how long a Solana signature's status is polled. */
export const SolanaPoll = { everyMs: 500, timeoutMs: 60_000 } as const

async function solanaSettled(ctx: HandlerContext, caipNetworkId: string, signature: string): Promise<void> {
  for (let waited = 0; waited <= SolanaPoll.timeoutMs; waited += SolanaPoll.everyMs) {
    const { value } = (await ctx.request('chain/read', {
      caipNetworkId,
      method: 'getSignatureStatuses',
      params: [[signature], { searchTransactionHistory: true }],
    })) as { value: Array<{ err: unknown; confirmationStatus?: string } | null> }
    const status = value[0]
    if (status?.err) throw failed(`The transaction ${signature} failed`)
    if (status && status.confirmationStatus !== 'processed') return
    await new Promise<void>((resolve) => ctx.clock.setTimeout(() => resolve(), SolanaPoll.everyMs))
  }
  throw failed(`The transaction ${signature} was not confirmed within ${SolanaPoll.timeoutMs / 1000} s`)
}
