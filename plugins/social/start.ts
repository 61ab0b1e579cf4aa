// Where a social login starts: the secure site's /social/start with a fresh `state` (loaded with the login).

/** The same default as the embedded wallet's frame: `npm start`'s secure site. */
export const DefaultSecureSiteUrl = 'http://localhost:8790'

/** Where a login starts: the secure site's /social/start for `provider`, this page's origin and its `state`. */
export function socialStartUrl(
  secureSiteUrl: string,
  p: { provider: string; state: string; origin: string; mode: 'popup' | 'redirect'; return?: string },
): string {
  return `${new URL('/social/start', secureSiteUrl).href}?${new URLSearchParams(p)}`
}

/** A provider's display name (GitHub, Google, X, …). The buttons' chunk has its own (providers.ts): sharing one
 * module would make the login's chunk import from the buttons' chunk (or a third chunk at modal open). */
export const socialName = (p: string): string => (p === 'github' ? 'GitHub' : p[0].toUpperCase() + p.slice(1))

/** A fresh OAuth `state`: 32 random bytes, base64url. */
export function newState(crypto: Crypto = globalThis.crypto): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}
