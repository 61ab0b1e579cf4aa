// The API's operating middleware: a request id on every answer, one structured log line per 5xx (id and error
// class, never a body), Prometheus counters and latency by route pattern, and the per-IP / per-project rate limit
// answering 429 with Retry-After and the SPEC error body.
import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { Context, Hono } from 'hono'
import { routePath } from 'hono/route'
import { processMetrics } from '../observe/metrics.js'
import { serviceLog } from '../observe/log.js'
import { clientAddress, type TrustProxy } from '../net/client-address.js'
import type { RateLimiter } from '../rate-limit/limiter.js'
import { ApiError } from './errors.js'

const log = serviceLog('api')
// Operator endpoints are never limited: a load balancer polling them must not lock itself out.
const UNLIMITED = new Set(['/healthz', '/readyz', '/metrics', '/health'])

/** The client's address: the socket's peer, or behind a trusted proxy the address it forwarded (net/client-address). */
export function clientIp(c: Context, trustProxy: TrustProxy): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  return clientAddress(incoming?.socket.remoteAddress, incoming?.headers['x-forwarded-for'], trustProxy)
}

/** The project a request is for: the `projectId` query parameter or the /v1/projects/{id}/ path segment. */
export function projectOf(c: Context): string | undefined {
  const q = c.req.query('projectId')
  if (q && /^[0-9a-fA-F]{32}$/.test(q)) return q.toLowerCase()
  return /^\/v1\/projects\/([0-9a-fA-F]{32})\//.exec(c.req.path)?.[1]?.toLowerCase()
}

/** The class of a thrown value (its constructor's name), never its message. */
export function errorClassOf(err: unknown): string {
  return err instanceof Error ? err.name : typeof err
}

/** The stack's frames without its first line, which repeats the message (and so, possibly, the request's data). */
export function stackFrames(err: unknown, max = 8): string[] {
  const stack = err instanceof Error ? (err.stack ?? '') : ''
  return stack
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .slice(0, max)
    .map((l) => l.trim())
}

/** Installs the request-id, logging, metrics and rate-limit middleware on `app` (before its routes). */
export function installOperations(app: Hono, opts: { limiter?: RateLimiter; trustProxy: TrustProxy }): void {
  const m = processMetrics()
  app.use('*', async (c, next) => {
    const given = c.req.header('x-request-id')
    const id = given && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID()
    const started = performance.now()
    await next()
    c.header('X-Request-Id', id)
    const route = c.res.status === 404 && routePath(c, -1) === '*' ? 'unmatched' : routePath(c, -1)
    m.httpRequests.inc({ service: 'api', method: c.req.method, route, status: String(c.res.status) })
    m.httpDuration.observe({ service: 'api', method: c.req.method, route }, (performance.now() - started) / 1000)
    if (c.res.status >= 500)
      log(
        'request_failed',
        {
          requestId: id,
          method: c.req.method,
          route,
          status: c.res.status,
          errorClass: c.get('errorClass' as never),
          frames: c.get('errorFrames' as never),
        },
        'error',
      )
  })
  const limiter = opts.limiter
  if (!limiter) return
  app.use('*', async (c, next) => {
    if (c.req.method === 'OPTIONS' || UNLIMITED.has(c.req.path)) return next()
    const verdict = await limiter.take(clientIp(c, opts.trustProxy), projectOf(c))
    if (verdict.ok) return next()
    m.rateLimited.inc({ service: 'api', scope: verdict.scope })
    const who = verdict.scope === 'ip' ? 'this client address' : 'this project'
    const err = new ApiError(
      429,
      'rate_limited',
      `Too many requests from ${who}; retry in ${verdict.retryAfterSeconds} s`,
      [{ description: `Rate limit exceeded (RATE_LIMITED): retry after ${verdict.retryAfterSeconds} seconds` }],
    )
    c.header('Retry-After', String(verdict.retryAfterSeconds))
    return c.json(err.toBody(), 429)
  })
}
