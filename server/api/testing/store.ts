// Fast in-memory stores for tests. initdb dominates a PGlite start (3–8 s on a busy machine); a migrated, seeded
// template dumped once to the temp folder and loaded per test file takes about a second instead.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildRegistry } from '../../registry/registry.js'
import { loadMigrations } from '../../store/migrate.js'
import { openStore, type Store } from '../../store/store.js'
import { prepareStore } from '../server.js'

function templateKey(): string {
  const h = createHash('sha256')
  for (const m of loadMigrations()) h.update(`${m.version}:${m.name}:${m.sql}\n`)
  h.update(JSON.stringify(buildRegistry()))
  return h.digest('hex').slice(0, 24)
}

/** An in-memory PGlite store, already migrated and seeded; built from a cached template when one exists. */
export async function openTestStore(): Promise<Store> {
  // The key covers every migration and the registry, so a changed schema never loads a stale template.
  const path = join(tmpdir(), `foyer-pglite-template-${templateKey()}.tar`)
  if (existsSync(path)) {
    try {
      const store = await openStore({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(path)]) })
      await prepareStore(store)
      return store
    } catch {
      // A truncated or foreign file: fall through and rebuild it.
    }
  }
  const store = await openStore({ dataDir: 'memory://' })
  await prepareStore(store)
  if (store.dumpDataDir) {
    const dump = Buffer.from(await (await store.dumpDataDir()).arrayBuffer())
    // Write then rename, so a parallel test worker never reads a half-written template.
    const tmp = `${path}.${process.pid}.tmp`
    writeFileSync(tmp, dump)
    renameSync(tmp, path)
  }
  return store
}
