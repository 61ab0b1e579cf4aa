// ESLint rule `foyer/boundaries`: the import arrows DESIGN.md §2 forbids, checked on every way a file can name another
// (import, re-export, import(), `typeof import()`, require(), require.resolve(), createRequire()(),
// `import x = require()`, `declare module '…'`, `/// <reference path>`), by where the specifier lands (areas.mjs:
// relative paths, the package's own name, a template literal's static prefix). Areas come from a file's path relative
// to the repository root:
//   protocol ↛ anything but protocol/ and packages (not React)     server ↛ anything but server/, protocol/ and packages
//   kernel ↛ React / shell / plugins / server / demo / examples / testing
//   shell ↛ plugins / server              plugin ↛ another plugin, server, or the shell beyond shell/ui
//   example plugin ↛ plugins / server / shell beyond shell/ui      any client code ↛ server
// An import of a package entry (index.ts, siwx.ts, wagmi.ts, testing.ts) from kernel, shell or plugins is judged by
// what the entry imports. A computed specifier in protocol, kernel, shell or plugins is refused: it cannot be checked.
// Tests (`*.test.*`) and test support (kernel/testing/, shell/testing.tsx) are exempt from every arrow but the two
// between client and server: flows cross client areas on purpose, never into the server's code or out of it.
import { areaOf, importsOfEntry, reachable, reactPackages, target, toRel } from './areas.mjs'

export { areaOf } from './areas.mjs'

const reactPackage = new RegExp(`^(${reactPackages.join('|').replace(/[/.]/g, '\\$&')})(/|$)`)
const throughEntries = ['kernel', 'shell', 'plugin', 'plugins-root']
const checked = ['protocol', ...throughEntries]

// The arrow from area `from` to the repository path `rel`: why it is forbidden, or undefined.
function arrow(from, rel, tests, seen) {
  const to = areaOf(rel)
  if (from.kind === 'protocol' && !tests && to.kind !== 'protocol')
    return `protocol/ imports only protocol/ and packages, never ${rel}`
  if (from.kind === 'server')
    return to.kind === 'server' || to.kind === 'protocol'
      ? undefined
      : `the server imports only server/, protocol/ and packages, never ${rel}`
  if (to.kind === 'server' && from.kind !== 'other') return `client code never imports server code (${rel})`
  if (tests) return undefined
  if (to.kind === 'entry' && throughEntries.includes(from.kind)) {
    if (seen.has(to.file)) return undefined
    seen.add(to.file)
    for (const specifier of importsOfEntry(to.file)) {
      const why = judge(from, to.file, specifier, tests, seen)
      if (why) return `${why}, through ${to.file}`
    }
    return undefined
  }
  switch (from.kind) {
    case 'kernel':
      if (!['kernel', 'protocol', 'other'].includes(to.kind)) return `the kernel never imports ${rel}`
      return undefined
    case 'shell':
      if (to.kind === 'plugin' || to.kind === 'plugins-root') return `the shell names no plugin (${rel})`
      return undefined
    case 'plugin':
    case 'example':
      if (to.kind === 'plugin' && !(from.kind === 'plugin' && to.name === from.name))
        return `a plugin never imports another plugin (${rel}); use a request or an event`
      if (to.kind === 'plugins-root') return `a plugin never imports the built-in plugin list (${rel})`
      if (to.kind === 'shell' && !to.ui) return `plugins use the shell's UI kit only (shell/ui), not ${rel}`
      if (to.kind === 'example' && to.name !== from.name) return `a plugin never imports another plugin (${rel})`
      return undefined
    default:
      return undefined
  }
}

// Why the file `importerRel` (area `from`) may not import `specifier`, or undefined.
function judge(from, importerRel, specifier, tests, seen = new Set()) {
  const t = target(importerRel, specifier)
  if (t.unknown) return from.kind === 'other' ? undefined : `${t.unknown} is not one of the package's exports`
  if (t.package) {
    if (reactPackage.test(t.package) && (from.kind === 'kernel' || (from.kind === 'protocol' && !tests)))
      return `${from.kind === 'kernel' ? 'the kernel' : 'protocol/'} never imports React ("${specifier}")`
    return undefined
  }
  return arrow(from, t.rel, tests, seen)
}

/** Why `importerRel` (repository-relative) may not import `specifier`, or undefined when it may. */
export function violation(importerRel, specifier, { tests = false } = {}) {
  return judge(areaOf(importerRel), importerRel, specifier, tests)
}

/** Why `importerRel` may not import a specifier that starts with `prefix` and goes on at run time, or undefined. */
export function prefixViolation(importerRel, prefix, { tests = false } = {}) {
  const from = areaOf(importerRel)
  if (prefix === '')
    return checked.includes(from.kind) && !tests
      ? 'a computed import specifier cannot be checked; name the module in a string'
      : undefined
  for (const r of reachable(importerRel, prefix)) {
    const why =
      r.rel !== undefined ? arrow(from, r.rel, tests, new Set()) : judge(from, importerRel, r.specifier, tests)
    if (why) return `${why} (a specifier starting "${prefix}" can reach it)`
  }
  return undefined
}

// A specifier expression: `{ value }` when it is written out, `{ prefix }` when only its start is (template
// literal or `'…' + x`), `{ prefix: '' }` when nothing is.
function specifierOf(node) {
  if (!node) return undefined
  if (node.type === 'Literal') return typeof node.value === 'string' ? { value: node.value } : undefined
  if (node.type === 'TSLiteralType') return specifierOf(node.literal)
  if (node.type === 'TemplateLiteral')
    return node.expressions.length === 0
      ? { value: node.quasis[0].value.cooked }
      : { prefix: node.quasis[0].value.cooked ?? '' }
  if (node.type === 'BinaryExpression' && node.operator === '+') {
    const left = specifierOf(node.left)
    return { prefix: left?.value ?? left?.prefix ?? '' }
  }
  return { prefix: '' }
}

const isCreateRequire = (n) =>
  n?.type === 'CallExpression' && n.callee.type === 'Identifier' && n.callee.name === 'createRequire'
const isResolve = (n) => n.type === 'MemberExpression' && !n.computed && n.property.name === 'resolve'
// require(…), require.resolve(…), createRequire(…)(…), createRequire(…).resolve(…), import.meta.resolve(…)
const isRequireLike = (callee) =>
  (callee.type === 'Identifier' && callee.name === 'require') ||
  isCreateRequire(callee) ||
  (isResolve(callee) &&
    ((callee.object.type === 'Identifier' && callee.object.name === 'require') ||
      isCreateRequire(callee.object) ||
      callee.object.type === 'MetaProperty'))

/** The rule. */
export const boundariesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Import arrows between protocol, kernel, shell, plugins and server (DESIGN.md §2)' },
    schema: [],
  },
  create(context) {
    const file = toRel(context.filename ?? context.getFilename())
    const tests = /\.test(-d)?\.[cm]?[jt]sx?$/.test(file) || /^(kernel\/testing\/|shell\/testing\.tsx$)/.test(file)
    const check = (node) => {
      const s = specifierOf(node)
      if (!s) return
      const why =
        s.value !== undefined ? violation(file, s.value, { tests }) : prefixViolation(file, s.prefix, { tests })
      if (why) context.report({ node, message: `Boundary: ${why}.` })
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => node.source && check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.argument),
      TSImportEqualsDeclaration: (node) =>
        node.moduleReference.type === 'TSExternalModuleReference' && check(node.moduleReference.expression),
      TSModuleDeclaration: (node) => node.id.type === 'Literal' && check(node.id),
      CallExpression: (node) => isRequireLike(node.callee) && node.arguments.length > 0 && check(node.arguments[0]),
      // `/// <reference path="…" />` pulls a file's declarations in like a type import
      Program: () => {
        for (const c of context.sourceCode.getAllComments()) {
          const m = c.type === 'Line' && /^\/\s*<reference\s+path\s*=\s*(["'])(.+?)\1/.exec(c.value)
          const why = m && violation(file, m[2].startsWith('.') ? m[2] : `./${m[2]}`, { tests })
          if (why) context.report({ loc: c.loc, message: `Boundary: ${why}.` })
        }
      },
    }
  },
}

/** The plugin object ESLint loads. */
export const foyerLintPlugin = { rules: { boundaries: boundariesRule } }
