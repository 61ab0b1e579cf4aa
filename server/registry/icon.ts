// Deterministic wallet icons: a two-colour gradient tile with the wallet's initials, derived from its id.
// Served by the API itself so no external image host is needed.

function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Up to two initials from a wallet name ("Trust Wallet" → "TW", "imToken" → "IM"). */
export function initials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean)
  if (words.length === 0) return '?'
  if (words.length === 1) return words[0].slice(0, 2).toUpperCase()
  return (words[0][0] + words[1][0]).toUpperCase()
}

/** A 96×96 SVG icon for the wallet with this id and name; the same input always gives the same bytes. */
export function walletIconSvg(id: string, name: string): string {
  const hue1 = parseInt(id.slice(0, 4), 16) % 360
  const hue2 = (hue1 + 40 + (parseInt(id.slice(4, 6), 16) % 80)) % 360
  const text = escapeXml(initials(name))
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(name)}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue1} 70% 52%)"/><stop offset="1" stop-color="hsl(${hue2} 70% 38%)"/>` +
    `</linearGradient></defs>` +
    `<rect width="96" height="96" rx="24" fill="url(#g)"/>` +
    `<text x="48" y="50" dominant-baseline="middle" text-anchor="middle" font-family="system-ui,sans-serif" ` +
    `font-size="36" font-weight="700" fill="#fff">${text}</text></svg>`
  )
}
