// Users of the embedded wallet, reached through any login (provider-agnostic: email now, social providers later),
// each with keys generated here on first login: one EVM key (its EOA, and the owner of its smart account) and one
// Solana key. Keys are sealed before they touch the store and opened only to sign, inside this process.
import { randomBytes, randomUUID } from 'node:crypto'
import { bytesToHex, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { SqlRunner, Store } from '../store/store.js'
import { WalletError } from './errors.js'
import type { Sealer } from './seal.js'
import { solanaAddress } from './solana.js'

/** Namespaces a user has a key on. */
export const KEY_NAMESPACES = ['eip155', 'solana'] as const

/** A key namespace. */
export type KeyNamespace = (typeof KEY_NAMESPACES)[number]

/** A login: which provider vouched for whom. */
export interface Identity {
  /** `email`, or a social provider id (`google`, `farcaster`, …). */
  provider: string
  /** The provider's stable id for the person (for email: the lower-case address). */
  subject: string
  username?: string
}

/** A user as the API sees it (no keys). */
export interface WalletUser {
  id: string
  email?: string
  username?: string
  /** The social provider (or `farcaster`) the user logs in with, when not by email. */
  socialProvider?: string
  /** EOA address per key namespace. */
  addresses: Record<KeyNamespace, string>
  /** Preferred account type per namespace, as last chosen. */
  accountTypes: Record<string, string>
}

const aad = (userId: string, namespace: string) => `foyer-wallet-key:v1:${userId}:${namespace}`

/** The user behind `identity`, created with fresh keys on the first login. */
export async function loginIdentity(store: Store, sealer: Sealer, identity: Identity): Promise<WalletUser> {
  const userId = await store.transaction(async (tx) => {
    const found = await tx.query<{ user_id: string }>(
      'SELECT user_id FROM wallet_identities WHERE provider = $1 AND subject = $2',
      [identity.provider, identity.subject],
    )
    if (found.rows[0]) {
      // a provider's user name may change between logins; the latest one is shown
      if (identity.username)
        await tx.query('UPDATE wallet_identities SET username = $3 WHERE provider = $1 AND subject = $2', [
          identity.provider,
          identity.subject,
          identity.username,
        ])
      return found.rows[0].user_id
    }
    const id = randomUUID()
    await tx.query('INSERT INTO wallet_users (id) VALUES ($1)', [id])
    await tx.query('INSERT INTO wallet_identities (provider, subject, user_id, username) VALUES ($1, $2, $3, $4)', [
      identity.provider,
      identity.subject,
      id,
      identity.username ?? null,
    ])
    for (const namespace of KEY_NAMESPACES) await createKey(tx, sealer, id, namespace)
    return id
  })
  const user = await getUser(store, userId)
  if (!user) throw new WalletError(500, 'user_missing', 'The user could not be loaded')
  return user
}

async function createKey(tx: SqlRunner, sealer: Sealer, userId: string, namespace: KeyNamespace): Promise<void> {
  const secret = new Uint8Array(randomBytes(32))
  const address = namespace === 'eip155' ? privateKeyToAccount(bytesToHex(secret)).address : await solanaAddress(secret)
  const sealed = sealer.seal(secret, aad(userId, namespace))
  secret.fill(0)
  await tx.query(
    'INSERT INTO wallet_keys (user_id, namespace, address, kek_id, nonce, ciphertext, tag) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [userId, namespace, address, sealed.kekId, sealed.nonce, sealed.ciphertext, sealed.tag],
  )
}

/** Loads a user by id, or undefined. */
export async function getUser(store: SqlRunner, userId: string): Promise<WalletUser | undefined> {
  const [users, identities, keys] = await Promise.all([
    store.query<{ account_types: Record<string, string> }>('SELECT account_types FROM wallet_users WHERE id = $1', [
      userId,
    ]),
    store.query<{ provider: string; subject: string; username: string | null }>(
      'SELECT provider, subject, username FROM wallet_identities WHERE user_id = $1 ORDER BY created_at',
      [userId],
    ),
    store.query<{ namespace: KeyNamespace; address: string }>(
      'SELECT namespace, address FROM wallet_keys WHERE user_id = $1',
      [userId],
    ),
  ])
  if (!users.rows[0]) return undefined
  const email = identities.rows.find((i) => i.provider === 'email')?.subject
  // a passkey is a way to log in, not a social provider to show
  const social = identities.rows.find((i) => i.provider !== 'email' && i.provider !== 'passkey')
  const username = social?.username ?? undefined
  const addresses = Object.fromEntries(keys.rows.map((k) => [k.namespace, k.address])) as Record<KeyNamespace, string>
  return {
    id: userId,
    email,
    username,
    socialProvider: social?.provider,
    addresses,
    accountTypes: users.rows[0].account_types ?? {},
  }
}

/** Opens the user's key of `namespace` (32 bytes: the EVM private key, or the Solana ed25519 seed). */
export async function openKey(store: Store, sealer: Sealer, userId: string, namespace: KeyNamespace): Promise<Hex> {
  const { rows } = await store.query<{ kek_id: string; nonce: Uint8Array; ciphertext: Uint8Array; tag: Uint8Array }>(
    'SELECT kek_id, nonce, ciphertext, tag FROM wallet_keys WHERE user_id = $1 AND namespace = $2',
    [userId, namespace],
  )
  const row = rows[0]
  if (!row) throw new WalletError(404, 'no_key', `The user has no ${namespace} key`)
  const bytes = sealer.open(
    { kekId: row.kek_id, nonce: row.nonce, ciphertext: row.ciphertext, tag: row.tag },
    aad(userId, namespace),
  )
  const hex = bytesToHex(bytes)
  bytes.fill(0)
  return hex
}

/** Records the preferred account type of a namespace. */
export async function setAccountType(store: Store, userId: string, namespace: string, type: string): Promise<void> {
  await store.query(
    `UPDATE wallet_users SET account_types = account_types || jsonb_build_object($2::text, $3::text) WHERE id = $1`,
    [userId, namespace, type],
  )
}

/** Moves the user's email login to `newEmail`; refuses an address another user already logs in with. */
export async function changeEmail(store: Store, userId: string, newEmail: string): Promise<void> {
  await store.transaction(async (tx) => {
    const taken = await tx.query<{ user_id: string }>(
      `SELECT user_id FROM wallet_identities WHERE provider = 'email' AND subject = $1`,
      [newEmail],
    )
    if (taken.rows[0] && taken.rows[0].user_id !== userId)
      throw new WalletError(409, 'email_taken', 'Another wallet already uses this email address')
    const updated = await tx.query(
      `UPDATE wallet_identities SET subject = $2 WHERE provider = 'email' AND user_id = $1 RETURNING subject`,
      [userId, newEmail],
    )
    if (updated.rows.length === 0)
      await tx.query(`INSERT INTO wallet_identities (provider, subject, user_id) VALUES ('email', $1, $2)`, [
        newEmail,
        userId,
      ])
  })
}
