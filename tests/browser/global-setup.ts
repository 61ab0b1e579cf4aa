// Once per run of the browser project: one headless Chromium that every browser file without its own Chromium flags
// connects to (tests/browser/fixture.ts), instead of each file launching one. Files stay apart: a file's pages live in
// its own browser contexts (fresh cookies, storage, cache and permissions), closed when the file ends.
import type { TestProject } from 'vitest/node'
import { launchChromiumServer } from './chromium.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's Playwright endpoint; '' when it could not start (each file then launches its own). */
    chromiumEndpoint: string
  }
}

/** Starts the shared Chromium and hands its endpoint to the files; the returned teardown closes it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await launchChromiumServer().catch((err: unknown) => {
    console.warn(`[browser] no shared Chromium (${String(err)}); each file launches its own`)
    return undefined
  })
  project.provide('chromiumEndpoint', server?.wsEndpoint() ?? '')
  return async () => {
    await server?.close()
  }
}
