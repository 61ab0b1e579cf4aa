// Nonces, sessions and the token key of Sign in with X, in the server's store (PGlite or PostgreSQL).
import type { SqlRunner, Store } from '../store/store.js'

/** A stored sign-in session as the API lists it. */
export interface SiwxSessionRecord {
  id: string
  projectId: string
  chainId: string
  address: string
  domain: string
  message: string
  signature: string
  data: Record<string, unknown>
  createdAt: string
  expiresAt: string
  revokedAt?: string
}

interface Row {
  id: string
  project_id: string
  chain_id: string
  address: string
  domain: string
  message: string
  signature: string
  data: Record<string, unknown> | string
  created_at: Date | string
  expires_at: Date | string
  revoked_at: Date | string | null
}

const iso = (v: Date | string) => new Date(v).toISOString()
const record = (r: Row): SiwxSessionRecord => ({
  id: r.id,
  projectId: r.project_id,
  chainId: r.chain_id,
  address: r.address,
  domain: r.domain,
  message: r.message,
  signature: r.signature,
  data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
  createdAt: iso(r.created_at),
  expiresAt: iso(r.expires_at),
  ...(r.revoked_at ? { revokedAt: iso(r.revoked_at) } : {}),
})

/** Stores a fresh nonce for `projectId`, valid until `expiresAt`. */
export async function issueNonce(db: SqlRunner, nonce: string, projectId: string, expiresAt: Date): Promise<void> {
  await db.query('INSERT INTO siwx_nonces (nonce, project_id, expires_at) VALUES ($1, $2, $3)', [
    nonce,
    projectId,
    expiresAt,
  ])
}

/** Marks `nonce` used; false when it was never issued for the project, already used, or expired. */
export async function consumeNonce(db: SqlRunner, nonce: string, projectId: string, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE siwx_nonces SET used_at = $3 WHERE nonce = $1 AND project_id = $2 AND used_at IS NULL AND expires_at > $3
     RETURNING nonce`,
    [nonce, projectId, now],
  )
  return rows.length === 1
}

/** Stores a verified session. */
export async function insertSession(
  db: SqlRunner,
  s: Omit<SiwxSessionRecord, 'createdAt' | 'revokedAt'>,
): Promise<SiwxSessionRecord> {
  const { rows } = await db.query<Row>(
    `INSERT INTO siwx_sessions (id, project_id, chain_id, address, domain, nonce, message, signature, data, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
    [
      s.id,
      s.projectId,
      s.chainId,
      s.address,
      s.domain,
      String(s.data.nonce),
      s.message,
      s.signature,
      JSON.stringify(s.data),
      s.expiresAt,
    ],
  )
  return record(rows[0])
}

/** One session by id. */
export async function findSession(db: SqlRunner, id: string): Promise<SiwxSessionRecord | undefined> {
  const { rows } = await db.query<Row>('SELECT * FROM siwx_sessions WHERE id = $1', [id])
  return rows[0] ? record(rows[0]) : undefined
}

/** The active sessions of an address in a project (every chain, or one), newest first. */
export async function listSessions(
  db: SqlRunner,
  q: { projectId: string; address: string; chainId?: string; now: Date },
): Promise<SiwxSessionRecord[]> {
  const { rows } = await db.query<Row>(
    `SELECT * FROM siwx_sessions
     WHERE project_id = $1 AND lower(address) = lower($2) AND ($3::text IS NULL OR chain_id = $3)
       AND revoked_at IS NULL AND expires_at > $4
     ORDER BY created_at DESC, id`,
    [q.projectId, q.address, q.chainId ?? null, q.now],
  )
  return rows.map(record)
}

/** Revokes a session; false when it does not exist or was revoked already. */
export async function revokeSession(db: SqlRunner, id: string, now: Date): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE siwx_sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING id',
    [id, now],
  )
  return rows.length === 1
}

/** The stored token key, or the one `create` makes when none is stored (the first of concurrent processes wins). */
export async function storedKey(
  store: Store,
  create: () => Promise<{ kid: string; jwk: object }>,
): Promise<{ kid: string; jwk: object }> {
  const read = async () => {
    const { rows } = await store.query<{ kid: string; private_jwk: object | string }>(
      'SELECT kid, private_jwk FROM siwx_keys ORDER BY created_at, kid LIMIT 1',
    )
    const r = rows[0]
    return r
      ? { kid: r.kid, jwk: typeof r.private_jwk === 'string' ? JSON.parse(r.private_jwk) : r.private_jwk }
      : undefined
  }
  const found = await read()
  if (found) return found
  const made = await create()
  await store.query('INSERT INTO siwx_keys (kid, private_jwk) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
    made.kid,
    JSON.stringify(made.jwk),
  ])
  return (await read())!
}
