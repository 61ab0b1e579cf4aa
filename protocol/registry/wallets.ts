// The client side of the wallet registry (GET /v1/wallets), in one place: the host's filters, the one query both lists
// send, the sanitizer every answer goes through (server data is untrusted, DESIGN §5), the Connect list's featured and
// recommended wallets, and a wallet's image on the operator's API. The Connect list (plugins/namespaces) and All
// Wallets (plugins/wallets) both fetch through it; each keeps what it fetched in its own slice. The first paint
// imports none of it. Framework-free: the HTTP client is whatever has a `get`.
import type { WireWallet } from '../wire/registry.js'

/**
 * A registry wallet as the client keeps it: the wire wallet's fields (protocol/wire/registry.ts) that survive the
 * sanitizer. Server data is untrusted, so only id, name and chains are sure, `injected` stays opaque and `source` is
 * not kept.
 */
export interface RegistryWallet extends Partial<Omit<WireWallet, 'id' | 'name' | 'chains' | 'injected' | 'source'>> {
  id: WireWallet['id']
  name: WireWallet['name']
  chains: WireWallet['chains']
  injected?: unknown
}

/** Registry filters from the host's options (SPEC §3 includeWalletIds, excludeWalletIds, featuredWalletIds). */
export interface WalletFilters {
  include?: string[]
  exclude?: string[]
  featured?: string[]
}

/** The host options the filters come from (any value: the host's input is checked here). */
export interface FilterOptions {
  includeWalletIds?: unknown
  excludeWalletIds?: unknown
  featuredWalletIds?: unknown
}

/** What fetching needs of an HTTP client (the kernel's `HttpClient` is one): a GET with query params. */
export interface RegistryHttp {
  get<T>(req: { path: string; params?: Record<string, string | number | undefined> }): Promise<T>
}

const ids = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && /^[0-9a-fA-F]{64}$/.test(x)) : undefined

/** Reads the registry filters from the host's options; ids that are not 64 hex digits are dropped. */
export function filtersFrom(options: Readonly<FilterOptions>): WalletFilters {
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
/** The registry's web links (http(s) only): homepage, web app, universal link, app and extension stores. */
export const WalletWebLinks = [
  'homepage',
  'webappLink',
  'universalLink',
  'appStore',
  'playStore',
  'chromeStore',
  'firefoxStore',
  'edgeStore',
] as const

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
    const imageUrl = safeImage(raw.imageUrl)
    if (imageUrl) w.imageUrl = imageUrl
    if (typeof raw.order === 'number') w.order = raw.order
    // Deep links are custom schemes; the kernel's app-link rule decides what may open when one is used.
    const mobile = str(raw.mobileLink)
    if (mobile) w.mobileLink = mobile
    const desktop = str(raw.desktopLink)
    if (desktop) w.desktopLink = desktop
    for (const key of WalletWebLinks) {
      const link = safeLink(raw[key])
      if (link) w[key] = link
    }
    if (raw.injected !== undefined && raw.injected !== null)
      w.injected = JSON.parse(JSON.stringify(raw.injected)) as unknown
    out.push(w)
  }
  return out
}

/** A registry wallet's name, image and links: what a chosen wallet carries to WalletConnect (untrusted data). */
export type WalletLinks = Pick<
  RegistryWallet,
  'id' | 'name' | 'imageUrl' | 'mobileLink' | 'desktopLink' | (typeof WalletWebLinks)[number]
>

/** A registry wallet as a list keeps it to show and hand on: links, rdns and chains (no order, no injected data). */
export type ListedWallet = WalletLinks & { rdns?: string; chains?: string[] }

/** The wallet's {@link ListedWallet} fields (no order, no injected data). */
export function listedWallet(w: ListedWallet): ListedWallet {
  const out: ListedWallet = { id: w.id, name: w.name, chains: w.chains }
  for (const k of ['rdns', 'imageUrl', 'desktopLink', 'mobileLink', ...WalletWebLinks] as const)
    if (typeof w[k] === 'string') out[k] = w[k]
  return out
}

/** A registry wallet's image as the operator's API serves it (SPEC §3 imageId), when there is an API. */
export const registryImageUrl = (apiUrl: string | undefined, id: string | undefined): string | undefined =>
  id && apiUrl ? `${apiUrl.replace(/\/+$/, '')}/v1/wallets/${encodeURIComponent(id)}/image` : undefined

/** True when the wallet serves `namespace` (none: any); a wallet without chain data counts as an EVM wallet. */
export const fitsNamespace = (w: { chains?: string[] }, namespace: string | undefined): boolean =>
  !namespace || (w.chains?.length ? w.chains.some((c) => c.startsWith(`${namespace}:`)) : namespace === 'eip155')

/** One page of the registry for the host's filters: the count of matching wallets and the sanitized wallets. */
export async function fetchWallets(
  http: RegistryHttp,
  f: WalletFilters,
  q: { page: number; entries: number; search?: string },
): Promise<{ count: number; data: RegistryWallet[] }> {
  const res = await http.get<{ count?: unknown; data?: unknown }>({
    path: 'v1/wallets',
    // Empty values are not sent (the HTTP client drops them).
    params: { ...q, include: f.include?.join(','), exclude: f.exclude?.join(','), featured: f.featured?.join(',') },
  })
  const data = sanitizeWallets(res?.data)
  return { count: typeof res?.count === 'number' && res.count >= 0 ? res.count : data.length, data }
}

/** The registry wallets the Connect list shows (SPEC §9 featured and recommended) and the rdns of excluded ones. */
export interface ListedWallets {
  featured: ListedWallet[]
  recommended: ListedWallet[]
  /** rdns of `excludeWalletIds`, so installed (EIP-6963) wallets the host excluded are hidden too. */
  excludedRdns: string[]
}

/** Recommended wallets shown on Connect after the installed and featured ones. */
export const RecommendedCount = 4

/** Featured wallets (host order) and the first recommended ones, include/exclude applied by the server: one request,
 * plus one for the excluded wallets' rdns when the host excluded any. */
export async function fetchListedWallets(
  http: RegistryHttp,
  f: WalletFilters,
  recommended = RecommendedCount,
): Promise<ListedWallets> {
  const featured = f.featured ?? []
  const { data } = await fetchWallets(http, f, { page: 1, entries: Math.min(100, featured.length + recommended) })
  const excludedRdns = f.exclude?.length
    ? (await fetchWallets(http, { include: f.exclude }, { page: 1, entries: 100 })).data.flatMap((w) =>
        w.rdns ? [w.rdns] : [],
      )
    : []
  const isFeatured = (w: RegistryWallet) => featured.includes(w.id)
  return {
    featured: data.filter(isFeatured).map(listedWallet),
    recommended: data
      .filter((w) => !isFeatured(w))
      .slice(0, recommended)
      .map(listedWallet),
    excludedRdns,
  }
}
