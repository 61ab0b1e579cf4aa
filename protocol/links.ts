// Links from servers, wallets or hosts (DESIGN §5: untrusted): parsed with the URL parser first (see urls.ts), then
// checked against an allow-list of schemes. Kept apart from the image rule so the first paint does not carry them.
import { parseUrl } from './urls.js'

/** Schemes a wallet deep link may never use: they run code or read local data in the page's context. */
const ForbiddenAppSchemes = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'filesystem:'])

/** The URL when it is a web link we may render (http or https, absolute); else undefined. */
export function safeWebUrl(url: unknown): string | undefined {
  const u = parseUrl(url)
  return u && (u.protocol === 'http:' || u.protocol === 'https:') ? u.href : undefined
}

/**
 * The URL when it is a link we may render: http(s), or a same-page relative reference (`#terms`, `/privacy`),
 * which is resolved against `base` when given and returned as written otherwise.
 */
export function safeLinkUrl(url: unknown, base?: string): string | undefined {
  if (typeof url !== 'string') return undefined
  const trimmed = url.trim()
  if (/^[#/?.]/.test(trimmed) && !trimmed.startsWith('//')) {
    const u = parseUrl(trimmed, base ?? 'https://relative.invalid/')
    if (!u) return undefined
    return base ? u.href : trimmed
  }
  return safeWebUrl(trimmed)
}

/** The URL when it is a link to a wallet app: http(s) universal links, or a custom app scheme (`metamask://…`). */
export function safeAppLink(url: unknown): string | undefined {
  const u = parseUrl(url)
  if (!u || ForbiddenAppSchemes.has(u.protocol)) return undefined
  if (!/^[a-z][a-z0-9+.-]*:$/.test(u.protocol)) return undefined
  return u.href
}
