// Serving the built demo for browser tests; the build itself is `npm run build` (run by `npm test` first).
import { existsSync } from 'node:fs'
import { serveDemo } from '../../scripts/serve-demo.js'
import type { RunningService } from '../../server/types.js'

/** Serves dist/demo with `inject` as the demo config; fails clearly when the build is missing. */
export async function startDemo(inject: Record<string, unknown> = {}): Promise<RunningService> {
  if (!existsSync('dist/demo/index.html')) throw new Error('dist/demo is missing: run `npm run build:demo` first')
  return serveDemo({ inject: { projectId: 'f0e1d2c3b4a5968778695a4b3c2d1e0f', ...inject } })
}
