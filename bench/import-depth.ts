// The longest chain of imports (static and dynamic) from one entry file, within one folder: how many files deep a
// plugin's code goes. `node --import tsx bench/import-depth.ts plugins/namespaces/index.ts plugins/namespaces`
// prints the depth counting type-only imports too (what the issue measured) and counting runtime imports only,
// each with its chain. Tests are left out; a cycle ends a chain where it closes.
import { existsSync, readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'

const [entry = 'plugins/namespaces/index.ts', within = dirname(entry)] = process.argv.slice(2)
const root = resolve(within)

// `import … from`, `export … from` (with `import type` marked) and `import('…')`, relative specifiers only.
const pattern = /(import\s+type\b|import|export)\s[^'";]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g

const resolveSpec = (from: string, spec: string): string | undefined => {
  const base = resolve(dirname(from), spec).replace(/\.js$/, '')
  for (const ext of ['.ts', '.tsx', '/index.ts']) if (existsSync(base + ext)) return base + ext
  return undefined
}

const importsOf = (file: string, runtimeOnly: boolean): string[] => {
  const out: string[] = []
  for (const m of readFileSync(file, 'utf8').matchAll(pattern)) {
    if (runtimeOnly && m[1]?.startsWith('import') && /\btype\b/.test(m[1])) continue
    const target = resolveSpec(file, m[2] ?? m[3])
    if (target && target.startsWith(root + '/') && !/\.test(-d)?\.tsx?$/.test(target)) out.push(target)
  }
  return [...new Set(out)]
}

/** The longest chain from `start` (files, entry first). */
export function longestChain(start: string, runtimeOnly: boolean): string[] {
  const memo = new Map<string, string[]>()
  const onPath = new Set<string>()
  const walk = (f: string): string[] => {
    const known = memo.get(f)
    if (known) return known
    onPath.add(f)
    let best: string[] = []
    for (const g of importsOf(f, runtimeOnly)) {
      if (onPath.has(g)) continue
      const c = walk(g)
      if (c.length > best.length) best = c
    }
    onPath.delete(f)
    const chain = [f, ...best]
    memo.set(f, chain)
    return chain
  }
  return walk(resolve(start))
}

for (const runtimeOnly of [false, true]) {
  const chain = longestChain(entry, runtimeOnly)
  console.log(`${runtimeOnly ? 'runtime imports' : 'all imports'}: depth ${chain.length}`)
  console.log('  ' + chain.map((f) => relative(root, f)).join(' -> '))
}
