import { defineConfig } from 'vitest/config'

// Two projects: fast unit/property tests in happy-dom, and node-side tests (server, relay, browser end-to-end).
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: [
            'kernel/**/*.test.ts',
            'shell/**/*.test.{ts,tsx}',
            'plugins/**/*.test.{ts,tsx}',
            'examples/**/*.test.{ts,tsx}',
            'tests/unit/**/*.test.{ts,tsx}',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'tests/server/**/*.test.ts', 'tests/tooling/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits for what a visitor waits for (a reload restoring a session, a view's data): vitest's
          // one-second default fails such polls on a loaded two-core machine though the page gets there
          expect: { poll: { timeout: 15_000 } },
          // One file at a time, each in its own worker with its own Chromium: two at a time made timing-sensitive
          // files flaky on two cores, and one worker with one shared Chromium for every file (isolate: false, a global
          // setup) let one file's leftovers fail the next in a full run (embedded-passkey, swap, a Telegram WebView
          // test passed alone and failed after others). After the unit and server projects.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
