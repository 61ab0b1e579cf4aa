// Issue 20 #3: two API processes on one embedded data directory lost writes. The second must refuse to start, with
// a message saying why, also when it cannot see the first one's pid (another container of a rolling restart).
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { startServerProcess, type ServerProcess } from './processes.js'

const MAIN = fileURLToPath(new URL('../../server/main.ts', import.meta.url))
const TSX = fileURLToPath(new URL('../../node_modules/tsx/dist/esm/index.mjs', import.meta.url))
// A PID namespace of its own when this machine allows one (root): the first process's pid is invisible there.
const ownPidNamespace = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0

/** Runs server/main.ts to its exit (in its own PID namespace when possible); resolves its code and output. */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('FOYER_')))
  delete base.DATABASE_URL
  const node = [process.execPath, '--import', TSX, MAIN]
  const [cmd, ...args] = ownPidNamespace
    ? ['unshare', '--pid', '--fork', '--mount-proc', '--kill-child', ...node]
    : node
  const child = spawn(cmd, args, { env: { ...base, FOYER_PORT: '0', FOYER_RELAY_PORT: '0', ...env } })
  let out = ''
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString()
    // It started on the held directory (the bug): stop it so the test fails on its assertion, not on a time-out.
    if (/^store PGlite/m.test(out)) child.kill('SIGKILL')
  })
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })))
}

describe('embedded data directory lock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'foyer-lock-'))
  const env = { FOYER_SERVICES: 'api', FOYER_DATA_DIR: join(dir, 'db') }
  let first: ServerProcess | undefined
  afterAll(async () => {
    await first?.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  })

  it(`a second process refuses to start while the first holds the directory${ownPidNamespace ? ' (second in its own PID namespace)' : ''}`, async () => {
    first = await startServerProcess(env)
    const second = await runToExit(env)
    expect(second.code).not.toBe(0)
    expect(second.out).toContain(`the data directory ${join(dir, 'db')} is in use by another Foyer process`)
    expect(second.out).not.toMatch(/^store PGlite/m)
    expect(first.child.exitCode).toBeNull()
  }, 240_000)

  // Issue 30 #7: a restart after a crash waited 20–22 s for the dead owner's lock to go stale.
  it('after the holder is killed with SIGKILL, a new process on the same host takes the directory at once', async () => {
    await first!.kill('SIGKILL')
    first = await startServerProcess(env)
    expect(first.output()).not.toContain('data_dir_locked')
    expect(first.output()).toContain('data_dir_lock_taken_from_dead_owner')
    await first.kill('SIGTERM')
  }, 240_000)
})
