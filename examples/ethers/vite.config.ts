// Builds the example with the vite installed at the repository's root; `foyer` and `foyer/wagmi` resolve to this
// repository's sources (an app that installs the package drops the aliases).
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const repo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url))

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  resolve: {
    alias: [{ find: /^foyer$/, replacement: repo('index.ts') }],
  },
  // WalletConnect's dependencies read Node's `global`.
  define: { global: 'globalThis' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4096,
    // Third-party "use client" directives mean nothing in a client-only bundle.
    rollupOptions: { onwarn: (w, warn) => (w.code === 'MODULE_LEVEL_DIRECTIVE' ? undefined : warn(w)) },
  },
  logLevel: 'warn',
})
