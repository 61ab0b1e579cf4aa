// Which pages may start a social login. SPEC §5's default origin list admits any IP address and any subdomain of the
// preview hosts (pages.dev, vercel.app, ngrok-free.app): anyone can put a page there. Such a page may use the wallet,
// but a social login returns its result to the page, so one there could send a visitor through a sign-in and keep
// what comes back. Social login is therefore open to the list's other entries (the operator's own origins, localhost,
// the wallet hosts), to loopback addresses (a page on the visitor's own machine), and to preview hosts the operator
// names exactly (e.g. "https://my-app.vercel.app").
import { DEFAULT_ALLOWED_ORIGINS } from '../../config.js'
import { originAllowed } from '../../api/origins.js'

/** The default list's patterns that match pages anyone can publish (any IP, any preview subdomain). */
export const OPEN_DEFAULT_PATTERNS: readonly string[] = DEFAULT_ALLOWED_ORIGINS.filter((p) => /\{ip\}|\*\./i.test(p))

const loopback = (origin: string): boolean => {
  const host = new URL(origin).hostname
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host)
}

/** True when a page on `origin` may start a social login, given the site's allowed origins. */
export function socialOriginAllowed(origin: string, allowedOrigins: readonly string[]): boolean {
  if (!originAllowed(origin, allowedOrigins)) return false
  if (loopback(origin)) return true
  return originAllowed(
    origin,
    allowedOrigins.filter((p) => !OPEN_DEFAULT_PATTERNS.includes(p)),
  )
}
