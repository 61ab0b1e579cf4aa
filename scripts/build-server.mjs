// Builds the installable server package (server/package.json, `foyer-server`): server/main.ts and what it imports from
// the shared floor (protocol/: origin rules, sign-in messages, the frame protocol, …) bundled by esbuild into
// server/dist/main.js, which plain `node` runs (no tsx). Packages stay external: they are the package's dependencies. Usage:
// node scripts/build-server.mjs
import * as esbuild from 'esbuild'
import { chmod, readFile, rm } from 'node:fs/promises'
import { dirname, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const serverDir = resolve(root, 'server')
const outfile = resolve(serverDir, 'dist/main.js')
const started = Date.now()

/** The secure site's frame script (server/secure-site/frame-page.ts bundles it on first request under tsx). */
async function frameScript() {
  const r = await esbuild.build({
    entryPoints: [resolve(serverDir, 'secure-site/frame/main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
  })
  return r.outputFiles[0].text
}

// Each module's import.meta.url becomes its source file's URL relative to the bundle, so files read next to the
// code at run time (registry data, icons, migrations, contracts) are found where the package ships them: at the same
// paths under server/ as in the repository.
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8')
      if (!text.includes('import.meta.url')) return undefined
      if (!args.path.startsWith(serverDir + sep))
        throw new Error(`${relative(root, args.path)} reads import.meta.url but lies outside server/: not shipped`)
      const rel = relative(dirname(outfile), args.path).split(sep).join('/')
      const url = `new URL(${JSON.stringify(rel)}, import.meta.url).href`
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' }
    })
  },
}

await rm(resolve(serverDir, 'dist'), { recursive: true, force: true })
const result = await esbuild.build({
  entryPoints: [resolve(serverDir, 'main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  banner: { js: '#!/usr/bin/env node' },
  define: { __FOYER_FRAME_JS__: JSON.stringify(await frameScript()) },
  plugins: [keepModuleUrls],
  metafile: true,
  logLevel: 'warning',
})
await chmod(outfile, 0o755)
const bytes = Object.values(result.metafile.outputs)[0].bytes
console.log(
  `built server/dist/main.js (${(bytes / 1024).toFixed(0)} KiB) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
)
