// Where a browser file's time goes: with FOYER_FIXTURE_TIMES=<file>, each fixture appends one JSON line to that file
// (its test file, each service's start, Chromium's launch, the whole set-up, the tests and the close, in ms), so a
// slow suite can be split into stack start, browser launch and tests without a profiler. Without it, nothing is kept.
import { appendFileSync } from 'node:fs'
import { relative } from 'node:path'
import type { ServiceDefinition } from '../../server/compose.js'

const phases: Record<string, number> = {}

/** Runs `fn`, keeping how long it took under `name`. */
export async function timed<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now()
  try {
    return await fn()
  } finally {
    phases[name] = Math.round(performance.now() - t0)
  }
}

/** Keeps the time since `from` (a performance.now() reading) under `name`. */
export function since(name: string, from: number): void {
  phases[name] = Math.round(performance.now() - from)
}

/** The definition with its start() timed under the service's name. */
export function timedStart(def: ServiceDefinition): ServiceDefinition {
  return { ...def, start: (ctx) => timed(def.name, () => def.start(ctx)) }
}

/** Appends this file's phases to $FOYER_FIXTURE_TIMES (one JSON line) when it is set, and forgets them. */
export function writeTimes(file: string | undefined): void {
  const out = process.env.FOYER_FIXTURE_TIMES
  if (out) appendFileSync(out, JSON.stringify({ file: file ? relative(process.cwd(), file) : '?', ...phases }) + '\n')
  for (const k of Object.keys(phases)) delete phases[k]
}
