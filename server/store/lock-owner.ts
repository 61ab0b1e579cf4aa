// Who holds the embedded data directory's lock: a small record inside the lock directory, so a restart on the same
// host can tell at once that the holder died (a crash, SIGKILL) instead of waiting for the lock to go stale.
// Only a certain death counts: the same host and PID namespace, and that pid gone or now another process (its start
// time differs). An owner in another container or on another host is never judged here; its lock goes stale as before.
import { readFileSync, readlinkSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'

const OWNER_FILE = 'owner.json'

/** The identity of a lock holder. */
export interface LockOwner {
  pid: number
  host: string
  /** The PID namespace (`pid:[inode]`): a pid means the same process only inside one namespace. */
  pidNs: string
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat field 22): tells a reused pid apart. */
  started: string
}

const pidNamespace = (): string => {
  try {
    return readlinkSync('/proc/self/ns/pid')
  } catch {
    return ''
  }
}

/** The start time of `pid` (clock ticks since boot), or undefined when no such process is visible. */
export function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces and parentheses): state is field 3, starttime field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]
  } catch {
    return undefined
  }
}

/** This process as a lock owner. */
export function currentOwner(): LockOwner {
  return { pid: process.pid, host: hostname(), pidNs: pidNamespace(), started: startTimeOf(process.pid) ?? '' }
}

/** Records this process as the holder of `lockDir` (a directory the lock library made). */
export function writeOwner(lockDir: string): void {
  // The lock library keeps its directory's mtime as proof of ownership: adding the file must not change it.
  const { atime, mtime } = statSync(lockDir)
  writeFileSync(join(lockDir, OWNER_FILE), JSON.stringify(currentOwner()))
  utimesSync(lockDir, atime, mtime)
}

/** True only when `lockDir`'s recorded holder is certainly dead; false when alive, elsewhere or unknown. */
export function ownerIsDead(lockDir: string): boolean {
  let owner: Partial<LockOwner>
  try {
    owner = JSON.parse(readFileSync(join(lockDir, OWNER_FILE), 'utf8')) as Partial<LockOwner>
  } catch {
    return false // no record yet (the holder is between taking the lock and writing it) or an older Foyer
  }
  const me = currentOwner()
  if (typeof owner.pid !== 'number' || owner.host !== me.host || !me.pidNs || owner.pidNs !== me.pidNs) return false
  if (owner.pid === me.pid) return false
  const started = startTimeOf(owner.pid)
  return started === undefined || (owner.started !== undefined && owner.started !== '' && started !== owner.started)
}
