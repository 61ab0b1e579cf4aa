// Plain SQL migrations, applied in numeric order and recorded in schema_migrations.
// Numbers 001–099 belong to the API core, 100–199 to the chain/indexer side, 200–299 to the embedded wallet (secure
// site); all live in ./migrations.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Store } from './store.js'

/** One migration file, parsed from its name `NNN_name.sql`. */
export interface Migration {
  version: number
  name: string
  sql: string
}

/** The folder holding the project's migration files. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url))

// Any constant works; it only has to be the same in every process so concurrent starts take turns.
const MIGRATION_LOCK_KEY = 720_510_001

const FILE_PATTERN = /^(\d{3})_([a-z0-9_]+)\.sql$/

/** Reads and orders the migration files in `dir`; throws on a malformed name or a duplicate number. */
export function loadMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const seen = new Map<number, string>()
  const migrations: Migration[] = []
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.sql')) continue
    const match = FILE_PATTERN.exec(file)
    if (!match) throw new Error(`migration file name "${file}" must look like NNN_name.sql (lower-case name)`)
    const version = Number(match[1])
    const other = seen.get(version)
    if (other) throw new Error(`migrations "${other}" and "${file}" share the number ${match[1]}`)
    seen.set(version, file)
    migrations.push({ version, name: match[2], sql: readFileSync(join(dir, file), 'utf8') })
  }
  return migrations.sort((a, b) => a.version - b.version)
}

/** Applies every pending migration in order, each in its own transaction; returns the versions applied now. */
export async function migrate(store: Store, dir: string = MIGRATIONS_DIR): Promise<number[]> {
  const migrations = loadMigrations(dir)
  const applied: number[] = []
  await store.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY])
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
  })
  for (const m of migrations) {
    await store.transaction(async (tx) => {
      // Re-check under the lock: another API process may have applied it since we looked.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY])
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version])
      if (rows.length > 0) return
      try {
        await tx.exec(m.sql)
      } catch (err) {
        throw new Error(`migration ${String(m.version).padStart(3, '0')}_${m.name} failed: ${(err as Error).message}`, {
          cause: err,
        })
      }
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name])
      applied.push(m.version)
    })
  }
  return applied
}

/** Lists the versions recorded in schema_migrations, ascending. */
export async function appliedMigrations(store: Store): Promise<number[]> {
  const { rows } = await store.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')
  return rows.map((r) => r.version)
}
