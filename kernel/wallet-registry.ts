// The client side of the wallet registry (GET /v1/wallets): host filters, the sanitizer every answer goes through
// (server data is untrusted, DESIGN §5), and the Connect list's featured and recommended wallets. Shared by the
// wallets plugin (All Wallets) and the namespaces plugin (Connect); the first paint imports none of it.
import type { HttpClient } from './http.js'
import type { HostOptions } from './options.js'
import type { WireWallet } from '../protocol/wire/registry.js'

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

/** The registry wallets the Connect list shows (SPEC §9 featured and recommended) and the rdns of excluded ones. */
export interface ListedWallets {
  featured: RegistryWallet[]
  recommended: RegistryWallet[]
  /** rdns of `excludeWalletIds`, so installed (EIP-6963) wallets the host excluded are hidden too. */
  excludedRdns: string[]
}

/** Recommended wallets shown on Connect after the installed and featured ones. */
export const RecommendedCount = 4

/** Featured wallets (host order) and the first recommended ones, include/exclude applied by the server: one request,
 * plus one for the excluded wallets' rdns when the host excluded any. */
export async function fetchListedWallets(http: HttpClient, f: WalletFilters, recommended = RecommendedCount) {
  const featured = f.featured ?? []
  const res = await http.get<{ data?: unknown }>({
    path: 'v1/wallets',
    params: {
      page: 1,
      entries: Math.min(100, featured.length + recommended),
      include: f.include?.join(','),
      exclude: f.exclude?.join(','),
      featured: featured.join(',') || undefined,
    },
  })
  const data = sanitizeWallets(res?.data)
  let excludedRdns: string[] = []
  if (f.exclude?.length) {
    const excluded = await http.get<{ data?: unknown }>({
      path: 'v1/wallets',
      params: { page: 1, entries: 100, include: f.exclude.join(',') },
    })
    excludedRdns = sanitizeWallets(excluded?.data).flatMap((w) => (w.rdns ? [w.rdns] : []))
  }
  const isFeatured = (w: RegistryWallet) => featured.includes(w.id)
  const listed: ListedWallets = {
    featured: data.filter(isFeatured),
    recommended: data.filter((w) => !isFeatured(w)).slice(0, recommended),
    excludedRdns,
  }
  return listed
}
