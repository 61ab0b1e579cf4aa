// Paying on Solana through the kernel's requests only: the mint's decimals read from the chain (the checkout shows
// them), and a signature followed until it is confirmed. The payment itself is a `wallet/transfer`.
import { PaymentError, type HandlerContext } from '../../kernel/index.js'

/** How often a Solana signature's status is asked for. */
export const SignaturePollMs = 250
const ConfirmMs = 120_000

const rpc = <T>(ctx: HandlerContext, caipNetworkId: string, method: string, params: unknown[]) =>
  ctx.request('chain/read', { caipNetworkId, method, params }) as Promise<T>

/** The decimals of an SPL mint on `caipNetworkId`; a clear error when the address is not a token mint there. */
export async function mintDecimals(ctx: HandlerContext, caipNetworkId: string, mint: string): Promise<number> {
  const supply = await rpc<{ value?: { decimals?: unknown } }>(ctx, caipNetworkId, 'getTokenSupply', [mint]).catch(
    () => undefined,
  )
  const decimals = supply?.value?.decimals
  if (typeof decimals !== 'number')
    throw new PaymentError('INVALID_PAYMENT', `Invalid payment: asset ${mint} is not a token on this network`)
  return decimals
}

/** Follows a signature until it is confirmed: null, or the reason it failed or was not confirmed in time. */
export async function solanaConfirmed(
  ctx: HandlerContext,
  caipNetworkId: string,
  signature: string,
  sleep: (ms: number) => Promise<void>,
): Promise<string | null> {
  for (let until = ctx.clock.now() + ConfirmMs; ctx.clock.now() < until && !ctx.signal.aborted;) {
    const r = await rpc<{ value?: Array<{ err?: unknown; confirmationStatus?: string } | null> }>(
      ctx,
      caipNetworkId,
      'getSignatureStatuses',
      [[signature], { searchTransactionHistory: true }],
    )
    const status = r?.value?.[0]
    if (status?.err) return `The transaction failed: ${JSON.stringify(status.err)}`
    if (status && ['confirmed', 'finalized'].includes(status.confirmationStatus ?? '')) return null
    await sleep(SignaturePollMs)
  }
  return 'The transaction was not confirmed in time'
}
