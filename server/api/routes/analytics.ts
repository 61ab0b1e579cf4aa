// POST /e: analytics events and error reports (SPEC §7) arrive at the same path; errorType tells them apart.
import { Hono } from 'hono'
import type { ApiDeps } from '../deps.js'
import { ApiError, invalidField } from '../errors.js'
import { projectOfRequest, resolveAllowedOrigins } from '../features.js'
import { originAllowed } from '../origins.js'
import { resolveApiLimits } from '../limits.js'
import { clientIp } from '../operate.js'
import { checkProjectId, clip, readJson, rejectNul } from '../params.js'
import { pruneAnalytics } from '../../projects/stats.js'
import type { AnalyticsEventBody, ErrorReportBody } from '../../../protocol/wire/analytics.js'

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function str(
  obj: Record<string, unknown>,
  key: string,
  field: string,
  max: number,
  required: boolean,
): string | undefined {
  const v = obj[key]
  if (v === undefined || v === null) {
    if (required) throw invalidField('invalid_body', field, 'is required (string)')
    return undefined
  }
  if (typeof v !== 'string')
    throw invalidField('invalid_body', field, `expected a string, got ${Array.isArray(v) ? 'array' : typeof v}`)
  if (v.length > max) throw invalidField('invalid_body', field, `at most ${max} characters, got ${v.length}`)
  return rejectNul(v, field)
}

function hasNul(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\u0000')
  if (Array.isArray(v)) return v.some(hasNul)
  if (isRecord(v)) return Object.entries(v).some(([k, x]) => k.includes('\u0000') || hasNul(x))
  return false
}

/** Checks an analytics event body; throws a 400 naming the first bad field. */
export function parseEvent(body: Record<string, unknown>): AnalyticsEventBody {
  const eventId = str(body, 'eventId', 'eventId', 128, true)!
  const url = str(body, 'url', 'url', 2048, true)!
  const domain = str(body, 'domain', 'domain', 255, true)!
  const ts = body.timestamp
  if (typeof ts !== 'number' || !Number.isSafeInteger(ts) || ts < 0)
    throw invalidField('invalid_body', 'timestamp', 'expected milliseconds since the epoch (non-negative integer)')
  if (!isRecord(body.props)) throw invalidField('invalid_body', 'props', 'expected an object with at least "event"')
  const props = body.props
  const event = str(props, 'event', 'props.event', 64, true)!
  const type = str(props, 'type', 'props.type', 64, false)
  const address = str(props, 'address', 'props.address', 128, false)
  if (props.properties !== undefined && props.properties !== null && !isRecord(props.properties))
    throw invalidField('invalid_body', 'props.properties', 'expected an object')
  const properties = (props.properties ?? undefined) as Record<string, unknown> | undefined
  // jsonb refuses NUL anywhere (keys or values); say so instead of failing in the database.
  if (properties && hasNul(properties))
    throw invalidField('invalid_body', 'props.properties', 'must not contain NUL (\\u0000) characters')
  return { eventId, url, domain, timestamp: ts, props: { event, type, address, properties } }
}

/** Checks an error report body. */
export function parseErrorReport(body: Record<string, unknown>): ErrorReportBody {
  return {
    errorType: str(body, 'errorType', 'errorType', 200, true)!,
    errorMessage: str(body, 'errorMessage', 'errorMessage', 4000, true)!,
    stackTrace: str(body, 'stackTrace', 'stackTrace', 32_000, true)!,
  }
}

/** POST /e. */
export function analyticsRoutes(deps: ApiDeps): Hono {
  const app = new Hono()
  // The tables stay bounded (retention days, row cap): checked every `every` stored rows of this process.
  const { analyticsRetentionDays: retentionDays, analyticsMaxRows: maxRows } = deps.config
  const every = Math.min(100, maxRows)
  let stored = 0
  const { analyticsMaxEventBytes: maxBytes, analyticsMaxBytes } = resolveApiLimits(deps.config.apiLimits)
  // Rows are counted elsewhere (rate limit, hourly cap, row bound); bytes per event here, per project per hour by the
  // gate, in all by the retention. Answers the event's bytes.
  const checkBytes = (stored: unknown[]): number => {
    const bytes = stored.reduce<number>((n, v) => n + (typeof v === 'string' ? Buffer.byteLength(v) : 8), 0)
    if (bytes > maxBytes)
      throw new ApiError(413, 'event_too_large', `The event would store ${bytes} bytes; at most ${maxBytes}`, [
        { field: 'body', description: `an event or error report stores at most ${maxBytes} bytes` },
      ])
    return bytes
  }
  app.post('/e', async (c) => {
    const projectId = checkProjectId(c.req.query('projectId'))
    const st = c.req.query('st') || null
    const sv = c.req.query('sv') || null
    for (const [name, v] of [
      ['st', st],
      ['sv', sv],
    ] as const) {
      if (v && v.length > 64) throw invalidField('invalid_query', name, `at most 64 characters, got "${clip(v)}"`)
      if (v) rejectNul(v, name, 'invalid_query')
    }
    // The modal runs in browsers, which send Origin with every POST (sendBeacon included): a request without one
    // is not the modal's, and nothing could check which page it speaks for. The project's list or the server's
    // default list (SPEC §5), as the client checks it.
    const origin = c.req.header('origin')
    if (origin === undefined)
      throw new ApiError(
        403,
        'origin_required',
        'POST /e takes events from browsers only: the Origin header is missing',
        [{ field: 'Origin', description: 'required; it must be an allowed origin of the project' }],
      )
    const project = await projectOfRequest(deps, projectId)
    const allowed = [...resolveAllowedOrigins(deps.config, projectId, project), ...deps.config.allowedOrigins]
    if (!originAllowed(origin, allowed)) {
      throw new ApiError(
        403,
        'origin_not_allowed',
        `Invalid App Configuration: origin ${clip(origin)} is not on the allowlist of this project`,
        [{ field: 'Origin', description: `${clip(origin)} is not an allowed origin for project ${projectId}` }],
      )
    }
    const verdict = (await deps.analyticsGate?.admit(clientIp(c, deps.config.trustProxy), projectId)) ?? {
      ok: true,
      store: true,
    }
    if (!verdict.ok) {
      c.header('Retry-After', String(verdict.retryAfterSeconds))
      throw new ApiError(
        429,
        'rate_limited',
        `Too many events from this client address; retry in ${verdict.retryAfterSeconds} s`,
        [{ description: `Rate limit exceeded (RATE_LIMITED): retry after ${verdict.retryAfterSeconds} seconds` }],
      )
    }
    const body = await readJson(c)
    if (!isRecord(body))
      throw new ApiError(400, 'invalid_body', 'The body must be a JSON object', [
        { field: 'body', description: 'expected a JSON object' },
      ])
    const report = 'errorType' in body ? parseErrorReport(body) : undefined
    const e = report ? undefined : parseEvent(body)
    const properties = e?.props.properties ? JSON.stringify(e.props.properties) : null
    const bytes = checkBytes(
      report
        ? [st, sv, report.errorType, report.errorMessage, report.stackTrace]
        : [
            st,
            sv,
            e!.eventId,
            e!.url,
            e!.domain,
            e!.timestamp,
            e!.props.event,
            e!.props.type,
            e!.props.address,
            properties,
          ],
    )
    // Sampled out above the project's hourly rows or bytes: checked like any event, answered the same, not stored.
    if (!verdict.store || !((await deps.analyticsGate?.admitBytes(projectId, bytes)) ?? true)) {
      // checked above
    } else if (report) {
      const r = report
      await deps.store.query(
        'INSERT INTO error_reports (project_id, sdk_type, sdk_version, error_type, error_message, stack_trace, bytes) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [projectId, st, sv, r.errorType, r.errorMessage, r.stackTrace, bytes],
      )
    } else if (e) {
      await deps.store.query(
        `INSERT INTO analytics_events (project_id, sdk_type, sdk_version, event_id, url, domain, client_timestamp, event, type, address, properties, bytes)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12)`,
        [
          projectId,
          st,
          sv,
          e.eventId,
          e.url,
          e.domain,
          e.timestamp,
          e.props.event,
          e.props.type ?? null,
          e.props.address ?? null,
          properties,
          bytes,
        ],
      )
    }
    if (++stored % every === 0)
      await pruneAnalytics(deps.store, { retentionDays, maxRows, maxBytes: analyticsMaxBytes })
    return c.json({ ok: true as const }, 202)
  })
  return app
}
