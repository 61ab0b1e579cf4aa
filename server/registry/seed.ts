// Loads the registry into the wallets table. Idempotent and cheap on restart: a hash of the registry is kept in
// server_meta and the upsert only runs when it changed.
import { createHash } from 'node:crypto'
import type { Store } from '../store/store.js'
import { shippedRegistry } from './data.js'
import type { RegistryData, RegistryWallet } from './types.js'

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
  'universal_link',
  'desktop_link',
  'webapp_link',
  'app_store',
  'play_store',
  'chrome_store',
  'injected',
  'source',
  'icon_type',
  'icon',
]
const CASTS: Record<string, string> = { chains: '::text[]', injected: '::jsonb', icon: '::bytea' }
// 17 columns × 100 rows stays far below PostgreSQL's 65535 bind-parameter limit.
const CHUNK = 100

function row(w: RegistryWallet, data: RegistryData): unknown[] {
  const icon = data.icons.get(w.id)
  return [
    w.id,
    w.name,
    w.rdns ?? null,
    w.homepage ?? null,
    w.order,
    w.chains,
    w.mobileLink ?? null,
    w.universalLink ?? null,
    w.desktopLink ?? null,
    w.webappLink ?? null,
    w.appStore ?? null,
    w.playStore ?? null,
    w.chromeStore ?? null,
    JSON.stringify(w.injected ?? []),
    w.source,
    icon?.type ?? null,
    icon ? Buffer.from(icon.data) : null,
  ]
}

/** A stable fingerprint of a registry (wallets and icons). */
export function registryHash(data: RegistryData): string {
  const h = createHash('sha256').update(JSON.stringify(data.wallets))
  for (const w of data.wallets) {
    const icon = data.icons.get(w.id)
    if (icon) h.update(w.id).update(icon.type).update(icon.data)
  }
  return h.digest('hex')
}

/** Writes the registry into the store when it differs from what was seeded last; returns true when it wrote. */
export async function seedRegistry(store: Store, data: RegistryData = shippedRegistry()): Promise<boolean> {
  const hash = registryHash(data)
  return store.transaction(async (tx) => {
    // Several API processes may start together against one PostgreSQL; they take turns here.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY])
    const { rows } = await tx.query<{ value: string }>('SELECT value FROM server_meta WHERE key = $1', [META_KEY])
    if (rows[0]?.value === hash) return false
    for (let i = 0; i < data.wallets.length; i += CHUNK) {
      const chunk = data.wallets.slice(i, i + CHUNK)
      const params: unknown[] = []
      const tuples = chunk.map((w) => {
        const values = row(w, data)
        const base = params.length
        params.push(...values)
        return `(${values.map((_, j) => `$${base + j + 1}${CASTS[COLUMNS[j]] ?? ''}`).join(', ')})`
      })
      const updates = COLUMNS.slice(1)
        .map((c) => `${c} = EXCLUDED.${c}`)
        .join(', ')
      await tx.query(
        `INSERT INTO wallets (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')} ON CONFLICT (id) DO UPDATE SET ${updates}`,
        params,
      )
    }
    await tx.query('DELETE FROM wallets WHERE NOT (id = ANY($1::text[]))', [data.wallets.map((w) => w.id)])
    await tx.query(
      'INSERT INTO server_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()',
      [META_KEY, hash],
    )
    return true
  })
}
