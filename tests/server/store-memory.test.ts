// Issue 20 #14: the API held ~900 MB at idle, ~730 MB of it the embedded database: initdb's WASM heap (kept for the
// life of the process) and PostgreSQL's default 128 MB of shared buffers inside it. A child process opens a fresh
// data directory, migrates and seeds it as the API does, then reports its WASM/external memory and RSS.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const TSX = fileURLToPath(new URL('../../node_modules/tsx/dist/esm/index.mjs', import.meta.url))
const SERVICE = fileURLToPath(new URL('../../server/store/service.ts', import.meta.url))
const STORE = fileURLToPath(new URL('../../server/store/store.ts', import.meta.url))

describe('embedded store memory', () => {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-memory-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('a fresh and a reopened data directory each keep the WASM heap under 200 MB', async () => {
    const script = join(dir, 'open.mts')
    writeFileSync(
      script,
      `import { openStore } from ${JSON.stringify(STORE)}
import { prepareStore } from ${JSON.stringify(SERVICE)}
const store = await openStore({ dataDir: process.argv[2] })
await prepareStore(store)
globalThis.gc?.()
const m = process.memoryUsage()
console.log(JSON.stringify({ externalMb: m.external / 1048576, rssMb: m.rss / 1048576 }))
await store.close()
`,
    )
    const run = async () => {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--expose-gc', '--import', TSX, script, join(dir, 'db')],
        { timeout: 240_000 },
      )
      return JSON.parse(stdout.trim().split('\n').at(-1)!) as { externalMb: number; rssMb: number }
    }
    const fresh = await run()
    const reopened = await run()
    console.log(`embedded store: fresh ${JSON.stringify(fresh)}, reopened ${JSON.stringify(reopened)}`)
    // Before: 630 MB external after a fresh initdb, 199 MB on reopening (PostgreSQL's 128 MB buffers).
    expect(fresh.externalMb).toBeLessThan(200)
    expect(reopened.externalMb).toBeLessThan(160)
  }, 300_000)
})
