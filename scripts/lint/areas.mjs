// Where an import lands, for the `foyer/boundaries` rule (boundaries.mjs): the area of a repository path, the file a
// specifier names (relative, absolute, or the package's own name `foyer`, `foyer/kernel`, … from package.json
// "exports"), the paths a template-literal specifier can still reach past its static prefix, and what a package entry
// (index.ts, siwx.ts, …) imports, so an import of an entry is judged by what it pulls in.
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** The package entries at the root: they belong to no area and import the shell and the plugins. */
export const entries = ['index.ts', 'siwx.ts', 'wagmi.ts', 'testing.ts']

const tops = ['protocol', 'kernel', 'shell', 'plugins', 'examples', 'server', 'demo', 'testing']
const isDir = (rel) => existsSync(resolve(root, rel)) && statSync(resolve(root, rel)).isDirectory()

/** A repository-relative path with `/` separators ('' for the root). */
export const toRel = (abs) => relative(root, abs).split(sep).join('/')

/** The area a repository-relative path belongs to. */
export function areaOf(rel) {
  const parts = rel.split('/')
  const [top, second] = parts
  const file = rel === '' ? 'index.ts' : rel.replace(/\.[cm]?[jt]sx?$/, '') + '.ts'
  if (entries.includes(file)) return { kind: 'entry', file }
  if (top === 'protocol') return { kind: 'protocol' }
  if (top === 'kernel') return { kind: 'kernel' }
  if (top === 'shell') return { kind: 'shell', ui: second === 'ui' }
  if (top === 'plugins')
    // a folder import (`../names`) is the plugin's index.ts
    return parts.length > 2 || (parts.length === 2 && isDir(rel))
      ? { kind: 'plugin', name: second }
      : { kind: 'plugins-root' }
  if (top === 'examples') return { kind: 'example', name: second }
  if (top === 'server') return { kind: 'server' }
  if (top === 'demo' || top === 'testing') return { kind: top }
  return { kind: 'other' }
}

const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'))
// `foyer/kernel` → kernel/index.ts: an export's types path mirrors its source file
const ownExports = new Map(
  Object.entries(pkg.exports ?? {}).map(([key, target]) => [
    pkg.name + key.slice(1),
    target.types.replace(/^\.\/dist\/lib\/types\//, '').replace(/\.d\.ts$/, '.ts'),
  ]),
)
const serverName = JSON.parse(readFileSync(resolve(root, 'server/package.json'), 'utf8')).name

/**
 * The repository path `specifier` names from `importerRel`: `{ rel }` for a file of the repository, `{ package }` for
 * another package, `{ unknown }` for a subpath of the package's own name that is not one of its exports.
 */
export function target(importerRel, specifier) {
  if (specifier.startsWith('.')) return { rel: toRel(resolve(root, dirname(importerRel), specifier)) }
  if (isAbsolute(specifier)) return { rel: toRel(specifier) }
  if (specifier === pkg.name || specifier.startsWith(pkg.name + '/')) {
    const rel = ownExports.get(specifier)
    return rel ? { rel } : { unknown: specifier }
  }
  if (specifier === serverName || specifier.startsWith(serverName + '/'))
    return { rel: 'server' + specifier.slice(serverName.length) }
  return { package: specifier }
}

/** The packages the kernel and protocol/ never import. */
export const reactPackages = ['react', 'react-dom', '@preact/signals-react']

const some = '…' // a name no real file has: "whatever the expression gives"

/**
 * Stand-ins for every file a specifier starting with `prefix` can reach (the rest is computed at run time): one per
 * area under the prefix, each the least allowed path there (another plugin, the shell beyond shell/ui, …).
 */
export function reachable(importerRel, prefix) {
  if (!prefix.startsWith('.') && !isAbsolute(prefix)) {
    // a package name: the names with rules of their own it can still become, else some package
    const named = [...ownExports.keys(), ...reactPackages, `${serverName}/${some}`].filter((k) => k.startsWith(prefix))
    return [...named, prefix + some].map((specifier) => ({ specifier }))
  }
  // `../${x}` and `..${x}` both reach the parent folder's contents
  const folder = /(^|\/)\.{1,2}$/.test(prefix) || prefix.endsWith('/')
  let base = toRel(resolve(root, dirname(importerRel), prefix))
  if (base.startsWith('..')) return [] // outside the repository
  if (folder && base !== '') base += '/'
  // deepest first: under plugins/ that is another plugin before the built-in plugin list
  const paths = [`${base}${some}/${some}/${some}.ts`, `${base}${some}/${some}.ts`, `${base}${some}.ts`]
  if (!base.includes('/')) {
    for (const top of tops.filter((t) => t.startsWith(base)))
      paths.push(`${top}/${some}.ts`, `${top}/${some}/${some}.ts`)
    paths.push(...entries.filter((e) => e.startsWith(base)))
  }
  return paths.map((rel) => ({ rel }))
}

const entryImports = new Map()
/** The specifiers a package entry imports, re-exports or loads with import(). */
export function importsOfEntry(file) {
  if (!entryImports.has(file)) {
    const text = existsSync(resolve(root, file)) ? readFileSync(resolve(root, file), 'utf8') : ''
    const code = text.replace(/^\s*\/\/.*$/gm, '')
    entryImports.set(
      file,
      [...code.matchAll(/\b(?:from\s*|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]),
    )
  }
  return entryImports.get(file)
}
