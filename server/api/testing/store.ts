// In-memory test stores, migrated and seeded, started from a cached PGlite template (see store/template.ts).
import { createHash } from 'node:crypto'
import { shippedRegistry } from '../../registry/data.js'
import { registryHash } from '../../registry/seed.js'
import { loadMigrations } from '../../store/migrate.js'
import type { Store } from '../../store/store.js'
import { openFromTemplate } from '../../store/template.js'
import { prepareStore } from '../../store/service.js'

function templateKey(): string {
  // Covers every migration and the registry, so a changed schema never loads a stale template.
  const h = createHash('sha256')
  for (const m of loadMigrations()) h.update(`${m.version}:${m.name}:${m.sql}\n`)
  h.update(registryHash(shippedRegistry()))
  return `api-${h.digest('hex').slice(0, 24)}`
}

/** An in-memory PGlite store, already migrated and seeded. */
export async function openTestStore(): Promise<Store> {
  const store = await openFromTemplate({ key: templateKey(), prepare: prepareStore })
  // Cheap when the template is current (both steps are idempotent); guards against a stale or foreign template.
  await prepareStore(store)
  return store
}
