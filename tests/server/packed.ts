// Packing and reading the two packages a user installs: `npm pack` of the library (repository root) and of the server
// (server/), a tarball's files, and the packages its built JavaScript imports.
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { join } from 'node:path'
import * as esbuild from 'esbuild'

/** A package.json's fields read here. */
export interface PackageJson {
  name: string
  version: string
  bin?: Record<string, string>
  dependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
}

/** Runs `npm pack` in `dir` and returns the tarball's path in `dest`. */
export function pack(dir: string, dest: string): string {
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', dest], { cwd: dir, encoding: 'utf8' })
  const [{ filename }] = JSON.parse(out) as Array<{ filename: string }>
  return join(dest, filename)
}

/** Unpacks `tarball` into `dest` and returns the package's folder (`dest/package`). */
export function unpack(tarball: string, dest: string): string {
  mkdirSync(dest, { recursive: true })
  execFileSync('tar', ['-xzf', tarball, '-C', dest])
  return join(dest, 'package')
}

/** Every file under `dir`, relative to it, with `/` separators. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
}

/** Reads a package.json. */
export function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson
}

/** The package name of a bare import specifier (`@scope/name/sub` → `@scope/name`); undefined for Node's own. */
export function packageName(specifier: string): string | undefined {
  if (isBuiltin(specifier)) return undefined
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
}

/** Package name → how `files` import it (`import-statement`, `dynamic-import`, …), as esbuild reads the code. */
export async function importedPackages(files: string[]): Promise<Map<string, Set<string>>> {
  const result = await esbuild.build({
    entryPoints: files,
    bundle: true,
    write: false,
    outdir: 'unused',
    packages: 'external',
    format: 'esm',
    platform: 'neutral',
    metafile: true,
    logLevel: 'silent',
  })
  const out = new Map<string, Set<string>>()
  for (const input of Object.values(result.metafile.inputs))
    for (const i of input.imports) {
      const name = i.external ? packageName(i.path) : undefined
      if (name) out.set(name, (out.get(name) ?? new Set()).add(i.kind))
    }
  return out
}
