// The one rule for URLs that come from servers, wallets or hosts (DESIGN §5: untrusted). Every URL is parsed with the
// platform's URL parser first, so control characters and odd casing ("java\tscript:", " JAVASCRIPT:") are normalised
// exactly as the browser would before a scheme is checked against an allow-list.

/** Parses `url` (against `base` when given); undefined for anything that is not a URL. */
export const parseUrl = (url: unknown, base?: string): URL | undefined => {
  if (typeof url !== 'string' || url.trim() === '') return undefined
  try {
    return base ? new URL(url, base) : new URL(url)
  } catch {
    return undefined
  }
}

/** The URL when it is an image we may load (http, https, or a data:image of a raster or SVG type); else undefined. */
export function safeImageUrl(url: unknown): string | undefined {
  const u = parseUrl(url)
  if (!u) return undefined
  if (u.protocol === 'http:' || u.protocol === 'https:') return u.href
  if (
    u.protocol === 'data:' &&
    /^image\/(png|jpe?g|gif|webp|avif|svg\+xml|x-icon|vnd\.microsoft\.icon)[;,]/i.test(u.pathname)
  )
    return u.href
  return undefined
}

/** A logo the Foyer API serves (`GET /v1/icons/{kind}/{name}`: a network by CAIP-2 id, a token, walletconnect). */
export const apiIconUrl = (apiUrl: string | undefined, kind: 'networks' | 'tokens' | 'wallets', name: string) =>
  apiUrl ? `${apiUrl.replace(/\/+$/, '')}/v1/icons/${kind}/${encodeURIComponent(name).replace(/%3A/g, ':')}` : undefined
