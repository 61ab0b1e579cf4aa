// Fetching registry pages from the API through the kernel's HTTP client; server data is sanitized on the way in.
import type { HandlerContext, HostOptions } from '../../kernel/index.js'
import { WalletsPageSize, type RegistryWallet, walletsOf } from './wallets.state.js'

/** The registry wallets the Connect list shows (SPEC §9 featured and recommended) and the rdns of excluded ones. */
export interface ListedWallets {
  featured: RegistryWallet[]
  recommended: RegistryWallet[]
  /** rdns of `excludeWalletIds`, so installed (EIP-6963) wallets the host excluded are hidden too. */
  excludedRdns: string[]
}

declare module '../../kernel/index.js' {
  interface RequestMap {
    /** Loads a registry page: `search` starts a new list, otherwise the next page of the current one. */
    'wallets/fetchPage': { input: { search?: string; page?: number } | undefined; output: void }
    /** The featured wallets (host order) and the first recommended ones, with include/exclude applied by the server. */
    'wallets/fetchListed': { input: { recommended?: number } | undefined; output: ListedWallets }
  }
}

/** Recommended wallets shown on Connect after the installed and featured ones. */
export const RecommendedCount = 4

/** Registry filters from the host's options (SPEC §3 includeWalletIds, excludeWalletIds, featuredWalletIds). */
export interface WalletFilters {
  include?: string[]
  exclude?: string[]
  featured?: string[]
}

const ids = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && /^[0-9a-fA-F]{64}$/.test(x)) : undefined

/** Reads the registry filters from plugin options; ids that are not 64 hex digits are dropped. */
export function filtersFrom(options: Readonly<HostOptions>): WalletFilters {
  return {
    include: ids(options.includeWalletIds),
    exclude: ids(options.excludeWalletIds),
    featured: ids(options.featuredWalletIds),
  }
}

const str = (v: unknown, max = 300): string | undefined =>
  typeof v === 'string' && v.length > 0 ? v.slice(0, max) : undefined
const safeImage = (v: unknown): string | undefined =>
  typeof v === 'string' && /^(https?:\/\/|data:image\/)/i.test(v.trim()) ? v.trim() : undefined
const safeLink = (v: unknown): string | undefined =>
  typeof v === 'string' && /^https?:\/\//i.test(v.trim()) ? v.trim() : undefined

/** Keeps only well-formed wallets and only the fields we use; images only from http(s) or data:image (DESIGN §5). */
export function sanitizeWallets(data: unknown): RegistryWallet[] {
  if (!Array.isArray(data)) return []
  const out: RegistryWallet[] = []
  for (const raw of data as Array<Record<string, unknown>>) {
    if (!raw || typeof raw !== 'object') continue
    const id = str(raw.id, 100)
    const name = str(raw.name, 100)
    if (!id || !name) continue
    const w: RegistryWallet = {
      id,
      name,
      chains: Array.isArray(raw.chains) ? raw.chains.filter((c): c is string => typeof c === 'string') : [],
    }
    const rdns = str(raw.rdns, 200)
    if (rdns) w.rdns = rdns
    const homepage = safeLink(raw.homepage)
    if (homepage) w.homepage = homepage
    const imageUrl = safeImage(raw.imageUrl)
    if (imageUrl) w.imageUrl = imageUrl
    if (typeof raw.order === 'number') w.order = raw.order
    const mobile = str(raw.mobileLink)
    if (mobile) w.mobileLink = mobile
    const desktop = str(raw.desktopLink)
    if (desktop) w.desktopLink = desktop
    const webapp = safeLink(raw.webappLink)
    if (webapp) w.webappLink = webapp
    for (const key of ['universalLink', 'appStore', 'playStore', 'chromeStore'] as const) {
      const link = safeLink(raw[key])
      if (link) w[key] = link
    }
    if (raw.injected !== undefined && raw.injected !== null)
      w.injected = JSON.parse(JSON.stringify(raw.injected)) as unknown
    out.push(w)
  }
  return out
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

/** Builds the `wallets/fetchListed` handler over the host's filters: one page request, plus one for excluded rdns. */
export function fetchListedHandler(filters: () => WalletFilters) {
  return async (input: { recommended?: number } | undefined, ctx: HandlerContext): Promise<ListedWallets> => {
    const f = filters()
    const featured = f.featured ?? []
    const res = await ctx.http.get<{ data?: unknown }>({
      path: 'v1/wallets',
      params: {
        page: 1,
        entries: Math.min(100, featured.length + (input?.recommended ?? RecommendedCount)),
        include: f.include?.join(','),
        exclude: f.exclude?.join(','),
        featured: featured.join(',') || undefined,
      },
    })
    const data = sanitizeWallets(res?.data)
    const isFeatured = (w: RegistryWallet) => featured.includes(w.id)
    let excludedRdns: string[] = []
    if (f.exclude?.length) {
      const excluded = await ctx.http.get<{ data?: unknown }>({
        path: 'v1/wallets',
        params: { page: 1, entries: 100, include: f.exclude.join(',') },
      })
      excludedRdns = sanitizeWallets(excluded?.data).flatMap((w) => (w.rdns ? [w.rdns] : []))
    }
    return {
      featured: data.filter(isFeatured),
      recommended: data.filter((w) => !isFeatured(w)).slice(0, input?.recommended ?? RecommendedCount),
      excludedRdns,
    }
  }
}
