// Shared checks for path, query and body input. Each throws an ApiError naming the field, so handlers stay short.
import type { Context } from 'hono'
import { ApiError, invalidField } from './errors.js'

/** Project ids are 32 hex digits (the format WalletConnect Cloud issues). */
export const PROJECT_ID_PATTERN = /^[0-9a-fA-F]{32}$/
/** Registry wallet ids are 64 hex digits. */
export const WALLET_ID_PATTERN = /^[0-9a-fA-F]{64}$/
/** CAIP-2 chain id: namespace:reference. */
export const CAIP2_PATTERN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/** Where the API is reached when no public URL is configured: its listen address (`listenUrl`) or, in-process, the
 * configured host and port. */
export interface BaseUrlDeps {
  config: { publicUrl?: string; host: string; port: number }
  /** The address the running server listens on (startApi sets it once listening). */
  listenUrl?: () => string | undefined
}

/**
 * The URL browsers reach this API at: config.publicUrl behind a proxy, else the address it listens on. Never the
 * request's Host header: a forged Host would put the sender's server into answers others cache and trust.
 */
export function baseUrl(_c: Context, deps: BaseUrlDeps): string {
  if (deps.config.publicUrl) return deps.config.publicUrl.replace(/\/+$/, '')
  return deps.listenUrl?.() ?? hostUrl(deps.config.host, deps.config.port)
}

/** `http://host:port`, with an IPv6 host bracketed and the wildcard address read as loopback. */
export function hostUrl(host: string, port: number): string {
  const h = host.includes(':') ? (host === '::' ? '[::1]' : `[${host}]`) : host === '0.0.0.0' ? '127.0.0.1' : host
  return `http://${h}:${port}`
}

/** Returns the project id lower-cased, or throws 400 invalid_project_id. */
export function checkProjectId(raw: string | undefined, field = 'projectId'): string {
  if (!raw) throw invalidField('invalid_project_id', field, 'a project id is required (32 hex digits)')
  if (!PROJECT_ID_PATTERN.test(raw))
    throw invalidField('invalid_project_id', field, `"${clip(raw)}" is not a project id: expected 32 hex digits`)
  return raw.toLowerCase()
}

/** Parses an optional integer query parameter within [min, max]. */
export function intParam(c: Context, name: string, dflt: number, min: number, max: number): number {
  const raw = c.req.query(name)
  if (raw === undefined || raw === '') return dflt
  if (!/^-?\d+$/.test(raw)) throw invalidField('invalid_query', name, `expected an integer, got "${clip(raw)}"`)
  const n = Number(raw)
  if (n < min || n > max)
    throw invalidField('invalid_query', name, `expected an integer from ${min} to ${max}, got ${raw}`)
  return n
}

/** Parses an optional comma-separated list; each item must match `pattern`. */
export function listParam(
  c: Context,
  name: string,
  pattern: RegExp,
  what: string,
  maxItems = 100,
): string[] | undefined {
  const raw = c.req.query(name)
  if (raw === undefined || raw.trim() === '') return undefined
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (items.length > maxItems)
    throw invalidField('invalid_query', name, `at most ${maxItems} items, got ${items.length}`)
  const bad = items.find((s) => !pattern.test(s))
  if (bad !== undefined) throw invalidField('invalid_query', name, `"${clip(bad)}" is not ${what}`)
  return items
}

/** Reads the body as JSON whatever the content type (sendBeacon posts text/plain); 400 when it is not JSON. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text()
  if (text.trim() === '')
    throw new ApiError(400, 'invalid_json', 'The request body is empty; expected JSON', [
      { field: 'body', description: 'expected a JSON body' },
    ])
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON', [
      { field: 'body', description: (err as Error).message },
    ])
  }
  checkJsonShape(value)
  return value
}

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 64
// A UTF-16 surrogate without its partner: JSON allows the escape, UTF-8 (and so the database) cannot hold it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Throws 400 for a parsed body nested deeper than MAX_JSON_DEPTH or holding a lone surrogate in a key or string. */
export function checkJsonShape(value: unknown): void {
  const stack: Array<[unknown, number]> = [[value, 0]]
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) throw badText()
    } else if (typeof v === 'object' && v !== null) {
      if (depth >= MAX_JSON_DEPTH)
        throw new ApiError(400, 'invalid_json', `The request body is nested deeper than ${MAX_JSON_DEPTH} levels`, [
          { field: 'body', description: `at most ${MAX_JSON_DEPTH} levels of arrays and objects` },
        ])
      for (const [k, x] of Object.entries(v)) {
        if (LONE_SURROGATE.test(k)) throw badText()
        stack.push([x, depth + 1])
      }
    }
  }
}

function badText(): ApiError {
  return new ApiError(400, 'invalid_text', 'A text value holds a lone UTF-16 surrogate (e.g. \\udfff)', [
    { field: 'body', description: 'every \\uD800–\\uDFFF escape must be half of a surrogate pair' },
  ])
}

/** Throws 400 when a string holds a NUL character, which PostgreSQL text and jsonb cannot store. */
export function rejectNul(value: string, field: string, code = 'invalid_body'): string {
  if (value.includes('\u0000')) throw invalidField(code, field, 'must not contain NUL (\\u0000) characters')
  return value
}

/** Shortens user input echoed in error messages. */
export function clip(s: string, max = 80): string {
  return s.length > max ? `${s.slice(0, max)}…` : s
}
