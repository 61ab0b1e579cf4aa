// The store as a service: PGlite under config.dataDir (one process per directory: `lockDataDir`) or PostgreSQL
// at config.databaseUrl, migrated and seeded before any service that needs it starts.
import fs, { mkdirSync, realpathSync } from 'node:fs'
import { resolve } from 'node:path'
import { logLine } from '../observe/log.js'
import { defineService } from '../compose.js'
import { migrate } from './migrate.js'
import { seedRegistry } from '../registry/seed.js'
import type { RegistryData } from '../registry/types.js'
import { openStore, type Store } from './store.js'
import { ownerIsDead, writeOwner } from './lock-owner.js'

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
    const unlock = embedded ? await lockDataDir(config.dataDir) : async () => {}
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

// One process per data directory: two PGlite instances on one directory lose each other's writes. The lock is a
// directory next to it (`<dataDir>.lock`, made atomically by mkdir, its mtime refreshed while we live), so it also
// holds across PID namespaces (containers of a rolling restart) and hosts sharing the volume. It records its holder
// (lock-owner.ts): a restart on the same host takes a dead holder's lock at once; a holder it cannot see (another
// container or host) that died leaves a lock that goes stale after LOCK_STALE_MS, which a restart waits out.
// PGlite runs on the main thread and can hold it for seconds on a busy machine, which delays the refresh.
const LOCK_STALE_MS = 20_000

// The lock library removes its directory with rmdir; ours holds the owner record, so removal takes the contents.
const lockFs = {
  ...fs,
  rmdir: (path: string, cb: (err: NodeJS.ErrnoException | null) => void) =>
    fs.rm(path, { recursive: true, force: true }, cb),
  rmdirSync: (path: string) => fs.rmSync(path, { recursive: true, force: true }),
}

/** Takes the exclusive lock on `dataDir` or throws a message saying who to stop; resolves the release. */
export async function lockDataDir(dataDir: string, waitMs = LOCK_STALE_MS + 2_000): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true })
  const lockDir = `${realpathSync(dataDir)}.lock`
  const { lock } = await import('proper-lockfile')
  const take = async (retries: number) => {
    const release = await lock(dataDir, {
      fs: lockFs,
      lockfilePath: lockDir,
      stale: LOCK_STALE_MS,
      update: LOCK_STALE_MS / 5,
      retries: { retries, factor: 1, minTimeout: 1000, maxTimeout: 1000 },
      // Our refresh came late (a long stall) or another process took the directory: take it again if nobody else
      // has, else stop writing at once.
      onCompromised: (err) => {
        take(0).then(
          () => logLine('warn', 'store', 'data_dir_lock_renewed', { dataDir, reason: err.message }),
          () => {
            logLine('error', 'store', 'data_dir_lock_lost', { dataDir, reason: err.message })
            process.exit(1)
          },
        )
      },
    })
    writeOwner(lockDir)
    return release
  }
  const locked = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ELOCKED'
  try {
    return await take(0).catch((err: unknown) => {
      if (!locked(err)) throw err
      if (ownerIsDead(lockDir)) {
        lockFs.rmdirSync(lockDir)
        logLine('warn', 'store', 'data_dir_lock_taken_from_dead_owner', { dataDir: resolve(dataDir) })
        return take(0)
      }
      if (waitMs <= 0) throw err
      logLine('warn', 'store', 'data_dir_locked', {
        dataDir: resolve(dataDir),
        waitingSeconds: Math.ceil(waitMs / 1000),
        why: 'another process holds it; if that process died, its lock goes stale',
      })
      return take(Math.ceil(waitMs / 1000))
    })
  } catch (err) {
    if (!locked(err)) throw err
    throw new Error(
      `the data directory ${resolve(dataDir)} is in use by another Foyer process (lock ${resolve(dataDir)}.lock); ` +
        'stop that process, set FOYER_DATA_DIR to another directory, or use DATABASE_URL (PostgreSQL) to run several',
      { cause: err },
    )
  }
}
