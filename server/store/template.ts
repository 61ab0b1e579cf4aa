// Cached PGlite templates for tests. initdb dominates a PGlite start (3–8 s on a busy machine); a data directory
// dumped once to the temp folder and loaded per test file starts in about a second.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore, type Store } from './store.js'

/** Options of openFromTemplate. */
export interface TemplateOptions {
  /** Identifies the template's content; change it whenever `prepare` would produce something else. */
  key: string
  /** Run once on a fresh store before it is dumped (migrate, seed, ...). */
  prepare?: (store: Store) => Promise<void>
  /** Where the store lives; default memory://. A directory gets the template unpacked into it. */
  dataDir?: string
}

/** Opens a PGlite store from the cached template `key`, building and caching the template first when missing. */
export async function openFromTemplate(opts: TemplateOptions): Promise<Store> {
  if (!/^[-a-z0-9_]+$/i.test(opts.key)) throw new Error(`template key "${opts.key}" must be file-name safe`)
  const dataDir = opts.dataDir ?? 'memory://'
  const path = join(tmpdir(), `foyer-pglite-template-${opts.key}.tar`)
  if (existsSync(path)) {
    try {
      return await openStore({ dataDir, loadDataDir: new Blob([readFileSync(path)]) })
    } catch {
      // A truncated or foreign file: fall through and rebuild it.
    }
  }
  const store = await openStore({ dataDir: 'memory://' })
  await opts.prepare?.(store)
  const dump = Buffer.from(await (await store.dumpDataDir!()).arrayBuffer())
  // Write then rename, so a parallel test worker never reads a half-written template.
  const tmp = `${path}.${process.pid}.tmp`
  writeFileSync(tmp, dump)
  renameSync(tmp, path)
  if (dataDir === 'memory://') return store
  await store.close()
  return openStore({ dataDir, loadDataDir: new Blob([dump]) })
}
