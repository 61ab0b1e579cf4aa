// One wallet listing as the WalletConnect Explorer API publishes it (and as thirdweb's generated data keeps it),
// turned into a registry wallet. Source data is untrusted: every link is parsed, and a bad one is dropped.
import { createHash } from 'node:crypto'
import type { InjectedEntry, RegistryWallet } from './types.js'

/** The Explorer's listing shape (fields we read; all optional because sources differ). */
export interface ExplorerListing {
  id?: unknown
  name?: unknown
  homepage?: unknown
  chains?: unknown
  rdns?: unknown
  app?: Record<string, unknown> | null
  mobile?: { native?: unknown; universal?: unknown } | null
  desktop?: { native?: unknown; universal?: unknown } | null
  injected?: Array<{ namespace?: unknown; injected_id?: unknown }> | null
}

/** The 64-hex id of a wallet whose source has no Explorer id: sha256 of "foyer-wallet:" + the source's own id. */
export function walletId(sourceId: string): string {
  return createHash('sha256').update(`foyer-wallet:${sourceId}`).digest('hex')
}

const text = (v: unknown, max = 200): string | undefined =>
  typeof v === 'string' && v.trim() && v.trim().length <= max ? v.trim() : undefined

/** An absolute http(s) URL, else undefined. */
export function webUrl(v: unknown): string | undefined {
  const s = text(v, 500)
  if (!s) return undefined
  try {
    const u = new URL(s)
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : undefined
  } catch {
    return undefined
  }
}

// Deep links are custom schemes (`metamask://`, `trust:`); never ones that run code or read local data.
const FORBIDDEN = /^(javascript|data|vbscript|file|blob|about|filesystem):/i

/** A wallet app link: http(s), or a custom scheme such as `metamask://`. */
export function appLink(v: unknown): string | undefined {
  const s = text(v, 500)
  if (!s || FORBIDDEN.test(s) || !/^[a-z][a-z0-9+.-]*:/i.test(s)) return undefined
  return /^https?:/i.test(s) ? webUrl(s) : s
}

const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
const RDNS = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i
// Some listings carry a template's placeholder (`com.example.subdomain`); matching announced wallets on it would be wrong.
const PLACEHOLDER_RDNS = /(^|\.)example(\.|$)/i

function injectedOf(v: ExplorerListing['injected']): InjectedEntry[] | undefined {
  if (!Array.isArray(v)) return undefined
  const out = v.flatMap((i) => {
    const namespace = text(i?.namespace, 20)
    const injectedId = text(i?.injected_id, 100)
    return namespace && injectedId ? [{ namespace, injectedId }] : []
  })
  return out.length ? out : undefined
}

/** The registry wallet for `listing`, or undefined when it has no usable name. */
export function walletFromListing(
  listing: ExplorerListing,
  at: { id: string; order: number; source: string },
): RegistryWallet | undefined {
  const name = text(listing.name, 100)
  if (!name) return undefined
  const app = listing.app ?? {}
  const w: RegistryWallet = {
    id: at.id,
    name,
    order: at.order,
    chains: Array.isArray(listing.chains)
      ? [...new Set(listing.chains.filter((c): c is string => typeof c === 'string' && CAIP2.test(c)))]
      : [],
    source: at.source,
  }
  const rdns = text(listing.rdns, 200)
  const fields: Array<[keyof RegistryWallet, string | undefined]> = [
    ['rdns', rdns && RDNS.test(rdns) && !PLACEHOLDER_RDNS.test(rdns) ? rdns.toLowerCase() : undefined],
    ['homepage', webUrl(listing.homepage)],
    ['mobileLink', appLink(listing.mobile?.native) ?? appLink(listing.mobile?.universal)],
    ['universalLink', webUrl(listing.mobile?.universal)],
    ['desktopLink', appLink(listing.desktop?.native) ?? appLink(listing.desktop?.universal)],
    ['webappLink', webUrl(app.browser)],
    ['appStore', webUrl(app.ios)],
    ['playStore', webUrl(app.android)],
    ['chromeStore', webUrl(app.chrome)],
  ]
  for (const [key, value] of fields) if (value) (w as unknown as Record<string, string>)[key] = value
  const injected = injectedOf(listing.injected)
  if (injected) w.injected = injected
  return w
}

/** Media types a wallet icon may have (SVGs are served under a script-free CSP). */
export const IconTypes: readonly string[] = ['image/webp', 'image/png', 'image/jpeg', 'image/svg+xml']

/** Decodes a `data:image/...;base64,` icon; undefined when it is not one of {@link IconTypes}. */
export function iconFromDataUrl(url: unknown): { type: string; data: Uint8Array } | undefined {
  const m = typeof url === 'string' ? /^data:(image\/[a-z+]+);base64,([A-Za-z0-9+/=]+)$/.exec(url.trim()) : null
  if (!m || !IconTypes.includes(m[1])) return undefined
  const data = Buffer.from(m[2], 'base64')
  return data.length > 0 ? { type: m[1], data: new Uint8Array(data) } : undefined
}
