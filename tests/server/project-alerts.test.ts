// The modal's project plugin against the real API app (in process, through the kernel's HTTP client): the server
// conditions behind SPEC §8's configuration alerts. A database that has gone away makes the config endpoint answer
// 500, which the modal shows as SERVER_ERROR (APKT009) with the server's message; a project the server does not know
// (FOYER_REQUIRE_PROJECTS) answers 404: INVALID_PROJECT_ID (APKT007). (RATE_LIMITED, APKT010, is shown in the
// browser from the real limiter: tests/browser/project-rules.test.ts.)
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createHttp, isFeatureEnabled } from '../../kernel/index.js'
import { createTestKernel, type TestKernel } from '../../kernel/testing/test-kernel.js'
import { createProjectPlugin } from '../../plugins/project/index.js'
import type { ServerConfig } from '../../server/config.js'
import { createTestApi, type TestApi } from '../../server/api/testing/harness.js'

const PID = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'
const open: Array<{ k: TestKernel; api: TestApi; closed?: boolean }> = []
afterEach(async () => {
  for (const o of open.splice(0)) {
    o.k.dispose()
    if (!o.closed) await o.api.close()
  }
  vi.restoreAllMocks()
})

/** A kernel with the project plugin for `projectId`, talking to a fresh API app over `config`. */
async function modalOver(config: Partial<ServerConfig> = {}, projectId = PID) {
  const api = await createTestApi({ config })
  const http = createHttp({
    baseUrl: 'http://api.test/',
    fetch: ((url: string, init?: RequestInit) => api.app.request(url, init)) as typeof fetch,
    params: { projectId, st: 'foyer', sv: 'foyer-test' },
  })
  const k = createTestKernel({
    http,
    options: { projectId, apiUrl: 'http://api.test/' },
    config: { projectId, features: {} },
    plugins: [createProjectPlugin({ origin: 'http://localhost:5173' })],
  })
  const entry: { k: TestKernel; api: TestApi; closed?: boolean } = { k, api }
  open.push(entry)
  const shown: Array<{ code?: string; message: string }> = []
  k.on('alert/shown', (e) => shown.push(e.payload))
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  return { k, api, shown, entry }
}

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 5))
  expect(ok()).toBe(true)
}

describe('configuration alerts from the real API', () => {
  it('the database has gone away: the config endpoint answers 500 and the modal shows APKT009 with its message', async () => {
    const { k, api, shown, entry } = await modalOver()
    await api.store.close()
    entry.closed = true
    await k.request('project/init')
    await until(() => shown.length > 0)
    expect(shown[0]).toMatchObject({ code: 'APKT009' })
    expect(shown[0].message).toContain('The server hit an unexpected error')
    // Local settings apply.
    expect(k.getState().project?.source).toBe('local')
  })

  it('a project the server does not know (FOYER_REQUIRE_PROJECTS): 404 and APKT007; a known one: its features', async () => {
    const config = { requireKnownProjects: true, projects: { [PID]: { features: { swaps: { isEnabled: false } } } } }
    const unknown = await modalOver(config, '0123456789abcdef0123456789abcdef')
    await unknown.k.request('project/init')
    await until(() => unknown.shown.length > 0)
    expect(unknown.shown.map((s) => s.code)).toEqual(['APKT007'])
    const known = await modalOver(config)
    await known.k.request('project/init')
    expect(known.k.getState().project?.source).toBe('remote')
    expect(isFeatureEnabled(known.k.getState(), 'swaps')).toBe(false)
    expect(known.shown).toEqual([])
  })
})
