// Reads and writes name records (SPEC §3 Name record) in the store.
import type { SqlRunner, Store } from '../store/store.js'

/** A name record as the API returns it. */
export interface NameRecord {
  name: string
  registered_at: string
  updated_at: string
  /** Keyed by ENSIP-11 coin type (decimal string). */
  addresses: Record<string, { address: string; created: string }>
  attributes: Record<string, string>
}

interface NameRow {
  name: string
  registered_at: Date | string
  updated_at: Date | string
  attributes: Record<string, string> | string
}

const iso = (v: Date | string): string => new Date(v).toISOString()

async function hydrate(db: SqlRunner, rows: NameRow[]): Promise<NameRecord[]> {
  if (rows.length === 0) return []
  const { rows: addrs } = await db.query<{
    name: string
    coin_type: string | number
    address: string
    created: Date | string
  }>('SELECT name, coin_type, address, created FROM name_addresses WHERE name = ANY($1::text[]) ORDER BY coin_type', [
    rows.map((r) => r.name),
  ])
  return rows.map((r) => ({
    name: r.name,
    registered_at: iso(r.registered_at),
    updated_at: iso(r.updated_at),
    addresses: Object.fromEntries(
      addrs
        .filter((a) => a.name === r.name)
        .map((a) => [String(a.coin_type), { address: a.address, created: iso(a.created) }]),
    ),
    attributes: typeof r.attributes === 'string' ? (JSON.parse(r.attributes) as Record<string, string>) : r.attributes,
  }))
}

/** One record by full name, or null. */
export async function findName(db: SqlRunner, name: string): Promise<NameRecord | null> {
  const { rows } = await db.query<NameRow>(
    'SELECT name, registered_at, updated_at, attributes FROM names WHERE name = $1',
    [name],
  )
  return (await hydrate(db, rows))[0] ?? null
}

/** Which of the given full names are registered. */
export async function registeredNames(db: SqlRunner, names: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ name: string }>('SELECT name FROM names WHERE name = ANY($1::text[])', [names])
  return new Set(rows.map((r) => r.name))
}

/** Records whose address for `coinType` is `address` (any coin type when null), most recently updated first. */
export async function namesForAddress(db: SqlRunner, address: string, coinType: number | null): Promise<NameRecord[]> {
  const { rows } = await db.query<NameRow>(
    `SELECT n.name, n.registered_at, n.updated_at, n.attributes FROM names n
      WHERE EXISTS (SELECT 1 FROM name_addresses a WHERE a.name = n.name AND a.address_lower = $1 AND ($2::bigint IS NULL OR a.coin_type = $2::bigint))
      ORDER BY n.updated_at DESC, n.name`,
    [address.toLowerCase(), coinType],
  )
  return hydrate(db, rows)
}

/** Outcome of a registration attempt. */
export type RegisterResult =
  | { kind: 'created' | 'updated'; record: NameRecord }
  | { kind: 'conflict' }
  /** This very message was used before, or a message signed after it already wrote the name. */
  | { kind: 'replayed' }
  /** The name is new and the address already holds `held` names, its budget. */
  | { kind: 'overBudget'; held: number }

/** How long a used message's digest is kept: longer than a message stays fresh (±10 min around the server time). */
export const USED_MESSAGE_RETENTION_MINUTES = 30

/**
 * Registers `name` for `address` at `coinType`, or updates it when `address` already holds it (at any coin type).
 * A name held by another address is a conflict; a message used before (same `digest`), or signed before the one
 * that last wrote the name, is a replay. Runs in one transaction so two racing registrations cannot both win.
 */
export async function registerName(
  store: Store,
  q: {
    name: string
    coinType: number
    address: string
    attributes: Record<string, string>
    signedAt: number
    digest: string
  },
  /** Names one address may hold; 0 = unlimited. */
  budget = 0,
): Promise<RegisterResult> {
  return store.transaction(async (tx) => {
    await tx.query(
      `DELETE FROM name_messages WHERE used_at < now() - make_interval(mins => ${USED_MESSAGE_RETENTION_MINUTES})`,
    )
    // true the first time this message is used
    const firstUse = async () =>
      (
        await tx.query('INSERT INTO name_messages (digest) VALUES ($1) ON CONFLICT (digest) DO NOTHING RETURNING 1', [
          q.digest,
        ])
      ).rows.length > 0
    const inserted = await tx.query<{ name: string }>(
      `INSERT INTO names (name, attributes, signed_at) VALUES ($1, $2::jsonb, $3)
       ON CONFLICT (name) DO NOTHING RETURNING name`,
      [q.name, JSON.stringify(q.attributes), q.signedAt],
    )
    if (inserted.rows.length === 0) {
      // lock the existing record, then check who holds it and whether this message is newer than the last write
      const { rows: locked } = await tx.query<{ signed_at: string | number | null }>(
        'SELECT signed_at FROM names WHERE name = $1 FOR UPDATE',
        [q.name],
      )
      const { rows } = await tx.query('SELECT 1 FROM name_addresses WHERE name = $1 AND address_lower = $2', [
        q.name,
        q.address.toLowerCase(),
      ])
      if (rows.length === 0) return { kind: 'conflict' as const }
      const last = locked[0]?.signed_at
      const older = last !== null && last !== undefined && Number(last) > q.signedAt
      if (older || !(await firstUse())) return { kind: 'replayed' as const }
      await tx.query('UPDATE names SET attributes = $2::jsonb, signed_at = $3, updated_at = now() WHERE name = $1', [
        q.name,
        JSON.stringify(q.attributes),
        q.signedAt,
      ])
    } else {
      if (budget > 0) {
        // one registration per address at a time (until commit), so racing ones count each other's names
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`names:${q.address.toLowerCase()}`])
        const { rows } = await tx.query<{ held: string | number }>(
          'SELECT count(DISTINCT name) AS held FROM name_addresses WHERE address_lower = $1',
          [q.address.toLowerCase()],
        )
        const held = Number(rows[0]?.held ?? 0)
        if (held >= budget) {
          await tx.query('DELETE FROM names WHERE name = $1', [q.name])
          return { kind: 'overBudget' as const, held }
        }
      }
      // a name that did not exist cannot have been written by this message before: just remember it
      await firstUse()
    }
    await tx.query(
      `INSERT INTO name_addresses (name, coin_type, address, address_lower) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name, coin_type) DO UPDATE SET address = EXCLUDED.address, address_lower = EXCLUDED.address_lower,
         created = CASE WHEN name_addresses.address_lower = EXCLUDED.address_lower THEN name_addresses.created ELSE now() END`,
      [q.name, q.coinType, q.address, q.address.toLowerCase()],
    )
    const record = await findName(tx, q.name)
    if (!record) throw new Error(`name ${q.name} vanished inside its own transaction`)
    return { kind: inserted.rows.length > 0 ? ('created' as const) : ('updated' as const), record }
  })
}
