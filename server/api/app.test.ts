import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROUTE_MODULES } from './routes/index.js'
import { buildOpenApiDocument } from './openapi/document.js'
import { createTestApi, type TestApi } from './testing/harness.js'
import type { RouteModule } from './deps.js'

// A module that fails on purpose, to prove the top-level handler turns any throw into a JSON 500.
const boom: RouteModule = {
  name: 'boom',
  routes: () =>
    new Hono().get('/boom', () => {
      throw new Error('kaboom')
    }),
  openapi: { paths: {} },
}

let api: TestApi
beforeAll(async () => {
  api = await createTestApi({ modules: [...ROUTE_MODULES, boom], config: { bodyLimitBytes: 2048 } })
})
afterAll(() => api?.close())

describe('app', () => {
  it('GET /health answers ok', async () => {
    const res = await api.client.get('/health')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: true })
  })

  it('serves an OpenAPI 3.1 document listing every core path', async () => {
    const { doc } = api.client
    expect(doc.openapi).toBe('3.1.0')
    expect((await api.client.get('/openapi.json')).status).toBe(200)
    for (const p of [
      '/health',
      '/v1/projects/{projectId}/config',
      '/v1/projects/{projectId}/origins',
      '/v1/wallets',
      '/v1/wallets/{id}',
      '/v1/wallets/{id}/image',
      '/e',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p)
    }
    // Every 4xx response documented anywhere uses the shared error body.
    for (const ops of Object.values(doc.paths)) {
      for (const op of Object.values(ops)) {
        for (const [code, r] of Object.entries(op.responses as Record<string, any>)) {
          if (code.startsWith('4') || code.startsWith('5'))
            expect(r.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorBody' })
        }
      }
    }
  })

  it('answers unknown routes and wrong methods with a JSON 404', async () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['POST', '/health'],
      ['DELETE', '/v1/wallets'],
    ]) {
      const res = await api.app.request(path, { method })
      expect(res.status).toBe(404)
      const body = await res.json()
      api.client.assertSchema('ErrorBody', body)
      expect(body.error).toBe('not_found')
      expect(body.message).toContain(path)
    }
  })

  it('turns an unexpected throw into a JSON 500 and keeps serving', async () => {
    const errors: unknown[] = []
    const original = console.error
    console.error = (...args: unknown[]) => errors.push(args)
    try {
      const res = await api.app.request('/boom')
      expect(res.status).toBe(500)
      const body = await res.json()
      api.client.assertSchema('ErrorBody', body)
      expect(body).toMatchObject({ error: 'internal_error' })
      expect(JSON.stringify(body)).not.toContain('kaboom')
    } finally {
      console.error = original
    }
    expect((await api.app.request('/health')).status).toBe(200)
  })

  it('logs a 500 with the request id, route and error class, never the request data (issue 20 #13)', async () => {
    const secret = 'visitor-secret-4f1c'
    const leaky: RouteModule = {
      name: 'leaky',
      routes: () =>
        new Hono().post('/leaky/:address', async (c) => {
          // An error whose message carries what the visitor sent, as a driver or parser error may.
          throw new TypeError(`cannot handle ${await c.req.text()} for ${c.req.param('address')}`)
        }),
      openapi: { paths: {} },
    }
    const t = await createTestApi({ store: api.store, modules: [leaky] })
    const written: string[] = []
    const original = { error: console.error, warn: console.warn, log: console.log, stderr: process.stderr.write }
    const keep = (...args: unknown[]) =>
      void written.push(args.map((a) => (a instanceof Error ? `${a.stack}` : String(a))).join(' '))
    console.error = console.warn = console.log = keep
    process.stderr.write = ((chunk: unknown) => (keep(chunk), true)) as typeof process.stderr.write
    let res: Response
    try {
      res = await t.app.request(`/leaky/${secret}-path`, {
        method: 'POST',
        body: JSON.stringify({ email: `${secret}@example.com` }),
        headers: { 'x-request-id': 'req-13' },
      })
    } finally {
      Object.assign(console, { error: original.error, warn: original.warn, log: original.log })
      process.stderr.write = original.stderr
    }
    expect(res.status).toBe(500)
    const log = written.join('\n')
    expect(log).not.toContain(secret)
    const line = JSON.parse(written.find((w) => w.includes('request_failed'))!)
    expect(line).toMatchObject({ requestId: 'req-13', errorClass: 'TypeError', route: '/leaky/:address', status: 500 })
  })

  it('maps a database encoding refusal to 400, not 500', async () => {
    const nul: RouteModule = {
      name: 'nul',
      routes: (deps) =>
        new Hono().get('/nul', async (c) => c.json((await deps.store.query('SELECT $1::text AS v', ['a\u0000'])).rows)),
      openapi: { paths: {} },
    }
    const t = await createTestApi({ store: api.store, modules: [nul] })
    const res = await t.app.request('/nul')
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: 'invalid_text' })
  })

  it('sends CORS headers, including on errors, and answers preflight', async () => {
    const origin = 'http://localhost:5173'
    const ok = await api.app.request('/health', { headers: { Origin: origin } })
    expect(ok.headers.get('access-control-allow-origin')).toBe('*')
    const err = await api.app.request('/v1/projects/xyz/config', { headers: { Origin: origin } })
    expect(err.status).toBe(400)
    expect(err.headers.get('access-control-allow-origin')).toBe('*')
    const pre = await api.app.request('/e?projectId=x', {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    })
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST')
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type')
  })

  it('limits CORS to configured origins when asked', async () => {
    const strict = await createTestApi({ store: api.store, config: { corsOrigins: ['https://app.example.com'] } })
    const yes = await strict.app.request('/health', { headers: { Origin: 'https://app.example.com' } })
    expect(yes.headers.get('access-control-allow-origin')).toBe('https://app.example.com')
    const no = await strict.app.request('/health', { headers: { Origin: 'https://evil.example' } })
    expect(no.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('rejects bodies over the limit with a JSON 413, with or without Content-Length', async () => {
    const big = JSON.stringify({ errorType: 'x', errorMessage: 'y'.repeat(4000), stackTrace: '' })
    const withLength = await api.client.post('/e', undefined, {
      query: { projectId: 'a'.repeat(32) },
      rawBody: big,
      headers: { 'content-type': 'application/json', 'content-length': String(big.length) },
    })
    expect(withLength.status).toBe(413)
    expect(withLength.body).toMatchObject({ error: 'payload_too_large' })
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new TextEncoder().encode(big))
        c.close()
      },
    })
    const chunked = await api.app.request(`/e?projectId=${'a'.repeat(32)}`, {
      method: 'POST',
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(chunked.status).toBe(413)
    api.client.assertSchema('ErrorBody', await chunked.json())
  })

  it('refuses a module list that defines a path twice', () => {
    expect(() => buildOpenApiDocument([...ROUTE_MODULES, ...ROUTE_MODULES.slice(0, 1)])).toThrow(
      /GET \/health is defined twice/,
    )
  })
})
