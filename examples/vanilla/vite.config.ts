// Builds the page with Vite. Here `foyer` is this repository's source, so the example runs the code beside it; in
// your own page `npm install foyer` and drop the alias.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { alias: { foyer: fileURLToPath(new URL('../../index.ts', import.meta.url)) } },
  // WalletConnect's SDK (loaded when a visitor picks it) reads Node's `global`.
  define: { global: 'globalThis' },
  build: { outDir: 'dist', emptyOutDir: true },
  logLevel: 'warn',
})
