// What the swap plugin reads from the project's server (/v1/convert/…), checked on the way in: server data is untrusted.
import { safeImageUrl, type EvmTransactionRequest, type HandlerContext } from '../../kernel/index.js'
import type { SwapToken } from './swap.state.js'

/** AppKit's `open({ view: 'Swap', arguments })`: tokens by symbol or address, and an amount to sell. */
export interface SwapArguments {
  fromToken?: string
  toToken?: string
  /** A decimal string in the from-token's units, e.g. "0.1". */
  amount?: string
}

/** The address part of a CAIP-10 id (`eip155:1:0xabc…` → `0xabc…`). */
export function accountAddress(caip10: string): string {
  return caip10.slice(caip10.lastIndexOf(':') + 1)
}

/** Keeps the well-formed tokens of a /v1/convert/tokens answer. */
export function sanitizeTokens(res: unknown): SwapToken[] {
  const list = (res as { tokens?: unknown } | null)?.tokens
  if (!Array.isArray(list)) return []
  const out: SwapToken[] = []
  for (const t of list as Array<Record<string, unknown>>) {
    if (!t || typeof t.symbol !== 'string' || typeof t.address !== 'string') continue
    if (!/^eip155:\d+:0x[0-9a-fA-F]{40}$/.test(t.address)) continue
    if (typeof t.decimals !== 'number' || !Number.isInteger(t.decimals) || t.decimals < 0 || t.decimals > 77) continue
    out.push({
      symbol: t.symbol.slice(0, 20),
      name: typeof t.name === 'string' ? t.name.slice(0, 60) : t.symbol,
      address: t.address,
      decimals: t.decimals,
      logoUri: safeImageUrl(t.logoUri) ?? '',
      suggested: t.suggested === true,
    })
  }
  return out
}

/** A transaction the server built, as the wallet requests take it. */
function transaction(res: unknown): EvmTransactionRequest {
  const tx = (res as { tx?: Record<string, unknown> } | null)?.tx
  const hex = (v: unknown) => typeof v === 'string' && /^0x[0-9a-fA-F]*$/.test(v)
  const units = (v: unknown) => typeof v === 'string' && /^\d+$/.test(v)
  if (!tx || !hex(tx.to) || !hex(tx.data) || !units(tx.value)) throw new Error('The server built no valid transaction')
  return {
    to: tx.to as string,
    data: tx.data as string,
    value: tx.value as string,
    ...(units(tx.gas) ? { gas: tx.gas as string } : {}),
  }
}

/** The approve(router, amount) transaction for the token to sell. */
export async function buildApprove(
  ctx: HandlerContext,
  q: { chainId: string; token: string; user: string; amount: string },
): Promise<EvmTransactionRequest> {
  const params = { chainId: q.chainId, tokenAddress: q.token, userAddress: q.user, amount: q.amount }
  return transaction(await ctx.http.get({ path: 'v1/convert/build-approve', params }))
}

/** The router swap bounded by the quoted amounts (±1 %). */
export async function buildSwap(
  ctx: HandlerContext,
  body: {
    chainId: string
    userAddress: string
    from: string
    to: string
    kind: string
    fromAmount: string
    toAmount: string
  },
): Promise<EvmTransactionRequest> {
  return transaction(await ctx.http.post({ path: 'v1/convert/build-transaction', body }))
}
