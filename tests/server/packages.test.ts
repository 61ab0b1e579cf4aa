// The two packages a user installs, as `npm pack` makes them from what `npm run build` built: the library (`foyer`)
// depends on exactly the packages its dist/lib imports (a server package creeping back into its dependencies fails
// here), and the server (`foyer-server`) carries its bundle, its run-time files and its own dependencies at the root
// lockfile's versions. Both are installed offline into an empty folder, and the installed `foyer-server` bin (plain
// node, no tsx) answers /healthz on PGlite, and on PostgreSQL + Redis when DATABASE_URL and Redis are at hand.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { redisAvailable, testPrefix, testRedisUrl } from '../../server/relay/redis-testing.js'
import { offlineLockfile, type Lockfile } from './offline-lock.js'
import { filesUnder, importedPackages, pack, readPackageJson, unpack, type PackageJson } from './packed.js'
import { startServerProcess, withSchema, type ServerProcess } from './processes.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const DATABASE_URL = process.env.DATABASE_URL
const onPostgres = Boolean(DATABASE_URL) && redisAvailable
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as Lockfile
const keys = (o: Record<string, string> | undefined) => Object.keys(o ?? {})

describe('the packed library and server packages, installed offline into an empty folder', () => {
  let dir: string
  let lib: string
  let server: string
  let installed: string
  const procs: ServerProcess[] = []

  beforeAll(() => {
    for (const built of ['dist/lib/index.js', 'server/dist/main.js'])
      if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` first`)
    dir = mkdtempSync(join(tmpdir(), 'foyer-packages-'))
    lib = unpack(pack(ROOT, dir), join(dir, 'lib'))
    server = unpack(pack(join(ROOT, 'server'), dir), join(dir, 'server'))
  })

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.kill('SIGKILL')))
    // The install is ~450 MB of small files: removing them takes a minute on a busy disk, so it goes on unwatched.
    if (dir) spawn('rm', ['-rf', dir], { detached: true, stdio: 'ignore' }).unref()
  })

  it('the library depends on exactly what its dist/lib imports: no server package', async () => {
    const pkg = readPackageJson(lib)
    const code = filesUnder(join(lib, 'dist/lib')).filter((f) => f.endsWith('.js'))
    const imported = await importedPackages(code.map((f) => join(lib, 'dist/lib', f)))
    // Unused dependencies are what a server package (ioredis, prom-client, pg, …) would be in a browser library.
    expect(keys(pkg.dependencies).filter((d) => !imported.has(d))).toEqual([])
    for (const serverOnly of ['ioredis', 'prom-client', 'proper-lockfile', 'rate-limiter-flexible', 'pg', 'hono'])
      expect(pkg.dependencies).not.toHaveProperty(serverOnly)
    // …and everything it imports is declared: a dependency, or a peer (React; foyer/testing's optional ones).
    const declared = new Set([...keys(pkg.dependencies), ...keys(pkg.peerDependencies)])
    expect([...imported.keys()].filter((name) => !declared.has(name))).toEqual([])
  })

  it('the server ships its bundle, its run-time files and its dependencies at the root lockfile versions', async () => {
    const pkg = readPackageJson(server)
    const files = filesUnder(server)
    expect(pkg.bin).toEqual({ 'foyer-server': 'dist/main.js' })
    expect(readFileSync(join(server, 'dist/main.js'), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true)
    // Read from disk at run time next to the code (server/registry/data.ts, icons/icons.ts, store/migrate.ts, …).
    for (const file of ['registry/data/wallets.json', 'icons/data/icons.json', 'contracts/SignInAccount.sol'])
      expect(files).toContain(file)
    const migrations = (dirFiles: string[]) => dirFiles.filter((f) => /^store\/migrations\/\d+_.*\.sql$/.test(f))
    expect(migrations(files).sort()).toEqual(migrations(filesUnder(join(ROOT, 'server'))).sort())
    expect(files.filter((f) => f.endsWith('.ts'))).toEqual([])
    for (const [name, version] of Object.entries(pkg.dependencies ?? {}))
      expect(`${name}@${version}`).toBe(`${name}@${lock.packages[`node_modules/${name}`]?.version}`)
    // Every package the bundle imports when it loads is a dependency (late imports may be optional, e.g. solc).
    const imported = await importedPackages([join(server, 'dist/main.js')])
    const atLoad = [...imported].filter(([, kinds]) => kinds.has('import-statement')).map(([name]) => name)
    expect(atLoad.filter((name) => !pkg.dependencies?.[name])).toEqual([])
  })

  it('installs both tarballs offline; the foyer-server bin answers /healthz on PGlite', async () => {
    installed = join(dir, 'app')
    const libPkg = readPackageJson(lib)
    const serverPkg = readPackageJson(server)
    const deps = {
      foyer: `file:../foyer-${libPkg.version}.tgz`,
      'foyer-server': `file:../foyer-server-${serverPkg.version}.tgz`,
    }
    const peers = keys(libPkg.peerDependencies).filter((n) => !libPkg.peerDependenciesMeta?.[n]?.optional)
    const reach = [...keys(libPkg.dependencies), ...peers, ...keys(serverPkg.dependencies)]
    mkdirSync(installed)
    writeFileSync(join(installed, 'package.json'), JSON.stringify({ name: 'app', private: true, dependencies: deps }))
    const appLock = offlineLockfile(lock, { dependencies: deps, reach }, 'app')
    writeFileSync(join(installed, 'package-lock.json'), JSON.stringify(appLock, null, 2))
    const npm = ['install', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error']
    execFileSync('npm', npm, { cwd: installed, stdio: ['ignore', 'ignore', 'pipe'] })

    const installedLib = readPackageJson(join(installed, 'node_modules/foyer')) as PackageJson
    expect(installedLib.dependencies).toEqual(libPkg.dependencies)
    // No TypeScript loader and no bundler: the secure site's frame script comes prebuilt.
    for (const absent of ['tsx', 'esbuild']) expect(existsSync(join(installed, 'node_modules', absent))).toBe(false)
    const bin = resolve(installed, 'node_modules/.bin/foyer-server')
    // The secure site on too (a KEK file, an SMTP server it never calls here): it serves files of its own.
    const smtp = { host: '127.0.0.1', port: 2525, from: 'wallet@example.com' }
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ secureSite: { kekFile: 'kek', port: 0, smtp } }))
    const env = { FOYER_DATA_DIR: join(dir, 'db'), FOYER_CONFIG: join(dir, 'config.json') }
    const proc = await startServerProcess(env, /^API http/m, { argv: [bin], cwd: installed, readyWithinMs: 180_000 })
    procs.push(proc)
    expect(proc.output()).toMatch(/^store PGlite/m)
    expect(await (await fetch(`${proc.url('API')}/healthz`)).json()).toEqual({ ok: true })
    const relay = proc.url('relay').replace(/^ws/, 'http')
    expect((await fetch(`${relay}/healthz`)).status).toBe(200)
    const frame = await fetch(`${proc.url('secure site')}/frame.js`)
    expect(frame.status).toBe(200)
    expect(await frame.text()).toContain('foyer-frame-settings')
    expect(await proc.kill('SIGTERM')).toBe(0)
  }, 420_000)

  it.skipIf(!onPostgres)(
    'the installed bin runs on DATABASE_URL and REDIS_URL',
    async () => {
      expect(installed, 'the offline install above must have run').toBeTruthy()
      const schema = `t_packages_${process.pid}_${Date.now().toString(36)}`
      const db = new pg.Client({ connectionString: DATABASE_URL })
      await db.connect()
      await db.query(`CREATE SCHEMA ${schema}`)
      try {
        const env = {
          DATABASE_URL: withSchema(DATABASE_URL!, schema),
          REDIS_URL: await testRedisUrl(),
          FOYER_REDIS_PREFIX: testPrefix('packages'),
        }
        const argv = [resolve(installed, 'node_modules/.bin/foyer-server')]
        const proc = await startServerProcess(env, /^API http/m, { argv, cwd: installed })
        procs.push(proc)
        expect(proc.output()).toMatch(/^store PostgreSQL \(DATABASE_URL\)/m)
        expect(proc.output()).toMatch(/^relay ws:\S+ \(mailboxes in Redis\)/m)
        expect(await (await fetch(`${proc.url('API')}/healthz`)).json()).toEqual({ ok: true })
        const tables = await db.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = $1`, [schema])
        expect(tables.rows[0].n).toBeGreaterThan(0)
        expect(await proc.kill('SIGTERM')).toBe(0)
      } finally {
        await db.query(`DROP SCHEMA ${schema} CASCADE`)
        await db.end()
      }
    },
    120_000,
  )
})
