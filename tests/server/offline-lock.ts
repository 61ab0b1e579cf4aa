// A lockfile for installing packed tarballs offline: npm's cache holds the tarballs the repository's own install
// fetched but not the registry's package documents, so `npm install --offline` resolves nothing by itself. Every
// dependency of the packed packages is already in the root package-lock.json; this copies the part of its tree they
// reach (at the same paths, so each lookup lands where it did) into a lockfile for an empty folder.

/** One entry of a lockfile's `packages` (the fields used here). */
interface LockEntry {
  version?: string
  resolved?: string
  integrity?: string
  dev?: boolean
  optional?: boolean
  devOptional?: boolean
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
  [field: string]: unknown
}

/** A package-lock.json (version 3). */
export interface Lockfile {
  name?: string
  lockfileVersion: number
  requires?: boolean
  packages: Record<string, LockEntry>
}

/** What the new folder installs: a name and its direct dependencies as found in the root lock. */
export interface OfflineRoot {
  /** Names the folder's own package.json depends on (resolved from the root lock's top level). */
  dependencies: Record<string, string>
  /** Package names whose dependency lists must be met (e.g. those of the packed tarballs). */
  reach: string[]
}

// Where Node (and npm's tree) finds `name` from the package at `from`: its own node_modules, then each ancestor's.
function resolve(lock: Lockfile, from: string, name: string): string | undefined {
  let at = from
  for (;;) {
    const candidate = at ? `${at}/node_modules/${name}` : `node_modules/${name}`
    if (lock.packages[candidate]) return candidate
    if (!at) return undefined
    const cut = at.lastIndexOf('/node_modules/')
    at = cut < 0 ? '' : at.slice(0, cut)
  }
}

/** The entries of `lock` reached from `names` (looked up at the top level) through their dependency lists. */
export function reachedEntries(lock: Lockfile, names: readonly string[]): Map<string, LockEntry> {
  const out = new Map<string, LockEntry>()
  const visit = (from: string, name: string, required: boolean): void => {
    const path = resolve(lock, from, name)
    if (!path) {
      if (required) throw new Error(`${name} (needed by ${from || 'the root'}) is not in the root package-lock.json`)
      return
    }
    if (out.has(path)) return
    const entry = lock.packages[path]
    out.set(path, entry)
    for (const dep of Object.keys(entry.dependencies ?? {})) visit(path, dep, true)
    // Optional ones exist in the lock only for this platform (e.g. litesvm's linux binary); absent ones are skipped.
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) visit(path, dep, false)
    for (const dep of Object.keys(entry.peerDependencies ?? {}))
      visit(path, dep, !entry.peerDependenciesMeta?.[dep]?.optional)
  }
  for (const name of names) visit('', name, true)
  return out
}

/** A lockfile for an empty folder whose package.json depends on `root.dependencies`. */
export function offlineLockfile(lock: Lockfile, root: OfflineRoot, name: string): Lockfile {
  const packages: Record<string, LockEntry> = { '': { name, dependencies: root.dependencies } }
  for (const [path, entry] of reachedEntries(lock, root.reach)) {
    // Here every package is a production one: the root lock's dev flags would have npm leave them out or prune them.
    const { dev: _dev, devOptional, ...rest } = entry
    packages[path] = devOptional ? { ...rest, optional: true } : rest
  }
  return { name, lockfileVersion: 3, requires: true, packages }
}
