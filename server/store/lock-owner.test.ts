// Issue 30 #7: a restart after a crash waited 20–22 s for the dead holder's lock to go stale. Only a holder that is
// certainly dead (same host and PID namespace, pid gone or reused) gives up its lock at once.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { currentOwner, ownerIsDead, startTimeOf, type LockOwner } from './lock-owner.js'
import { lockDataDir } from './service.js'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

/** A data directory whose lock directory is held by `owner` (as a crashed process leaves it), fresh mtime. */
function heldBy(owner: Partial<LockOwner> | undefined): { dataDir: string; lockDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'foyer-owner-'))
  dirs.push(root)
  const dataDir = join(root, 'db')
  mkdirSync(dataDir)
  const lockDir = `${dataDir}.lock`
  mkdirSync(lockDir)
  if (owner) writeFileSync(join(lockDir, 'owner.json'), JSON.stringify({ ...currentOwner(), ...owner }))
  return { dataDir, lockDir }
}
const deadPid = () => spawnSync('true').pid

describe('the data directory lock after a crash', () => {
  it('takes the lock of a holder that died on this host at once', async () => {
    const { dataDir, lockDir } = heldBy({ pid: deadPid() })
    expect(ownerIsDead(lockDir)).toBe(true)
    const release = await lockDataDir(dataDir, 0)
    await release()
  })

  it('takes the lock when the pid now belongs to another process (its start time differs)', async () => {
    const { dataDir, lockDir } = heldBy({ pid: process.ppid, started: '1' })
    expect(ownerIsDead(lockDir)).toBe(true)
    await (
      await lockDataDir(dataDir, 0)
    )()
  })

  it('refuses while the holder lives', async () => {
    const { dataDir } = heldBy({ pid: process.ppid, started: startTimeOf(process.ppid) })
    await expect(lockDataDir(dataDir, 0)).rejects.toThrow(/is in use by another Foyer process/)
  })

  it('never judges a holder in another PID namespace, on another host, or without a record', async () => {
    for (const owner of [{ pid: deadPid(), pidNs: 'pid:[1]' }, { pid: deadPid(), host: 'elsewhere' }, undefined]) {
      const { dataDir, lockDir } = heldBy(owner)
      expect(ownerIsDead(lockDir)).toBe(false)
      await expect(lockDataDir(dataDir, 0)).rejects.toThrow(/is in use by another Foyer process/)
    }
  })

  it('records this process as the holder and releases cleanly', async () => {
    const { dataDir, lockDir } = heldBy(undefined)
    rmSync(lockDir, { recursive: true })
    const release = await lockDataDir(dataDir, 0)
    expect(ownerIsDead(lockDir)).toBe(false)
    await release()
    const again = await lockDataDir(dataDir, 0)
    await again()
  })
})
