// Loads the active account's transactions from the API (EVM only, SPEC §9) with cursor paging: the first page is
// kept 15 s (SPEC §9 history cache), later pages follow the server's cursor. Malformed items are dropped; a failure
// shows "Failed to fetch transactions" and an empty list (SPEC §8).
import {
  activeCaipAddress,
  CacheLifetimes,
  createTtlCache,
  parseCaipAddress,
  StorageKeys,
  type HandlerContext,
} from '../../kernel/index.js'
import { toActivityItem, type ActivityItem } from './activity.rules.js'
import type { ActivityKey } from './activity.state.js'

/** The snackbar text of a failed lookup (SPEC §8). */
export const FailedToFetchTransactions = 'Failed to fetch transactions'

type Page = { items: ActivityItem[]; next: string | null }
type Target = ActivityKey & { address: string }

function target(ctx: HandlerContext): Target | undefined {
  const caipAddress = activeCaipAddress(ctx.getState())
  const account = parseCaipAddress(caipAddress)
  if (!caipAddress || account?.namespace !== 'eip155') return undefined
  return { caipAddress, caipNetworkId: account.caipNetworkId, address: account.address }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The well-formed items and the next cursor of an API answer. */
export function toPage(body: unknown): Page {
  const data = isRecord(body) && Array.isArray(body.data) ? body.data : []
  const next = isRecord(body) && typeof body.next === 'string' && body.next ? body.next : null
  return { items: data.flatMap((v) => toActivityItem(v) ?? []), next }
}

async function load(ctx: HandlerContext, t: Target, cursor: string | null): Promise<void> {
  const key = { caipAddress: t.caipAddress, caipNetworkId: t.caipNetworkId }
  const more = cursor !== null
  const cache = createTtlCache<Page>(ctx.storage, StorageKeys.transactionsCache, CacheLifetimes.transactions, ctx.clock)
  const cacheKey = `${t.caipNetworkId}:${t.address.toLowerCase()}`
  const cached = more ? undefined : cache.get(cacheKey)
  if (cached) return void ctx.emit('activity/loaded', { ...key, ...cached, more })
  ctx.emit('activity/requested', { ...key, more })
  try {
    const body = await ctx.http.get<unknown>({
      path: `v1/transactions/${encodeURIComponent(t.address)}`,
      params: { chainId: t.caipNetworkId, ...(cursor ? { cursor } : {}) },
    })
    const page = toPage(body)
    if (!more) cache.set(cacheKey, page)
    // the account may have moved on while the request was in flight
    if (activeCaipAddress(ctx.getState()) === t.caipAddress) ctx.emit('activity/loaded', { ...key, ...page, more })
  } catch (err) {
    ctx.emit('activity/failed', { ...key, message: err instanceof Error ? err.message : String(err) })
    await ctx.request('snackbar/show', { variant: 'error', message: FailedToFetchTransactions })
  }
}

/** Handles `activity/fetch`: the first page. */
export async function fetchActivity(_input: void, ctx: HandlerContext): Promise<void> {
  const t = target(ctx)
  if (t) await load(ctx, t, null)
}

/** Handles `activity/fetchMore`: the next page of the list on screen, if any and none is loading. */
export async function fetchMoreActivity(_input: void, ctx: HandlerContext): Promise<void> {
  const t = target(ctx)
  const s = ctx.getState().activity
  if (!t || !s || s.caipAddress !== t.caipAddress || s.caipNetworkId !== t.caipNetworkId) return
  if (s.next && !s.loadingMore) await load(ctx, t, s.next)
}
