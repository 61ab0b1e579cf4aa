// `npm run registry:sync`: the registry refreshed from the WalletConnect Explorer API (`GET /v3/wallets`, paged, with
// the operator's project id) and each wallet's icon, for operators whose machines can reach it. Explorer ids are kept,
// so AppKit-style featuredWalletIds / includeWalletIds / excludeWalletIds work unchanged after a sync.
import type { SourceInfo } from './data.js'
import { IconTypes, walletFromListing, type ExplorerListing } from './listing.js'
import type { RegistryData, RegistryWallet } from './types.js'

/** The public Explorer API. */
export const DefaultExplorerUrl = 'https://explorer-api.walletconnect.com'

/** Options of {@link registryFromExplorer}. */
export interface ExplorerSyncOptions {
  projectId: string
  /** Base URL of the Explorer API (default {@link DefaultExplorerUrl}). */
  baseUrl?: string
  /** Listings per page (the API allows up to 100). */
  entries?: number
  /** Test seam. */
  fetch?: typeof fetch
  /** Per-request time-out (default 20 s). */
  timeoutMs?: number
  log?: (line: string) => void
}

/** Raised when the Explorer cannot be reached or answers with an error; the shipped registry is left as it was. */
export class ExplorerUnreachableError extends Error {}

const HEX64 = /^[0-9a-f]{64}$/

/** Downloads every listing and icon from the Explorer API. */
export async function registryFromExplorer(
  o: ExplorerSyncOptions,
): Promise<{ data: RegistryData; source: SourceInfo }> {
  if (!/^[0-9a-f]{32}$/i.test(o.projectId))
    throw new Error('registry:sync needs your WalletConnect project id (32 hex digits) in FOYER_WC_PROJECT_ID')
  const base = (o.baseUrl ?? DefaultExplorerUrl).replace(/\/+$/, '')
  const doFetch = o.fetch ?? fetch
  const get = async (url: string): Promise<Response> => {
    let res: Response
    try {
      res = await doFetch(url, { signal: AbortSignal.timeout(o.timeoutMs ?? 20_000) })
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message
      throw new ExplorerUnreachableError(`cannot reach the WalletConnect Explorer API at ${base} (${cause})`, {
        cause: error,
      })
    }
    if (!res.ok)
      throw new ExplorerUnreachableError(
        `the WalletConnect Explorer API answered HTTP ${res.status} for ${url.replace(o.projectId, '…')}`,
      )
    return res
  }
  const entries = o.entries ?? 100
  const source = `walletconnect-explorer:${new Date().toISOString().slice(0, 10)}`
  const listings: ExplorerListing[] = []
  for (let page = 1; ; page++) {
    const res = await get(`${base}/v3/wallets?projectId=${o.projectId}&entries=${entries}&page=${page}`)
    const body = (await res.json()) as { count?: number; listings?: Record<string, ExplorerListing> }
    const batch = Object.values(body.listings ?? {})
    listings.push(...batch)
    o.log?.(`page ${page}: ${listings.length}/${body.count ?? '?'} wallets`)
    if (batch.length < entries || (typeof body.count === 'number' && listings.length >= body.count)) break
  }
  const wallets: RegistryWallet[] = []
  const icons: RegistryData['icons'] = new Map()
  for (const listing of listings) {
    const id = typeof listing.id === 'string' ? listing.id.toLowerCase() : ''
    if (!HEX64.test(id) || wallets.some((w) => w.id === id)) continue
    const wallet = walletFromListing(listing, { id, order: wallets.length + 1, source })
    if (!wallet) continue
    wallets.push(wallet)
    const l = listing as { image_id?: unknown; image_url?: { md?: unknown } }
    const url =
      typeof l.image_url?.md === 'string'
        ? l.image_url.md
        : typeof l.image_id === 'string'
          ? `${base}/v3/logo/md/${encodeURIComponent(l.image_id)}?projectId=${o.projectId}`
          : undefined
    if (!url) continue
    const res = await get(url)
    const type = (res.headers.get('content-type') ?? '').split(';')[0].trim()
    if (IconTypes.includes(type)) icons.set(id, { type, data: new Uint8Array(await res.arrayBuffer()) })
  }
  o.log?.(`${wallets.length} wallets, ${icons.size} icons`)
  return {
    data: { wallets, icons },
    source: {
      id: source,
      description: `WalletConnect Explorer API ${base}/v3/wallets, retrieved with the operator's project id.`,
      license: "WalletConnect Explorer API terms of use (the operator's agreement with WalletConnect)",
      retrievedAt: new Date().toISOString().slice(0, 10),
    },
  }
}
