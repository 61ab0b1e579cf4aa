// Where a social login starts: the secure site (its wallet frame starts each login and names the URL to go to).

/** The same default as the embedded wallet's frame: `npm start`'s secure site. */
export const DefaultSecureSiteUrl = 'http://localhost:8790'

/** A provider's display name (GitHub, Google, X, …). The buttons' chunk has its own (providers.ts): sharing one
 * module would make the login's chunk import from the buttons' chunk (or a third chunk at modal open). */
export const socialName = (p: string): string => (p === 'github' ? 'GitHub' : p[0].toUpperCase() + p.slice(1))
