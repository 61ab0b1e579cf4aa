// Fetching registry pages from the API through the kernel's HTTP client (protocol/registry/wallets.ts: the query and the
// sanitizer the Connect list uses too).
import { visitorMessage, type HandlerContext } from '../../kernel/index.js'
import { fetchWallets, type WalletFilters } from '../../protocol/registry/wallets.js'
import { WalletsPageSize, walletsOf } from './wallets.state.js'

declare module '../../kernel/index.js' {
  interface RequestMap {
    /** Loads a registry page: `search` starts a new list, otherwise the next page of the current one. */
    'wallets/fetchPage': { input: { search?: string; page?: number } | undefined; output: void }
  }
}

/** Builds the `wallets/fetchPage` handler over the host's filters. */
export function fetchPageHandler(filters: () => WalletFilters) {
  return async (input: { search?: string; page?: number } | undefined, ctx: HandlerContext): Promise<void> => {
    const s = walletsOf(ctx.getState())
    const query = (input?.search ?? s.query).trim().slice(0, 100)
    const newQuery = query !== s.query
    if (!newQuery && s.status === 'loading' && input?.page === undefined) return
    const page = input?.page ?? (newQuery ? 1 : s.pages + 1)
    if (!newQuery && page > 1 && s.pages > 0 && s.items.length >= s.count) return
    ctx.emit('wallets/pageRequested', { query, page })
    try {
      const { count, data } = await fetchWallets(ctx.http, filters(), {
        page,
        entries: WalletsPageSize,
        search: query || undefined,
      })
      ctx.emit('wallets/pageLoaded', { query, page, count, data })
    } catch (error) {
      ctx.emit('wallets/pageFailed', {
        query,
        page,
        message: visitorMessage(error, 'Failed to load wallets'),
      })
      throw error
    }
  }
}
