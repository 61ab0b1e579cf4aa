// The store as a service: PGlite under config.dataDir (one process per directory, so it is locked) or PostgreSQL
// at config.databaseUrl, migrated and seeded before any service that needs it starts.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { defineService } from '../compose.js'
import { migrate } from './migrate.js'
import { seedRegistry } from '../registry/seed.js'
import type { RegistryData } from '../registry/types.js'
import { openStore, type Store } from './store.js'

/** The running store service. */
export interface StoreService {
  store: Store
  close(): Promise<void>
}

declare module '../compose.js' {
  interface ServiceMap {
    store: StoreService
  }
}

/** Prepares a store for the API: applies migrations and seeds the wallet registry (both idempotent). */
export async function prepareStore(store: Store, registry?: RegistryData): Promise<void> {
  await migrate(store)
  await seedRegistry(store, registry)
}

/** Opens, migrates and seeds the configured store. */
export const storeService = defineService({
  name: 'store',
  async start({ config }) {
    const embedded = !config.databaseUrl && !config.dataDir.startsWith('memory://')
    const unlock = embedded ? lockDataDir(dirname(config.dataDir)) : async () => {}
    try {
      const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
      await prepareStore(store).catch(async (err: unknown) => {
        await store.close()
        throw err
      })
      return {
        store,
        close: async () => {
          await store.close()
          await unlock()
        },
      }
    } catch (err) {
      await unlock()
      throw err
    }
  },
  describe: ({ store }) => [
    `store ${store.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded, FOYER_DATA_DIR)'}`,
  ],
})

// One process per data directory: two PGlite instances on one directory would corrupt it.
function lockDataDir(dir: string): () => Promise<void> {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, 'stack.pid')
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' })
  } catch {
    const holder = Number(readFileSync(file, 'utf8'))
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new Error(`another Foyer stack (pid ${holder}) is using ${dir}; stop it or choose another data directory`)
    }
    // a stale lock from a stack that died without cleaning up
    writeFileSync(file, String(process.pid))
  }
  return async () => {
    try {
      if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file)
    } catch {
      // already removed
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: the process exists but belongs to someone else
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}
