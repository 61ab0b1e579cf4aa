// The HTTP client: methods, query params, 204, and SPEC §8 failures ("HTTP status code {n}", first reason).
import { describe, expect, it } from 'vitest'
import { createHttp, HttpError } from './index.js'

type Call = { url: string; init: RequestInit }
const fake = (respond: (call: Call) => Response) => {
  const calls: Call[] = []
  const fetch = (async (url: string, init: RequestInit) => {
    const c = { url, init }
    calls.push(c)
    return respond(c)
  }) as unknown as typeof globalThis.fetch
  return { calls, fetch }
}
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('http', () => {
  it('GETs with base url, default and per-request query params (empty ones skipped)', async () => {
    const f = fake(() => json({ ok: 1 }))
    const http = createHttp({
      baseUrl: 'https://api.test/v1',
      fetch: f.fetch,
      params: { projectId: 'p1', st: 'foyer' },
    })
    await expect(
      http.get({ path: 'names/x', params: { a: 1, b: true, c: undefined, d: null, e: '' } }),
    ).resolves.toEqual({ ok: 1 })
    const u = new URL(f.calls[0].url)
    expect(u.origin + u.pathname).toBe('https://api.test/v1/names/x')
    expect(Object.fromEntries(u.searchParams)).toEqual({ projectId: 'p1', st: 'foyer', a: '1', b: 'true' })
    expect(f.calls[0].init.method).toBe('GET')
    expect(f.calls[0].init.body).toBeUndefined()
  })

  it('POST, PUT, DELETE send JSON bodies', async () => {
    const f = fake(() => json({}))
    const http = createHttp({ baseUrl: 'https://api.test/', fetch: f.fetch })
    await http.post({ path: 'e', body: { eventId: 'x' } })
    await http.put({ path: 'e', body: [1] })
    await http.delete({ path: 'e' })
    expect(f.calls.map((c) => c.init.method)).toEqual(['POST', 'PUT', 'DELETE'])
    expect(f.calls[0].init.body).toBe('{"eventId":"x"}')
    expect((f.calls[0].init.headers as Record<string, string>)['content-type']).toBe('application/json')
  })

  it('answers undefined for 204 and for an empty body', async () => {
    const http = createHttp({
      baseUrl: 'https://api.test/',
      fetch: fake(() => new Response(null, { status: 204 })).fetch,
    })
    await expect(http.post({ path: 'e', body: {} })).resolves.toBeUndefined()
    const http2 = createHttp({
      baseUrl: 'https://api.test/',
      fetch: fake(() => new Response('', { status: 200 })).fetch,
    })
    await expect(http2.get({ path: 'e' })).resolves.toBeUndefined()
  })

  it('GET blob', async () => {
    const http = createHttp({
      baseUrl: 'https://api.test/',
      fetch: fake(() => new Response('png-bytes', { status: 200 })).fetch,
    })
    const blob = await http.getBlob({ path: 'img' })
    expect(await blob.text()).toBe('png-bytes')
  })

  it('fails with "HTTP status code {n}" and exposes reasons[0].description', async () => {
    const http = createHttp({
      baseUrl: 'https://api.test/',
      fetch: fake(() => json({ reasons: [{ description: 'Name taken' }, { description: 'other' }] }, 409)).fetch,
    })
    const err = await http.post({ path: 'names', body: {} }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(HttpError)
    const h = err as HttpError
    expect(h.message).toBe('HTTP status code 409')
    expect(h.status).toBe(409)
    expect(h.reason).toBe('Name taken')
    expect(h.category).toBe('SERVER')
  })

  it('has no reason for a non-JSON or reason-less error body', async () => {
    const http = createHttp({
      baseUrl: 'https://api.test/',
      fetch: fake(() => new Response('<html>', { status: 500 })).fetch,
    })
    const err = (await http.get({ path: 'x' }).catch((e: unknown) => e)) as HttpError
    expect(err.message).toBe('HTTP status code 500')
    expect(err.reason).toBeUndefined()
    expect(new HttpError(400, { reasons: [] }).reason).toBeUndefined()
    expect(new HttpError(400, { reasons: [{ description: 7 }] }).reason).toBeUndefined()
  })

  it('reports the first 429 (RATE_LIMITED) once, however many follow, and still fails each request', async () => {
    let calls = 0
    const http = createHttp({
      baseUrl: 'https://api.test/',
      fetch: fake(() => json({ error: 'rate_limited', message: 'Too many requests', reasons: [] }, 429)).fetch,
      on429: () => void calls++,
    })
    const errors = await Promise.all(
      [1, 2, 3].map(() =>
        http.get({ path: 'x' }).then(
          () => null,
          (e: unknown) => e as HttpError,
        ),
      ),
    )
    expect(errors.map((e) => e?.message)).toEqual(Array(3).fill('HTTP status code 429'))
    expect(calls).toBe(1)
  })

  it('url() shows where a request would go', () => {
    const http = createHttp({ baseUrl: 'http://127.0.0.1:8080', params: { projectId: 'p' } })
    expect(http.url({ path: 'e', params: { sv: '1.0' } })).toBe('http://127.0.0.1:8080/e?projectId=p&sv=1.0')
  })
})
