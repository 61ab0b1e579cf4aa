import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runProjectCli } from '../../projects/cli.js'
import { createTestApi, type TestApi } from '../testing/harness.js'

const token = 'operator-token-for-tests-0123456789'
const auth = { headers: { authorization: `Bearer ${token}` } }
// POST /e takes events from browsers only (issue 20): the modal's page, an allowed origin by default (SPEC §5).
const page = { origin: 'http://localhost:5173' }
type Project = { id: string; name: string; allowedOrigins: string[]; features: Record<string, unknown> }
type Features = { features: Array<{ id: string; isEnabled: boolean; config: unknown }> }

let api: TestApi
beforeAll(async () => {
  api = await createTestApi({ config: { operatorToken: token, analyticsMaxRows: 3 } })
})
afterAll(() => api?.close())

describe('admin API', () => {
  it('refuses a missing or wrong token (401), and is off without FOYER_OPERATOR_TOKEN (404)', async () => {
    expect((await api.client.get('/admin/v1/projects')).status).toBe(401)
    const wrong = await api.client.get('/admin/v1/projects', { headers: { authorization: 'Bearer nope' } })
    expect(wrong.status).toBe(401)
    const off = await createTestApi({ store: api.store })
    expect((await off.client.get('/admin/v1/projects', auth)).status).toBe(404)
    expect((await off.app.request('/admin')).status).toBe(404)
  })

  it('creates and configures a project; the public config and origins endpoints answer with its settings', async () => {
    const created = await api.client.post<Project>(
      '/admin/v1/projects',
      { name: 'Shop', allowedOrigins: ['https://shop.example'], features: { swaps: { isEnabled: false } } },
      auth,
    )
    expect(created.status).toBe(201)
    const id = created.body.id
    expect(id).toMatch(/^[0-9a-f]{32}$/)
    const changed = await api.client.request<Project>('PATCH', `/admin/v1/projects/${id}`, {
      ...auth,
      body: { features: { email: { isEnabled: false }, reownBranding: { isEnabled: false } } },
    })
    expect(changed.body.features).toEqual({
      swaps: { isEnabled: false },
      email: { isEnabled: false },
      reownBranding: { isEnabled: false },
    })
    const config = await api.client.get<Features>(`/v1/projects/${id}/config`)
    const on = Object.fromEntries(config.body.features.map((f) => [f.id, f.isEnabled]))
    expect(on).toMatchObject({ swaps: false, email: false, reownBranding: false, onramp: true })
    const origins = await api.client.get<{ allowedOrigins: string[] }>(`/v1/projects/${id}/origins`)
    expect(origins.body.allowedOrigins).toEqual(['https://shop.example'])
    const list = await api.client.get<{ projects: Project[] }>('/admin/v1/projects', auth)
    expect(list.body.projects.map((p) => p.name)).toContain('Shop')
    expect((await api.client.request('DELETE', `/admin/v1/projects/${id}`, auth)).status).toBe(204)
    expect((await api.client.get(`/admin/v1/projects/${id}`, auth)).status).toBe(404)
  })

  it('says which field is wrong and stores nothing', async () => {
    const bad = await api.client.post<{ reasons: Array<{ field: string }> }>(
      '/admin/v1/projects',
      { name: 'X', allowedOrigins: ['https://ok.example', 'https://bad.example/path'] },
      auth,
    )
    expect(bad.status).toBe(400)
    expect(bad.body.reasons[0].field).toBe('allowedOrigins[1]')
    const feature = await api.client.post('/admin/v1/projects', { name: 'X', features: { nope: {} } }, auth)
    expect(feature.status).toBe(400)
    const id = 'ab'.repeat(16)
    expect((await api.client.post('/admin/v1/projects', { name: 'A', id }, auth)).status).toBe(201)
    expect((await api.client.post('/admin/v1/projects', { name: 'B', id }, auth)).status).toBe(409)
    const patch = await api.client.request('PATCH', `/admin/v1/projects/${id}`, { ...auth, body: { colour: 'red' } })
    expect(patch.status).toBe(400)
    expect((await api.client.get<Project>(`/admin/v1/projects/${id}`, auth)).body.name).toBe('A')
  })

  it('counts connections per day by namespace and wallet and errors by category, from what POST /e stored', async () => {
    const projectId = 'cd'.repeat(16)
    const connect = (namespace: string, name: string) => ({
      eventId: crypto.randomUUID(),
      url: 'http://localhost/',
      domain: 'localhost',
      timestamp: Date.now(),
      props: { type: 'track', event: 'CONNECT_SUCCESS', properties: { namespace, name } },
    })
    for (const body of [connect('eip155', 'MetaMask'), connect('eip155', 'MetaMask'), connect('solana', 'Phantom')])
      expect((await api.client.post('/e', body, { query: { projectId }, headers: page })).status).toBe(202)
    const report = { errorType: 'NETWORK', errorMessage: 'offline', stackTrace: '' }
    await api.client.post('/e', report, { query: { projectId }, headers: page })
    const stats = await api.client.get<{ connections: unknown[]; errors: unknown[] }>(
      `/admin/v1/projects/${projectId}/stats`,
      auth,
    )
    const day = new Date().toISOString().slice(0, 10)
    expect(stats.body.connections).toEqual([
      { day, namespace: 'eip155', wallet: 'MetaMask', count: 2 },
      { day, namespace: 'solana', wallet: 'Phantom', count: 1 },
    ])
    expect(stats.body.errors).toEqual([{ category: 'NETWORK', count: 1 }])
  })

  it('keeps the analytics tables bounded (FOYER_ANALYTICS_MAX_ROWS)', async () => {
    const projectId = 'ef'.repeat(16)
    for (let i = 0; i < 7; i++)
      await api.client.post(
        '/e',
        {
          eventId: `e${i}`,
          url: 'http://localhost/',
          domain: 'localhost',
          timestamp: i,
          props: { event: 'INITIALIZE' },
        },
        { query: { projectId }, headers: page },
      )
    const { rows } = await api.store.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_events')
    // Checked every maxRows (3) stored rows: never more than 2 × 3 − 1 between checks.
    expect(rows[0].n).toBeLessThanOrEqual(5)
    const newest = await api.store.query<{ event_id: string }>(
      'SELECT event_id FROM analytics_events ORDER BY id DESC LIMIT 1',
    )
    expect(newest.rows[0].event_id).toBe('e6')
  })

  it('serves the dashboard page and Chart.js with a strict Content-Security-Policy', async () => {
    const page = await api.app.request('/admin')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(await page.text()).toContain('/admin/chart.js')
    const chart = await api.app.request('/admin/chart.js')
    expect(await chart.text()).toContain('Chart')
  })
  it('npm run project: create, set, show, stats and delete through the CLI, with the exit codes a script needs', async () => {
    const out: string[] = []
    const cli = (...argv: string[]) =>
      runProjectCli(argv, {
        apiUrl: 'http://api.test/',
        token,
        fetch: ((url: string, init?: RequestInit) => api.app.request(url, init)) as typeof fetch,
        print: (line) => out.push(line),
      })
    const id = '12'.repeat(16)
    const created = [
      'create',
      '--name',
      'CLI shop',
      '--id',
      id,
      '--origin',
      'https://cli.example',
      '--disable',
      'swaps',
    ]
    expect(await cli(...created)).toBe(0)
    expect(JSON.parse(out.at(-1)!)).toMatchObject({ id, allowedOrigins: ['https://cli.example'] })
    expect(
      await cli('set', id, '--disable', 'reownBranding', '--reset', 'swaps', '--origin', 'http://localhost:*'),
    ).toBe(0)
    expect(JSON.parse(out.at(-1)!)).toMatchObject({
      allowedOrigins: ['http://localhost:*'],
      features: { reownBranding: { isEnabled: false } },
    })
    expect(await cli('show', id)).toBe(0)
    expect(await cli('stats', id, '--days', '7')).toBe(0)
    expect(JSON.parse(out.at(-1)!)).toEqual({ days: 7, connections: [], errors: [] })
    expect(await cli('set', id, '--origin', 'https://bad.example/path')).toBe(1)
    expect(out.at(-1)).toContain('not an origin pattern')
    expect(await cli('delete', id)).toBe(0)
    expect(await cli('show', id)).toBe(1)
    expect(await cli('create')).toBe(2)
    expect(await cli('frobnicate', id)).toBe(2)
  })
})
