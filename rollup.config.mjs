// Two builds: the library (ESM, one chunk per plugin through dynamic import(), dependencies external) and the demo
// page (everything bundled and minified, React in its own chunk so bench/size can count it separately).
import commonjs from '@rollup/plugin-commonjs'
import resolve from '@rollup/plugin-node-resolve'
import replace from '@rollup/plugin-replace'
import esbuild from 'rollup-plugin-esbuild'
import { readFileSync } from 'node:fs'

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'))
// playwright-core is only a type import of foyer/testing; host apps bring their own, as they do the Solana and
// Bitcoin test wallets' signers and runtime (litesvm is a native module and must never be bundled).
const testingOnly = ['playwright-core', 'litesvm', '@noble/curves', '@noble/hashes', '@scure/btc-signer']
const externals = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies), ...testingOnly]
const isExternal = (id) => externals.some((d) => id === d || id.startsWith(`${d}/`))
const ts = (minify) => esbuild({ target: 'es2022', jsx: 'automatic', minify, sourceMap: true, loaders: { '.ts': 'ts', '.tsx': 'tsx' } })
const quiet = (warning, warn) => {
  // Third-party bundles carry "use client" directives and pure annotations rollup cannot place; harmless here.
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'INVALID_ANNOTATION' || warning.code === 'CIRCULAR_DEPENDENCY') return
  warn(warning)
}

const library = {
  input: { index: 'index.ts', kernel: 'kernel/index.ts', testing: 'testing.ts' },
  external: isExternal,
  plugins: [resolve({ extensions: ['.ts', '.tsx', '.js'] }), ts(false)],
  output: { dir: 'dist/lib', format: 'es', sourcemap: true, entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
  onwarn: quiet,
}

// multiformats (WalletConnect's dependency) maps its Node sha2 (which imports "crypto") to sha2-browser.js in its
// package.json `browser` field, which node-resolve does not apply to that package-internal import.
const browserSha2 = {
  name: 'browser-sha2',
  resolveId: (id, importer) => (id === './hashes/sha2.js' && importer?.includes('/multiformats/esm/src/') ? importer.replace(/[^/]+$/, 'hashes/sha2-browser.js') : null),
}

const demo = {
  // Foyer's public entry is its own input so the demo's app code and Foyer's code land in separate chunks.
  input: { foyer: 'index.ts', demo: 'demo/main.tsx' },
  preserveEntrySignatures: 'allow-extension',
  plugins: [
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    browserSha2,
    resolve({ browser: true, extensions: ['.ts', '.tsx', '.js', '.mjs'], preferBuiltins: false }),
    commonjs(),
    ts(true),
  ],
  output: {
    dir: 'dist/demo/assets', format: 'es', sourcemap: true,
    entryFileNames: '[name]-[hash].js', chunkFileNames: '[name]-[hash].js',
    manualChunks: (id) => (/node_modules\/(react|react-dom|scheduler)\//.test(id) ? 'react' : undefined),
  },
  onwarn: quiet,
}

export default (args) => (args.configTarget === 'demo' ? [demo] : args.configTarget === 'lib' ? [library] : [library, demo])
