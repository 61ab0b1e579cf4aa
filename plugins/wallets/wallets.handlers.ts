// Fetching registry pages from the API through the kernel's HTTP client; server data is sanitized on the way in.
import { sanitizeWallets, type HandlerContext, type WalletFilters } from '../../kernel/index.js'
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
    const f = filters()
    ctx.emit('wallets/pageRequested', { query, page })
    try {
      const res = await ctx.http.get<{ count?: unknown; data?: unknown }>({
        path: 'v1/wallets',
        params: {
          page,
          entries: WalletsPageSize,
          search: query || undefined,
          include: f.include?.join(','),
          exclude: f.exclude?.join(','),
          featured: f.featured?.join(','),
        },
      })
      const data = sanitizeWallets(res?.data)
      const count = typeof res?.count === 'number' && res.count >= 0 ? res.count : data.length
      ctx.emit('wallets/pageLoaded', { query, page, count, data })
    } catch (error) {
      ctx.emit('wallets/pageFailed', {
        query,
        page,
        message: error instanceof Error ? error.message : 'Failed to load wallets',
      })
      throw error
    }
  }
}
