// The one rule for URLs that come from servers, wallets or hosts (DESIGN §5: untrusted). Every URL is parsed with the
// platform's URL parser first, so control characters and odd casing ("java\tscript:", " JAVASCRIPT:") are normalised
// exactly as the browser would before a scheme is checked against an allow-list.

/** Schemes a wallet deep link may never use: they run code or read local data in the page's context. */
const ForbiddenAppSchemes = new Set(['javascript:', 'data:', 'vbscript:', 'file:', 'blob:', 'about:', 'filesystem:'])

const parse = (url: unknown, base?: string): URL | undefined => {
  if (typeof url !== 'string' || url.trim() === '') return undefined
  try {
    return base ? new URL(url, base) : new URL(url)
  } catch {
    return undefined
  }
}

/** The URL when it is an image we may load (http, https, or a data:image of a raster or SVG type); else undefined. */
export function safeImageUrl(url: unknown): string | undefined {
  const u = parse(url)
  if (!u) return undefined
  if (u.protocol === 'http:' || u.protocol === 'https:') return u.href
  if (
    u.protocol === 'data:' &&
    /^image\/(png|jpe?g|gif|webp|avif|svg\+xml|x-icon|vnd\.microsoft\.icon)[;,]/i.test(u.pathname)
  )
    return u.href
  return undefined
}

/** The URL when it is a web link we may render (http or https, absolute); else undefined. */
export function safeWebUrl(url: unknown): string | undefined {
  const u = parse(url)
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
    const u = parse(trimmed, base ?? 'https://relative.invalid/')
    if (!u) return undefined
    return base ? u.href : trimmed
  }
  return safeWebUrl(trimmed)
}

/** The URL when it is a link to a wallet app: http(s) universal links, or a custom app scheme (`metamask://…`). */
export function safeAppLink(url: unknown): string | undefined {
  const u = parse(url)
  if (!u || ForbiddenAppSchemes.has(u.protocol)) return undefined
  if (!/^[a-z][a-z0-9+.-]*:$/.test(u.protocol)) return undefined
  return u.href
}
