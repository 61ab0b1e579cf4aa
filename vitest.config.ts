import { defineConfig } from 'vitest/config'

// Two projects: fast unit/property tests in happy-dom, and node-side tests (server, relay, browser end-to-end).
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  // the examples import the package by name ('foyer', 'foyer/ui'): tsconfig.json's paths map them to the sources
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          include: [
            'protocol/**/*.test.ts',
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
          // One file at a time (two at a time made timing-sensitive files flaky on two cores), all in one worker
          // (isolate: false) with one Chromium (a global setup): a worker's start and the stack's imports cost each file
          // 5–20 s; every file still starts its own services and gets fresh browser contexts. After unit and server.
          // (Taken back once when a file failed after others; that was the secure frame's click and passkey races,
          // since fixed: a full npm test then passed 210 files with it, at load 7–9.)
          fileParallelism: false,
          isolate: false,
          sequence: { groupOrder: 1 },
          // One Chromium for the run; each file connects to it (tests/browser/global-setup.ts).
          globalSetup: ['tests/browser/global-setup.ts'],
        },
      },
    ],
  },
})
