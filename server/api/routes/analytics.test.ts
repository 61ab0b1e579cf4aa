import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApi, type TestApi } from '../testing/harness.js'

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
beforeAll(async () => {
  api = await createTestApi()
})
afterAll(() => api?.close())

describe('POST /e', () => {
  it('stores an analytics event with the sdk query params', async () => {
    const res = await api.client.post('/e', event, { query: { projectId, st: 'foyer', sv: 'react-0.1.0' } })
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
    const res = await api.client.post('/e', undefined, {
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
    const res = await api.client.post('/e', report, { query: { projectId, st: 'foyer', sv: '0.1.0' } })
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
    const res = await api.client.post<Err>('/e', body, { query })
    expect(res.status).toBe(400)
    expect(res.body.reasons[0].field).toBe(field)
  })

  it('400 for malformed or empty JSON', async () => {
    for (const rawBody of ['{"eventId":', '', 'not json']) {
      const res = await api.client.post<Err>('/e', undefined, {
        query: { projectId },
        rawBody,
        headers: { 'content-type': 'application/json' },
      })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('invalid_json')
    }
  })

  it('403 for a browser origin the project does not allow; allowed and absent origins pass', async () => {
    const evil = await api.client.post<Err>('/e', event, {
      query: { projectId },
      headers: { origin: 'https://evil.example' },
    })
    expect(evil.status).toBe(403)
    expect(evil.body.error).toBe('origin_not_allowed')
    expect(evil.body.reasons[0].field).toBe('Origin')
    expect(
      (await api.client.post('/e', event, { query: { projectId }, headers: { origin: 'http://localhost:5173' } }))
        .status,
    ).toBe(202)
    expect(
      (
        await api.client.post('/e', event, {
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
      const res = await api.client.post<Err>('/e', undefined, {
        query: { projectId },
        rawBody,
        headers: { 'content-type': 'application/json' },
      })
      expect(res.status, rawBody.slice(0, 60)).toBe(400)
      expect(res.body.error).toBe(code)
    }
    const pair = JSON.stringify({ ...event, props: { event: 'X', properties: { k: '\ud83d\ude00' } } })
    const ok = await api.client.post('/e', undefined, { query: { projectId }, rawBody: pair })
    expect(ok.status).toBe(202)
  })

  it('413 for an oversized body', async () => {
    const res = await api.client.post<Err>('/e', { ...event, url: 'x'.repeat(70_000) }, { query: { projectId } })
    expect(res.status).toBe(413)
    expect(res.body.error).toBe('payload_too_large')
  })
})
