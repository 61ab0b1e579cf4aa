import { defineConfig } from 'vitest/config'

// Three projects: fast unit/property tests in happy-dom, node-side server tests, and browser end-to-end tests.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    // Two test files at a time even on two cores (vitest's default there is one): most files wait on sockets, child
    // processes and timers far more than they compute, and each binds port 0 and uses its own store or schema.
    maxWorkers: 2,
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
          // Two files at a time (each has its own chains, store, ports and Chromium), after the unit and server
          // projects rather than beside them (groupOrder).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
