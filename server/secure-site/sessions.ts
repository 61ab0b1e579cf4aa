// Sessions of the secure origin. The token lives only in the visitor's cookie, which is HttpOnly, Secure and
// Partitioned (CHIPS): keyed to the top-level site that embeds the frame, so it keeps working when the browser
// blocks third-party cookies, and no script — the host page's or the frame's — can read it. The store keeps a hash.
import { createHash, randomBytes } from 'node:crypto'
import type { Store } from '../store/store.js'

/** The session cookie's name. */
export const SESSION_COOKIE = 'foyer_wallet_session'

/** A live session. */
export interface Session {
  userId: string
  hostOrigin: string
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex')

/** Sessions over the store; `now` is the site's clock (epoch ms). */
export function createSessions(store: Store, lifetimeMs: number, now: () => number) {
  return {
    /** Opens a session and returns its token (for the cookie only). */
    async open(userId: string, hostOrigin: string): Promise<string> {
      const token = randomBytes(32).toString('base64url')
      const t = now()
      await store.query(
        'INSERT INTO wallet_sessions (token_hash, user_id, host_origin, created_ms, expires_ms) VALUES ($1, $2, $3, $4, $5)',
        [hash(token), userId, hostOrigin, t, t + lifetimeMs],
      )
      return token
    },
    /** The session of `token`, when it exists, has not expired and belongs to `hostOrigin`. */
    async find(token: string | undefined, hostOrigin: string): Promise<Session | undefined> {
      if (!token || token.length > 128) return undefined
      const { rows } = await store.query<{ user_id: string; host_origin: string; expires_ms: string }>(
        'SELECT user_id, host_origin, expires_ms FROM wallet_sessions WHERE token_hash = $1',
        [hash(token)],
      )
      const row = rows[0]
      if (!row || Number(row.expires_ms) <= now() || row.host_origin !== hostOrigin) return undefined
      return { userId: row.user_id, hostOrigin: row.host_origin }
    },
    /** Ends the session of `token`. */
    async close(token: string | undefined): Promise<void> {
      if (token) await store.query('DELETE FROM wallet_sessions WHERE token_hash = $1', [hash(token)])
    },
  }
}

/** The sessions API. */
export type Sessions = ReturnType<typeof createSessions>
