// The secure site's passkeys in its store: the credentials (a passkey is also one of the user's identities, so it
// counts among the ways to log in) and the ceremonies' challenges, each single use, short-lived and bound to the frame
// session and host page that asked for it.
import type { SqlRunner, Store } from '../../store/store.js'
import { WalletError } from '../errors.js'

/** What a challenge was issued for. */
export type PasskeyPurpose = 'create' | 'add' | 'login'

/** A stored credential, as the WebAuthn verification needs it. */
export interface StoredPasskey {
  id: string
  userId: string
  publicKey: Uint8Array
  counter: number
  transports: string[]
}

/** A passkey as the frame lists it (no key material). */
export interface PasskeyInfo {
  id: string
  createdAt: string
  lastUsedAt?: string
}

/** A challenge row taken from the store. */
export interface IssuedChallenge {
  purpose: PasskeyPurpose
  binding: string
  hostOrigin: string
  userId?: string
  userHandle?: string
  expiresMs: number
}

/** Records a challenge; expired ones are deleted as new ones are written. */
export async function saveChallenge(store: Store, challenge: string, c: IssuedChallenge, now: number): Promise<void> {
  await store.query('DELETE FROM wallet_passkey_challenges WHERE expires_ms < $1', [now])
  await store.query(
    `INSERT INTO wallet_passkey_challenges (challenge, purpose, binding, host_origin, user_id, user_handle, expires_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [challenge, c.purpose, c.binding, c.hostOrigin, c.userId ?? null, c.userHandle ?? null, c.expiresMs],
  )
}

/** Takes (deletes) a challenge: whatever follows, it cannot be redeemed again. */
export async function takeChallenge(store: Store, challenge: string): Promise<IssuedChallenge | undefined> {
  const { rows } = await store.query<{
    purpose: PasskeyPurpose
    binding: string
    host_origin: string
    user_id: string | null
    user_handle: string | null
    expires_ms: string
  }>('DELETE FROM wallet_passkey_challenges WHERE challenge = $1 RETURNING *', [challenge])
  const r = rows[0]
  if (!r) return undefined
  return {
    purpose: r.purpose,
    binding: r.binding,
    hostOrigin: r.host_origin,
    ...(r.user_id ? { userId: r.user_id } : {}),
    ...(r.user_handle ? { userHandle: r.user_handle } : {}),
    expiresMs: Number(r.expires_ms),
  }
}

/** The credential `id`, or undefined. */
export async function findPasskey(store: SqlRunner, id: string): Promise<StoredPasskey | undefined> {
  const { rows } = await store.query<{
    user_id: string
    public_key: Uint8Array
    counter: string
    transports: string[]
  }>('SELECT user_id, public_key, counter, transports FROM wallet_passkeys WHERE credential_id = $1', [id])
  const r = rows[0]
  return r && { id, userId: r.user_id, publicKey: r.public_key, counter: Number(r.counter), transports: r.transports }
}

/** Adds a verified credential to `userId` as one of its identities; 409 when the credential is already registered. */
export async function addPasskey(store: Store, p: StoredPasskey & { userHandle: string }, now: number): Promise<void> {
  await store.transaction(async (tx) => {
    if (await findPasskey(tx, p.id))
      throw new WalletError(409, 'passkey_taken', 'This passkey is already registered to a wallet')
    await tx.query(
      `INSERT INTO wallet_identities (provider, subject, user_id) VALUES ('passkey', $1, $2)
       ON CONFLICT (provider, subject) DO NOTHING`,
      [p.id, p.userId],
    )
    await tx.query(
      `INSERT INTO wallet_passkeys (credential_id, user_id, public_key, counter, transports, user_handle, created_ms)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [p.id, p.userId, p.publicKey, p.counter, p.transports, p.userHandle, now],
    )
  })
}

/** Records a login with the credential: its new signature counter and when. */
export async function touchPasskey(store: Store, id: string, counter: number, now: number): Promise<void> {
  await store.query('UPDATE wallet_passkeys SET counter = $2, last_used_ms = $3 WHERE credential_id = $1', [
    id,
    counter,
    now,
  ])
}

/** The user's passkeys, oldest first. */
export async function listPasskeys(store: SqlRunner, userId: string): Promise<PasskeyInfo[]> {
  const { rows } = await store.query<{ credential_id: string; created_ms: string; last_used_ms: string | null }>(
    'SELECT credential_id, created_ms, last_used_ms FROM wallet_passkeys WHERE user_id = $1 ORDER BY created_ms, credential_id',
    [userId],
  )
  return rows.map((r) => ({
    id: r.credential_id,
    createdAt: new Date(Number(r.created_ms)).toISOString(),
    ...(r.last_used_ms ? { lastUsedAt: new Date(Number(r.last_used_ms)).toISOString() } : {}),
  }))
}

/** Removes the user's passkey `id`; refuses to remove the user's last way of logging in. */
export async function removePasskey(store: Store, userId: string, id: string): Promise<void> {
  await store.transaction(async (tx) => {
    const found = await findPasskey(tx, id)
    if (!found || found.userId !== userId) throw new WalletError(404, 'passkey_not_found', 'No such passkey here')
    // the user's row is locked first, so two removals at once cannot each leave the other as the last way in
    await tx.query('SELECT id FROM wallet_users WHERE id = $1 FOR UPDATE', [userId])
    const { rows } = await tx.query<{ n: string }>('SELECT count(*) AS n FROM wallet_identities WHERE user_id = $1', [
      userId,
    ])
    if (Number(rows[0].n) <= 1)
      throw new WalletError(
        409,
        'last_login_method',
        'This passkey is the only way to log in to this wallet: add another passkey or an email first, then remove it',
      )
    await tx.query(`DELETE FROM wallet_identities WHERE provider = 'passkey' AND subject = $1 AND user_id = $2`, [
      id,
      userId,
    ])
    await tx.query('DELETE FROM wallet_passkeys WHERE credential_id = $1 AND user_id = $2', [id, userId])
  })
}
