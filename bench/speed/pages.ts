// Builds bench:speed's pages: the minimal Foyer host and React alone, each on React 19.3.1 and React 18.3.1 (the
// `react18` / `react-dom18` npm aliases). The Foyer page imports the built library (dist/lib), as a host app would.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { resolve as resolvePath } from 'node:path'
import commonjs from '@rollup/plugin-commonjs'
import resolve from '@rollup/plugin-node-resolve'
import replace from '@rollup/plugin-replace'
import { rollup, type Plugin } from 'rollup'
import esbuild from 'rollup-plugin-esbuild'

/** The React versions measured, with the package names that provide them. */
export const Reacts = [
  { name: 'react19', react: 'react', reactDom: 'react-dom' },
  { name: 'react18', react: 'react18', reactDom: 'react-dom18' },
] as const

/** The pages of each build: Foyer's minimal host and React alone. */
export const Pages = ['host', 'alone'] as const

/** Where a build lives (served as the site root). */
export const outDir = (react: string) => `dist/speed/${react}`

const sourceIndex = resolvePath('index.ts')

// `react`, `react/jsx-runtime`, `react-dom/client`… → the aliased package, from every importer (react-dom too).
const reactAlias = (r: (typeof Reacts)[number]): Plugin => ({
  name: 'react-alias',
  async resolveId(id, importer) {
    const m = /^(react-dom|react)(\/.*)?$/.exec(id)
    if (!m || r.name === 'react19') return null
    const target = `${m[1] === 'react' ? r.react : r.reactDom}${m[2] ?? ''}`
    return this.resolve(target, importer, { skipSelf: true })
  },
})

// The page names Foyer by its source entry (so it type-checks before a build); the bundle takes the built library.
const builtLibrary = (dir: string): Plugin => ({
  name: 'built-library',
  async resolveId(id, importer) {
    if (!id.endsWith('index.js') || !importer) return null
    const hit = await this.resolve(id, importer, { skipSelf: true })
    return hit?.id === sourceIndex ? resolvePath(dir, 'index.js') : null
  },
})

/** Builds every page for every React against the library in `libDir`; writes `dist/speed/<react>/<page>.html`. */
export async function buildPages(libDir = 'dist/lib'): Promise<void> {
  for (const r of Reacts) {
    await rm(outDir(r.name), { recursive: true, force: true })
    for (const page of Pages) {
      const bundle = await rollup({
        input: { [page]: `bench/speed/${page}.tsx` },
        plugins: [
          replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
          reactAlias(r),
          builtLibrary(libDir),
          resolve({ browser: true, extensions: ['.ts', '.tsx', '.js', '.mjs'], preferBuiltins: false }),
          commonjs(),
          esbuild({ target: 'es2022', jsx: 'automatic', minify: true, loaders: { '.ts': 'ts', '.tsx': 'tsx' } }),
        ],
        // The lazy chunks carry third-party SDKs whose bundling notes `npm run build` already prints.
        onwarn: () => undefined,
      })
      const { output } = await bundle.write({
        dir: `${outDir(r.name)}/assets`,
        format: 'es',
        entryFileNames: `${page}-[hash].js`,
        chunkFileNames: '[name]-[hash].js',
        manualChunks: (id) =>
          /node_modules\/(react|react-dom|react18|react-dom18|scheduler)\//.test(id) ? 'react' : undefined,
      })
      await bundle.close()
      const entry = output.find((o) => o.type === 'chunk' && o.isEntry)!
      const preload =
        entry.type === 'chunk' ? entry.imports.map((f) => `<link rel="modulepreload" href="/assets/${f}">`) : []
      await mkdir(outDir(r.name), { recursive: true })
      await writeFile(
        `${outDir(r.name)}/${page}.html`,
        `<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>${page}</title>\n<link rel="icon" href="data:,">\n<!--FOYER_DEMO_CONFIG-->\n${preload.join('\n')}\n<script type="module" src="/assets/${entry.fileName}"></script>\n</head>\n<body><div id="root"></div></body>\n</html>\n`,
      )
    }
  }
}
