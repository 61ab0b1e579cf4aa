// The server's one storage seam: embedded PostgreSQL (PGlite) by default, a PostgreSQL server when DATABASE_URL is set.
// Both speak the same SQL, so migrations and queries are written once.
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'

/** The part of a store that runs SQL; also what a transaction callback receives. */
export interface SqlRunner {
  /** Runs one parameterised statement ($1, $2, ...) and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  /** Runs one or more statements without parameters (migrations, DDL). */
  exec(sql: string): Promise<void>
}

/** A handle on the server's database. */
export interface Store extends SqlRunner {
  /** Which engine backs this store. */
  kind: 'pglite' | 'postgres'
  /** Runs `fn` inside BEGIN/COMMIT on one connection; rolls back when it throws. */
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>
  /** Releases the database (closes PGlite or ends the pool). */
  close(): Promise<void>
  /** PostgreSQL only: one dedicated connection outside the pool, for session state such as advisory locks. */
  session?(): Promise<StoreSession>
  /** PGlite only: a tarball of the data directory, loadable through StoreOptions.loadDataDir (test templates). */
  dumpDataDir?(): Promise<Blob>
}

/** A dedicated PostgreSQL connection; `lost` fires once when it breaks (its session locks are then released). */
export interface StoreSession extends SqlRunner {
  onLost(listener: (err: Error) => void): void
  close(): Promise<void>
}

/** Where the store lives: a PGlite data directory (or `memory://`) or a PostgreSQL URL. */
export interface StoreOptions {
  /** PGlite data directory; default `.foyer/db` under the working directory; `memory://` keeps it in memory. */
  dataDir?: string
  /** postgres://... URL; when set it wins over dataDir. */
  databaseUrl?: string
  /** Pool size for PostgreSQL (default 10). */
  maxConnections?: number
  /** PostgreSQL only: create this schema if missing and put it first on every connection's search_path (test isolation). */
  schema?: string
  /** PGlite only: start from this dump (made by Store.dumpDataDir) instead of running initdb; much faster. */
  loadDataDir?: Blob
}

/** The default PGlite data directory, relative to the working directory. */
export const DEFAULT_DATA_DIR = '.foyer/db'

/** Opens the store: a pg Pool when `databaseUrl` is given, otherwise PGlite under `dataDir`. */
export async function openStore(opts: StoreOptions = {}): Promise<Store> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.maxConnections ?? 10, opts.schema)
  return openPglite(opts.dataDir ?? DEFAULT_DATA_DIR, opts.loadDataDir)
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Store> {
  // Imported late so a PostgreSQL deployment never loads the WASM build.
  const { PGlite } = await import('@electric-sql/pglite')
  const inMemory = dataDir.startsWith('memory://')
  if (!inMemory) mkdirSync(resolve(dataDir), { recursive: true })
  const db = await PGlite.create(inMemory ? dataDir : resolve(dataDir), loadDataDir ? { loadDataDir } : {})
  let closed = false
  return {
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      const res = await db.query<T>(sql, params)
      return { rows: res.rows }
    },
    async exec(sql: string) {
      await db.exec(sql)
    },
    async transaction<T>(fn: (tx: SqlRunner) => Promise<T>) {
      return db.transaction(async (tx) =>
        fn({
          async query<R>(sql: string, params?: unknown[]) {
            const res = await tx.query<R>(sql, params)
            return { rows: res.rows }
          },
          async exec(sql: string) {
            await tx.exec(sql)
          },
        }),
      )
    },
    async close() {
      if (closed) return
      closed = true
      await db.close()
    },
    async dumpDataDir() {
      return db.dumpDataDir('none')
    },
  }
}

async function openPostgres(url: string, max: number, schema?: string): Promise<Store> {
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema))
    throw new Error(`store schema "${schema}" must be a lower-case SQL identifier`)
  const { default: pg } = await import('pg')
  if (schema) {
    const setup = new pg.Client({ connectionString: url })
    await setup.connect()
    await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`).finally(() => setup.end())
  }
  // search_path as a start-up option applies to every pooled connection, unlike a SET on one of them.
  const pool = new pg.Pool({ connectionString: url, max, ...(schema ? { options: `-c search_path=${schema}` } : {}) })
  // An idle client losing its connection emits 'error' on the pool; without a listener that would crash the process.
  pool.on('error', (err) => console.error('[store] idle PostgreSQL client error:', err.message))
  // Fail at start-up, not on the first request, when the server is unreachable.
  const probe = await pool.connect()
  probe.release()
  let closed = false
  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      const res = await pool.query(sql, params as unknown[] | undefined)
      return { rows: res.rows as T[] }
    },
    async exec(sql: string) {
      await pool.query(sql)
    },
    async transaction<T>(fn: (tx: SqlRunner) => Promise<T>) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn({
          async query<R>(sql: string, params?: unknown[]) {
            const res = await client.query(sql, params as unknown[] | undefined)
            return { rows: res.rows as R[] }
          },
          async exec(sql: string) {
            await client.query(sql)
          },
        })
        await client.query('COMMIT')
        return result
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw err
      } finally {
        client.release()
      }
    },
    async session() {
      const client = new pg.Client({
        connectionString: url,
        // A query on a connection cut off without a FIN must fail, not hang: the caller may hold a lock on it.
        query_timeout: 5000,
        ...(schema ? { options: `-c search_path=${schema}` } : {}),
      })
      const listeners: Array<(err: Error) => void> = []
      let lost = false
      const lose = (err: Error) => {
        if (lost) return
        lost = true
        for (const l of listeners) l(err)
      }
      client.on('error', lose)
      client.on('end', () => lose(new Error('connection ended')))
      await client.connect()
      return {
        async query<T>(sql: string, params?: unknown[]) {
          const res = await client.query(sql, params as unknown[] | undefined)
          return { rows: res.rows as T[] }
        },
        async exec(sql: string) {
          await client.query(sql)
        },
        onLost: (l) => void listeners.push(l),
        async close() {
          lost = true
          await client.end().catch(() => undefined)
        },
      }
    },
    async close() {
      if (closed) return
      closed = true
      await pool.end()
    },
  }
}
