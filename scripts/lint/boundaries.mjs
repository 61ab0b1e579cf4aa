// ESLint rule `foyer/boundaries`: the import arrows DESIGN.md §2 forbids, checked on every import, re-export and
// dynamic import(). Areas come from a file's path relative to the repository root:
//   kernel ↛ React / shell / plugins / server / demo / examples / testing
//   shell ↛ plugins / server              plugin ↛ another plugin, server, or the shell beyond shell/ui
//   example plugin ↛ plugins / server / shell beyond shell/ui      any client code ↛ server
// Tests (`*.test.*`) and test support (kernel/testing/, shell/testing.tsx) are exempt: flows cross areas on purpose.
import { dirname, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** The area a repository-relative path belongs to. */
export function areaOf(rel) {
  const parts = rel.split(/[\\/]/)
  const [top, second] = parts
  if (top === 'kernel') return { kind: 'kernel' }
  if (top === 'shell') return { kind: 'shell', ui: second === 'ui' }
  if (top === 'plugins') return parts.length > 2 ? { kind: 'plugin', name: second } : { kind: 'plugins-root' }
  if (top === 'examples') return { kind: 'example', name: second }
  if (top === 'server') return { kind: 'server' }
  if (top === 'demo' || top === 'testing' || rel === 'testing.ts' || rel === 'index.ts') return { kind: 'client' }
  return { kind: 'other' }
}

const reactPackage = /^(react|react-dom|@preact\/signals-react)(\/|$)/

/** Why `importer` may not import `target` (both repository-relative), or undefined when it may. */
export function violation(importerRel, specifier) {
  const from = areaOf(importerRel)
  if (!specifier.startsWith('.')) {
    if (from.kind === 'kernel' && reactPackage.test(specifier)) return `the kernel never imports React ("${specifier}")`
    return undefined
  }
  const targetRel = relative(root, resolve(root, dirname(importerRel), specifier))
    .split(sep)
    .join('/')
  const to = areaOf(targetRel)
  const clientKinds = ['kernel', 'shell', 'plugin', 'plugins-root', 'example', 'client']
  if (to.kind === 'server' && clientKinds.includes(from.kind)) return 'client code never imports server code'
  switch (from.kind) {
    case 'kernel':
      if (to.kind !== 'kernel' && to.kind !== 'other') return `the kernel never imports ${targetRel}`
      return undefined
    case 'shell':
      if (to.kind === 'plugin' || to.kind === 'plugins-root') return `the shell names no plugin (${targetRel})`
      return undefined
    case 'plugin':
    case 'example':
      if (to.kind === 'plugin' && !(from.kind === 'plugin' && to.name === from.name))
        return `a plugin never imports another plugin (${targetRel}); use a request or an event`
      if (to.kind === 'plugins-root') return `a plugin never imports the built-in plugin list (${targetRel})`
      if (to.kind === 'shell' && !to.ui) return `plugins use the shell's UI kit only (shell/ui), not ${targetRel}`
      if (to.kind === 'example' && to.name !== from.name) return `a plugin never imports another plugin (${targetRel})`
      return undefined
    default:
      return undefined
  }
}

/** The rule. */
export const boundariesRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Import arrows between kernel, shell, plugins and server (DESIGN.md §2)' },
    schema: [],
  },
  create(context) {
    const file = relative(root, context.filename ?? context.getFilename())
      .split(sep)
      .join('/')
    if (/\.test\.[cm]?[jt]sx?$/.test(file) || /^(kernel\/testing\/|shell\/testing\.tsx$)/.test(file)) return {}
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return
      const why = violation(file, source.value)
      if (why) context.report({ node: source, message: `Boundary: ${why}.` })
    }
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source : undefined),
      TSImportType: (node) => check(node, node.argument?.literal ?? node.argument),
    }
  },
}

/** The plugin object ESLint loads. */
export const foyerLintPlugin = { rules: { boundaries: boundariesRule } }
