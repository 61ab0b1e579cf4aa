// Loads the registry into the wallets table. Idempotent and cheap on restart: a hash of the registry is kept in
// server_meta and the upsert only runs when it changed.
import { createHash } from 'node:crypto'
import type { Store } from '../store/store.js'
import { buildRegistry } from './registry.js'
import type { RegistryWallet } from './types.js'

const META_KEY = 'registry_hash'
const LOCK_KEY = 720_510_002
const COLUMNS = [
  'id',
  'name',
  'rdns',
  'homepage',
  'sort_order',
  'chains',
  'mobile_link',
  'desktop_link',
  'webapp_link',
  'app_store',
  'play_store',
  'injected',
  'generated',
]
// 13 columns × 100 rows stays far below PostgreSQL's 65535 bind-parameter limit.
const CHUNK = 100

function row(w: RegistryWallet): unknown[] {
  return [
    w.id,
    w.name,
    w.rdns ?? null,
    w.homepage,
    w.order,
    w.chains,
    w.mobileLink ?? null,
    w.desktopLink ?? null,
    w.webappLink ?? null,
    w.appStore ?? null,
    w.playStore ?? null,
    JSON.stringify(w.injected ?? []),
    w.generated,
  ]
}

/** Writes the registry into the store when it differs from what was seeded last; returns true when it wrote. */
export async function seedRegistry(store: Store, wallets: RegistryWallet[] = buildRegistry()): Promise<boolean> {
  const hash = createHash('sha256').update(JSON.stringify(wallets)).digest('hex')
  return store.transaction(async (tx) => {
    // Several API processes may start together against one PostgreSQL; they take turns here.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY])
    const { rows } = await tx.query<{ value: string }>('SELECT value FROM server_meta WHERE key = $1', [META_KEY])
    if (rows[0]?.value === hash) return false
    for (let i = 0; i < wallets.length; i += CHUNK) {
      const chunk = wallets.slice(i, i + CHUNK)
      const params: unknown[] = []
      const tuples = chunk.map((w) => {
        const values = row(w)
        const base = params.length
        params.push(...values)
        return `(${values.map((_, j) => (j === 5 ? `$${base + j + 1}::text[]` : j === 11 ? `$${base + j + 1}::jsonb` : `$${base + j + 1}`)).join(', ')})`
      })
      const updates = COLUMNS.slice(1)
        .map((c) => `${c} = EXCLUDED.${c}`)
        .join(', ')
      await tx.query(
        `INSERT INTO wallets (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')} ON CONFLICT (id) DO UPDATE SET ${updates}`,
        params,
      )
    }
    await tx.query('DELETE FROM wallets WHERE NOT (id = ANY($1::text[]))', [wallets.map((w) => w.id)])
    await tx.query(
      'INSERT INTO server_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()',
      [META_KEY, hash],
    )
    return true
  })
}
