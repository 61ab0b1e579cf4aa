import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ContractRequestInit } from '../testing/contract.js'
import { openLimits } from '../../rate-limit/limiter.js'
import { analyticsGate } from '../analytics-limits.js'
import { pruneAnalytics } from '../../projects/stats.js'
import { createApp } from '../app.js'
import { createTestApi, type TestApi } from '../testing/harness.js'
import { openTestStore } from '../testing/store.js'

const projectId = 'feedfacefeedfacefeedfacefeedface'
const event = {
  eventId: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
  url: 'http://localhost:5173/',
  domain: 'localhost',
  timestamp: 1_763_700_000_000,
  props: {
    type: 'track',
    event: 'CONNECT_SUCCESS',
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    properties: { caipNetworkId: 'eip155:1', method: 'browser' },
  },
}
type Err = { error: string; reasons: Array<{ field?: string; description: string }> }

let api: TestApi
const page = 'http://localhost:5173'
// The modal's requests: from a browser, so with the page's Origin.
const postE = <T = unknown>(body: unknown, init: ContractRequestInit = {}) =>
  api.client.post<T>('/e', body, { ...init, headers: { origin: page, ...init.headers } })
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(() => api?.close())

describe('POST /e', () => {
  it('stores an analytics event with the sdk query params', async () => {
    const res = await postE(event, { query: { projectId, st: 'foyer', sv: 'react-0.1.0' } })
    expect(res.status).toBe(202)
    expect(res.body).toEqual({ ok: true })
    const { rows } = await api.store.query(
      'SELECT project_id, sdk_type, sdk_version, event, type, address, properties, client_timestamp::text AS ts FROM analytics_events',
    )
    expect(rows).toEqual([
      {
        project_id: projectId,
        sdk_type: 'foyer',
        sdk_version: 'react-0.1.0',
        event: 'CONNECT_SUCCESS',
        type: 'track',
        address: event.props.address,
        properties: event.props.properties,
        ts: String(event.timestamp),
      },
    ])
  })

  it('accepts a minimal event posted as text/plain (sendBeacon)', async () => {
    const minimal = {
      eventId: 'e2',
      url: 'https://a.example/',
      domain: 'a.example',
      timestamp: 1,
      props: { event: 'INITIALIZE' },
    }
    const res = await postE(undefined, {
      query: { projectId },
      rawBody: JSON.stringify(minimal),
      headers: { 'content-type': 'text/plain' },
    })
    expect(res.status).toBe(202)
  })

  it('stores an error report separately', async () => {
    const report = {
      errorType: 'INTERNAL_SDK_ERROR',
      errorMessage: 'Failed to disconnect',
      stackTrace: 'Error: x\n    at y',
    }
    const res = await postE(report, { query: { projectId, st: 'foyer', sv: '0.1.0' } })
    expect(res.status).toBe(202)
    const { rows } = await api.store.query(
      'SELECT project_id, error_type, error_message, stack_trace FROM error_reports',
    )
    expect(rows).toEqual([
      {
        project_id: projectId,
        error_type: report.errorType,
        error_message: report.errorMessage,
        stack_trace: report.stackTrace,
      },
    ])
  })

  it.each([
    ['missing projectId', {}, event, 'projectId'],
    ['malformed projectId', { projectId: 'xyz' }, event, 'projectId'],
    ['overlong st', { projectId, st: 's'.repeat(65) }, event, 'st'],
    ['non-object body', { projectId }, [1, 2], 'body'],
    ['missing eventId', { projectId }, { ...event, eventId: undefined }, 'eventId'],
    ['numeric url', { projectId }, { ...event, url: 42 }, 'url'],
    ['string timestamp', { projectId }, { ...event, timestamp: '2025-01-01' }, 'timestamp'],
    ['negative timestamp', { projectId }, { ...event, timestamp: -5 }, 'timestamp'],
    ['props not an object', { projectId }, { ...event, props: 'CONNECT_SUCCESS' }, 'props'],
    ['missing props.event', { projectId }, { ...event, props: { type: 'track' } }, 'props.event'],
    ['array properties', { projectId }, { ...event, props: { event: 'X', properties: [1] } }, 'props.properties'],
    ['numeric errorMessage', { projectId }, { errorType: 'A', errorMessage: 5, stackTrace: '' }, 'errorMessage'],
    ['missing stackTrace', { projectId }, { errorType: 'A', errorMessage: 'b' }, 'stackTrace'],
    ['NUL in eventId', { projectId }, { ...event, eventId: 'a\u0000b' }, 'eventId'],
    [
      'NUL in a property key',
      { projectId },
      { ...event, props: { event: 'X', properties: { nested: [{ 'k\u0000': 1 }] } } },
      'props.properties',
    ],
    ['NUL in sv', { projectId, sv: '1\u00002' }, event, 'sv'],
  ])('400 for %s, naming the field', async (_label, query, body, field) => {
    const res = await postE<Err>(body, { query })
    expect(res.status).toBe(400)
    expect(res.body.reasons[0].field).toBe(field)
  })

  it('400 for malformed or empty JSON', async () => {
    for (const rawBody of ['{"eventId":', '', 'not json']) {
      const res = await postE<Err>(undefined, {
        query: { projectId },
        rawBody,
        headers: { 'content-type': 'application/json' },
      })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('invalid_json')
    }
  })

  it('403 for a browser origin the project does not allow; allowed origins pass', async () => {
    const evil = await postE<Err>(event, {
      query: { projectId },
      headers: { origin: 'https://evil.example' },
    })
    expect(evil.status).toBe(403)
    expect(evil.body.error).toBe('origin_not_allowed')
    expect(evil.body.reasons[0].field).toBe('Origin')
    expect((await postE(event, { query: { projectId }, headers: { origin: 'http://localhost:5173' } })).status).toBe(
      202,
    )
    expect(
      (
        await postE(event, {
          query: { projectId },
          headers: { origin: 'https://preview-1.vercel.app' },
        })
      ).status,
    ).toBe(202)
  })

  it('400, not 500, for JSON nested thousands of levels deep or a lone surrogate escape (issue 20 #6)', async () => {
    const deep = `{"eventId":"d","url":"u","domain":"d","timestamp":1,"props":{"event":"X","properties":{"a":${'['.repeat(4000)}${']'.repeat(4000)}}}}`
    const lone = JSON.stringify({ ...event, props: { event: 'X', properties: { k: 'LONE' } } }).replace(
      'LONE',
      '\\udfff',
    )
    const loneKey = JSON.stringify({ ...event, props: { event: 'X', properties: { LONE: 1 } } }).replace(
      'LONE',
      '\\ud800',
    )
    for (const [rawBody, code] of [
      [deep, 'invalid_json'],
      [lone, 'invalid_text'],
      [loneKey, 'invalid_text'],
    ]) {
      const res = await postE<Err>(undefined, {
        query: { projectId },
        rawBody,
        headers: { 'content-type': 'application/json' },
      })
      expect(res.status, rawBody.slice(0, 60)).toBe(400)
      expect(res.body.error).toBe(code)
    }
    const pair = JSON.stringify({ ...event, props: { event: 'X', properties: { k: '\ud83d\ude00' } } })
    const ok = await postE(undefined, { query: { projectId }, rawBody: pair })
    expect(ok.status).toBe(202)
  })

  it('413 for an oversized body', async () => {
    const res = await postE<Err>({ ...event, url: 'x'.repeat(70_000) }, { query: { projectId } })
    expect(res.status).toBe(413)
    expect(res.body.error).toBe('payload_too_large')
  })
})

// Issue 20 #4: one client grew the database from 67 MB to 421 MB in 10 s through POST /e.
describe('POST /e bounds', () => {
  const count = async (t: TestApi) =>
    Number((await t.store.query<{ n: string }>('SELECT count(*) AS n FROM analytics_events')).rows[0].n)
  const send = (t: TestApi, headers: Record<string, string> = { origin: page }) =>
    t.client.post<Err>('/e', event, { query: { projectId }, headers })

  it('403 origin_required without an Origin header, and nothing is stored', async () => {
    const t = await createTestApi()
    try {
      const res = await send(t, {})
      expect(res.status).toBe(403)
      expect(res.body.error).toBe('origin_required')
      expect(res.body.reasons[0].field).toBe('Origin')
      expect(await count(t)).toBe(0)
    } finally {
      await t.close()
    }
  })

  it('rate limits each client address (429 + Retry-After), caps each project per hour and samples above the cap', async () => {
    const store = await openTestStore()
    const limits = await openLimits({
      name: 'analytics',
      prefix: `t${Date.now()}:`,
      budgets: {
        ip: { points: 6, seconds: 60 },
        project: { points: 3, seconds: 3600 },
        bytes: { points: 0, seconds: 3600 },
      },
    })
    let dice = 0
    // 1 in 2 above the cap; the dice alternate 0.9, 0.1, … so every second sampled event is kept.
    const gate = analyticsGate(limits, 2, () => (dice++ % 2 === 0 ? 0.9 : 0.1))
    const t = await createTestApi({ store })
    const app = createApp({ store, config: t.config, analyticsGate: gate })
    const post = () =>
      app.request(`/e?projectId=${projectId}`, {
        method: 'POST',
        body: JSON.stringify(event),
        headers: { origin: page, 'content-type': 'application/json' },
      })
    try {
      const answers = []
      for (let i = 0; i < 7; i++) answers.push(await post())
      expect(answers.slice(0, 6).map((r) => r.status)).toEqual([202, 202, 202, 202, 202, 202])
      // 3 under the cap, then 3 sampled at 1 in 2: the dice keep one of them.
      expect(await count(t)).toBe(4)
      expect(answers[6].status).toBe(429)
      expect(Number(answers[6].headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await answers[6].json()).toMatchObject({ error: 'rate_limited' })
    } finally {
      await gate.close()
      await store.close()
    }
  })

  it('expires events and error reports older than the retention', async () => {
    const t = await createTestApi()
    try {
      for (const table of ['analytics_events', 'error_reports']) {
        const cols =
          table === 'analytics_events'
            ? "(project_id, event_id, url, domain, client_timestamp, event, received_at) VALUES ($1, 'e', 'u', 'd', 1, 'X', now() - $2::interval)"
            : "(project_id, error_type, error_message, stack_trace, received_at) VALUES ($1, 'A', 'b', 'c', now() - $2::interval)"
        for (const age of ['91 days', '89 days', '1 hour'])
          await t.store.query(`INSERT INTO ${table} ${cols}`, [projectId, age])
      }
      expect(await pruneAnalytics(t.store, { retentionDays: 90, maxRows: 1000 })).toBe(2)
      expect(await count(t)).toBe(2)
      expect((await t.store.query('SELECT 1 FROM error_reports')).rows).toHaveLength(2)
      expect(await pruneAnalytics(t.store, { retentionDays: 1, maxRows: 1000 })).toBe(2)
      expect(await count(t)).toBe(1)
    } finally {
      await t.close()
    }
  })
})

describe('POST /e bytes (issue 30 #6)', () => {
  it('refuses an event or error report above analyticsMaxEventBytes (16 KiB) with 413 and stores nothing', async () => {
    const before = Number(
      (await api.store.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_events')).rows[0].n,
    )
    const big = { ...event, props: { ...event.props, properties: { blob: 'x'.repeat(40_000) } } }
    const res = await postE<Err>(big, { query: { projectId } })
    expect([res.status, res.body.error]).toEqual([413, 'event_too_large'])
    const report = await postE<Err>(
      { errorType: 'T', errorMessage: 'm', stackTrace: 'at f\n'.repeat(5000) },
      { query: { projectId } },
    )
    expect([report.status, report.body.error]).toEqual([413, 'event_too_large'])
    const after = Number(
      (await api.store.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_events')).rows[0].n,
    )
    expect(after).toBe(before)
  })

  it("caps each project's stored bytes per hour and samples above it, as for rows", async () => {
    const store = await openTestStore()
    const limits = await openLimits({
      name: 'analytics',
      prefix: `tb${Date.now()}:`,
      budgets: {
        ip: { points: 100, seconds: 60 },
        project: { points: 100, seconds: 3600 },
        bytes: { points: 20_000, seconds: 3600 },
      },
    })
    let dice = 0
    const gate = analyticsGate(limits, 2, () => (dice++ % 2 === 0 ? 0.9 : 0.1))
    const t = await createTestApi({ store })
    const app = createApp({ store, config: t.config, analyticsGate: gate })
    const heavy = { ...event, props: { ...event.props, properties: { blob: 'x'.repeat(9000) } } }
    const post = () =>
      app.request(`/e?projectId=${projectId}`, {
        method: 'POST',
        body: JSON.stringify(heavy),
        headers: { origin: page, 'content-type': 'application/json' },
      })
    try {
      for (let i = 0; i < 4; i++) expect((await post()).status).toBe(202)
      // two fit in 20,000 bytes; the next two are sampled at 1 in 2 and the dice keep one
      const { rows } = await store.query<{ n: number; bytes: number }>(
        'SELECT count(*)::int AS n, sum(bytes)::int AS bytes FROM analytics_events',
      )
      expect(rows[0].n).toBe(3)
      expect(rows[0].bytes).toBeGreaterThan(27_000)
    } finally {
      await gate.close()
      await store.close()
    }
  })

  it('retention counts stored bytes: the oldest rows go until the tables fit analyticsMaxBytes', async () => {
    const t = await createTestApi()
    try {
      for (let i = 0; i < 5; i++) {
        await t.store.query(
          "INSERT INTO analytics_events (project_id, event_id, url, domain, client_timestamp, event, bytes) VALUES ($1, $2, 'u', 'd', 1, 'X', 1000)",
          [projectId, `e${i}`],
        )
        await t.store.query(
          "INSERT INTO error_reports (project_id, error_type, error_message, stack_trace, bytes) VALUES ($1, $2, 'b', 'c', 1000)",
          [projectId, `A${i}`],
        )
      }
      expect(await pruneAnalytics(t.store, { retentionDays: 90, maxRows: 1000, maxBytes: 2500 })).toBe(6)
      const events = await t.store.query<{ event_id: string }>('SELECT event_id FROM analytics_events ORDER BY id')
      expect(events.rows.map((r) => r.event_id)).toEqual(['e3', 'e4'])
      const reports = await t.store.query<{ error_type: string }>('SELECT error_type FROM error_reports ORDER BY id')
      expect(reports.rows.map((r) => r.error_type)).toEqual(['A3', 'A4'])
    } finally {
      await t.close()
    }
  })

  it('stores what each row weighs', async () => {
    const res = await postE(event, { query: { projectId } })
    expect(res.status).toBe(202)
    const { rows } = await api.store.query<{ bytes: number }>(
      'SELECT bytes FROM analytics_events ORDER BY id DESC LIMIT 1',
    )
    expect(rows[0].bytes).toBeGreaterThan(100)
  })
})
