// Every domain failure carries a code a host can test (DESIGN §1 "Errors"), as wagmi's and viem's errors do: a
// `new FoyerError(message)` without one reads as the catch-all FOYER_ERROR. Found by syntax, not by a pattern, so a
// call split over lines or a helper building the error is read the same way.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
// Every folder is checked (plugins/namespaces too, since its new layout landed).
const Skipped = new Set<string>()

const sources = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = `${dir}/${e.name}`
    if (e.isDirectory()) return Skipped.has(path) || e.name === 'testing' ? [] : sources(path)
    return /\.tsx?$/.test(e.name) && !/\.test(-d)?\.tsx?$/.test(e.name) ? [path] : []
  })

/** The `new FoyerError(…)` calls in `text` whose options name no code, as "file:line". */
function uncodedErrors(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node) && node.expression.getText(file) === 'FoyerError') {
      const options = node.arguments?.[1]
      const coded =
        options &&
        ts.isObjectLiteralExpression(options) &&
        options.properties.some((p) => p.name?.getText(file) === 'code')
      if (!coded) found.push(`${path}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`)
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

describe('error codes', () => {
  it('every FoyerError raised in kernel/, shell/ and plugins/ names its code', () => {
    const files = ['kernel', 'shell', 'plugins'].flatMap(sources)
    expect(files.length).toBeGreaterThan(100)
    const uncoded = files.flatMap((f) => uncodedErrors(f, readFileSync(join(root, f), 'utf8')))
    expect(uncoded).toEqual([])
  })

  it('reads a call split over lines, and one whose options carry a category only', () => {
    const text = `const a = new FoyerError(\n  'x',\n)\nconst b = new FoyerError('y', { category: 'SERVER' })\nconst c = new FoyerError('z', { code: 'Z' })`
    expect(uncodedErrors('f.ts', text)).toEqual(['f.ts:1', 'f.ts:4'])
  })
})
