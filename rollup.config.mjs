// Two builds: the library (ESM, one chunk per plugin through dynamic import(), dependencies external) and the demo
// page (everything bundled and minified, React in its own chunk so bench/size can count it separately).
import commonjs from '@rollup/plugin-commonjs'
import resolve from '@rollup/plugin-node-resolve'
import replace from '@rollup/plugin-replace'
import esbuild from 'rollup-plugin-esbuild'
import { readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'

// A library never bundles its dependencies: every bare import stays external. The host app installs Foyer's
// dependencies, and for foyer/testing the test-only ones it uses (playwright-core, @reown/walletkit, litesvm...).
const isExternal = (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0')
// A plugin's chunk is named after its folder (namespaces-[hash].js), whatever rollup would derive from `index.ts`.
// A dynamic entry's own module comes last in the chunk (it runs after its imports) when rollup gives no facade.
const pluginChunk = (dir) => (chunk) => {
  const entry = chunk.facadeModuleId ?? (chunk.isDynamicEntry ? chunk.moduleIds.at(-1) : undefined) ?? ''
  return `${dir}${/\/plugins\/([^/]+)\/index\.tsx?$/.exec(entry)?.[1] ?? '[name]'}-[hash].js`
}
// The shell's stylesheets are template literals marked /* css */; no minifier touches JS strings, so their whitespace
// goes here. Quoted strings keep theirs (a space before ':' is a descendant combinator, so only the space after goes);
// a literal with an interpolation or an escape is left as written.
const minifyCssText = (css) =>
  css
    .split(/("[^"]*"|'[^']*')/)
    .map((part, i) =>
      i % 2
        ? part
        : part
            .replace(/\s+/g, ' ')
            .replace(/\s*([{};,>])\s*/g, '$1')
            .replace(/:\s+/g, ':'),
    )
    .join('')
    .replace(/;}/g, '}')
    .trim()
const minifyCss = {
  name: 'minify-css',
  transform: (code, id) =>
    id.endsWith('.css.ts')
      ? {
          code: code.replace(/\/\* css \*\/ `([^`]*)`/g, (m, css) =>
            css.includes('${') || css.includes('\\') ? m : `\`${minifyCssText(css)}\``,
          ),
          map: null,
        }
      : null,
}
const ts = (minify) =>
  esbuild({
    target: 'es2022',
    jsx: 'automatic',
    minify,
    sourceMap: true,
    loaders: { '.ts': 'ts', '.tsx': 'tsx' },
    // WalletConnect's socket code reads `typeof WebSocket < "u" ? self.WebSocket : require("ws")`; browsers always take
    // the first branch, so the require esbuild cannot convert when minifying the chunk is never reached.
    logOverride: { 'unsupported-require-call': 'silent' },
  })
const quiet = (warning, warn) => {
  // Third-party bundles carry "use client" directives and pure annotations rollup cannot place; harmless here. So is
  // THIS_IS_UNDEFINED: TypeScript's emitted helpers (detect-browser's `this && this.__spreadArray`) fall back when
  // top-level `this` is undefined, as it is in every ES module.
  if (
    warning.code === 'MODULE_LEVEL_DIRECTIVE' ||
    warning.code === 'THIS_IS_UNDEFINED' ||
    warning.code === 'INVALID_ANNOTATION' ||
    warning.code === 'CIRCULAR_DEPENDENCY'
  )
    return
  warn(warning)
}

const library = {
  input: {
    index: 'index.ts',
    kernel: 'kernel/index.ts',
    alerts: 'kernel/alerts.ts',
    testing: 'testing.ts',
    siwx: 'siwx.ts',
    wagmi: 'wagmi.ts',
    // `foyer/ui`: the UI kit the built-in plugins' views use, for third-party plugins
    ui: 'shell/ui/index.ts',
  },
  external: isExternal,
  plugins: [resolve({ extensions: ['.ts', '.tsx', '.js'] }), minifyCss, ts(false)],
  output: {
    dir: 'dist/lib',
    format: 'es',
    sourcemap: true,
    entryFileNames: '[name].js',
    chunkFileNames: pluginChunk('chunks/'),
  },
  onwarn: quiet,
}

// Packages map their Node-only files to browser ones in package.json `browser` (axios, sats-connect's dependency: its
// http adapter and Node platform; multiformats, WalletConnect's: its sha2 on "crypto"). node-resolve applies that map
// to bare imports but not to a package's imports of its own files, so without this the demo would bundle Node's http,
// stream and crypto shims (and rollup would print a warning for each): apply the map to those imports too.
const browserMaps = new Map()
const browserField = {
  name: 'browser-field',
  resolveId(id, importer) {
    const root = id.startsWith('.') && /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(importer ?? '')?.[1]
    if (!root) return null
    if (!browserMaps.has(root)) {
      const { browser } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
      browserMaps.set(root, browser && typeof browser === 'object' ? browser : {})
    }
    const target = browserMaps.get(root)[`./${relative(root, join(dirname(importer), id))}`]
    return typeof target === 'string' ? join(root, target) : null
  },
}

// @preact/signals-react imports use-sync-external-store's shim, a copy of the hook for React < 18. Foyer needs React
// 18.3+ (peerDependencies), which has the hook itself: the page ships React's own instead of the shim.
const reactSyncExternalStore = {
  name: 'react-sync-external-store',
  resolveId: (id) => (id === 'use-sync-external-store/shim/index.js' ? '\0use-sync-external-store-shim' : null),
  load: (id) => (id === '\0use-sync-external-store-shim' ? "export { useSyncExternalStore } from 'react'" : null),
}

const demo = {
  // Foyer's public entry is its own input so the demo's app code and Foyer's code land in separate chunks.
  input: { foyer: 'index.ts', demo: 'demo/main.tsx' },
  preserveEntrySignatures: 'allow-extension',
  plugins: [
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    browserField,
    reactSyncExternalStore,
    resolve({ browser: true, extensions: ['.ts', '.tsx', '.js', '.mjs'], preferBuiltins: false }),
    commonjs(),
    minifyCss,
    ts(true),
  ],
  output: {
    dir: 'dist/demo/assets',
    format: 'es',
    sourcemap: true,
    entryFileNames: '[name]-[hash].js',
    chunkFileNames: pluginChunk(''),
    manualChunks: (id) => (/node_modules\/(react|react-dom|scheduler)\//.test(id) ? 'react' : undefined),
  },
  onwarn: quiet,
}

export default (args) =>
  args.configTarget === 'demo' ? [demo] : args.configTarget === 'lib' ? [library] : [library, demo]
