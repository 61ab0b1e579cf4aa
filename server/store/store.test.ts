import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appliedMigrations, loadMigrations, migrate } from './migrate.js'
import { openStore, type Store, type StoreOptions } from './store.js'
import { openFromTemplate } from './template.js'

const DATABASE_URL = process.env.DATABASE_URL
// A private schema per run keeps a shared PostgreSQL database clean and lets the suite run twice.
const SCHEMA = `t_store_${process.pid}_${Date.now().toString(36)}`
const engines: Array<{ label: string; opts: () => StoreOptions; skip?: string }> = [
  { label: 'PGlite (memory)', opts: () => ({ dataDir: 'memory://' }) },
  {
    label: 'PostgreSQL (DATABASE_URL)',
    opts: () => ({ databaseUrl: DATABASE_URL, schema: SCHEMA }),
    skip: DATABASE_URL ? undefined : 'DATABASE_URL is not set (run server/store/ci-postgres.sh to get one)',
  },
]

for (const engine of engines) {
  // describe.skipIf shows the reason in the test name, so a skipped PostgreSQL run is visible in the report.
  describe.skipIf(Boolean(engine.skip))(
    `store on ${engine.label}${engine.skip ? ` — skipped: ${engine.skip}` : ''}`,
    () => {
      let store: Store
      let migDir: string

      beforeAll(async () => {
        const opts = engine.opts()
        // A blank cached template skips initdb; it holds nothing but what initdb creates.
        store = opts.databaseUrl ? await openStore(opts) : await openFromTemplate({ key: 'blank-v1' })
        migDir = mkdtempSync(join(tmpdir(), 'foyer-mig-'))
        writeFileSync(
          join(migDir, '001_first.sql'),
          'CREATE TABLE things (id integer PRIMARY KEY, tags text[] NOT NULL, doc jsonb);',
        )
        writeFileSync(join(migDir, '002_second.sql'), "ALTER TABLE things ADD COLUMN label text NOT NULL DEFAULT 'x';")
      })
      afterAll(async () => {
        if (store?.kind === 'postgres') await store.exec(`DROP SCHEMA ${SCHEMA} CASCADE`)
        await store?.close()
        rmSync(migDir, { recursive: true, force: true })
      })

      it('reports its kind', () => {
        expect(store.kind).toBe(engine.opts().databaseUrl ? 'postgres' : 'pglite')
      })

      it('applies migrations once, in order, and records them', async () => {
        const first = await migrate(store, migDir)
        expect(first).toEqual([1, 2])
        expect(await migrate(store, migDir)).toEqual([])
        expect(await appliedMigrations(store)).toEqual([1, 2])
      })

      it('runs parameterised queries with arrays and jsonb the same way', async () => {
        await store.query('INSERT INTO things (id, tags, doc) VALUES ($1, $2, $3)', [
          1,
          ['a', 'b'],
          JSON.stringify({ k: 1 }),
        ])
        const { rows } = await store.query<{
          id: number
          tags: string[]
          doc: { k: number }
          label: string
          n: number
        }>('SELECT id, tags, doc, label, count(*) OVER ()::int AS n FROM things WHERE tags && $1::text[]', [['b', 'z']])
        expect(rows).toEqual([{ id: 1, tags: ['a', 'b'], doc: { k: 1 }, label: 'x', n: 1 }])
      })

      it('rolls a failed transaction back', async () => {
        await expect(
          store.transaction(async (tx) => {
            await tx.query('INSERT INTO things (id, tags) VALUES ($1, $2)', [2, []])
            throw new Error('boom')
          }),
        ).rejects.toThrow('boom')
        const { rows } = await store.query('SELECT id FROM things WHERE id = 2')
        expect(rows).toEqual([])
      })

      it('names the failing migration', async () => {
        writeFileSync(join(migDir, '003_broken.sql'), 'CREATE TABLE nope (;')
        await expect(migrate(store, migDir)).rejects.toThrow(/003_broken failed/)
        rmSync(join(migDir, '003_broken.sql'))
        expect(await appliedMigrations(store)).toEqual([1, 2])
      })
    },
  )
}

describe('loadMigrations', () => {
  it('rejects bad names and duplicate numbers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-mig-bad-'))
    try {
      writeFileSync(join(dir, '1_x.sql'), '')
      expect(() => loadMigrations(dir)).toThrow(/NNN_name.sql/)
      rmSync(join(dir, '1_x.sql'))
      writeFileSync(join(dir, '005_a.sql'), '')
      writeFileSync(join(dir, '005_b.sql'), '')
      expect(() => loadMigrations(dir)).toThrow(/share the number 005/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('finds the project migrations in order', () => {
    const versions = loadMigrations().map((m) => m.version)
    expect(versions[0]).toBe(1)
    expect([...versions].sort((a, b) => a - b)).toEqual(versions)
  })
})

describe('PGlite on disk', () => {
  it('keeps data across reopen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'foyer-db-'))
    mkdirSync(dir, { recursive: true })
    try {
      const a = await openFromTemplate({ key: 'blank-v1', dataDir: join(dir, 'db') })
      await a.exec('CREATE TABLE kv (k text PRIMARY KEY, v text)')
      await a.query('INSERT INTO kv VALUES ($1, $2)', ['hello', 'world'])
      await a.close()
      const b = await openStore({ dataDir: join(dir, 'db') })
      expect((await b.query('SELECT v FROM kv')).rows).toEqual([{ v: 'world' }])
      await b.close()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
