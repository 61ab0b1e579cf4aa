// Shared checks for path, query and body input. Each throws an ApiError naming the field, so handlers stay short.
import type { Context } from 'hono'
import { ApiError, invalidField } from './errors.js'

/** Project ids are 32 hex digits (the format WalletConnect Cloud issues). */
export const PROJECT_ID_PATTERN = /^[0-9a-fA-F]{32}$/
/** Registry wallet ids are 64 hex digits. */
export const WALLET_ID_PATTERN = /^[0-9a-fA-F]{64}$/
/** CAIP-2 chain id: namespace:reference. */
export const CAIP2_PATTERN = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/** The URL browsers reach this API at: config.publicUrl behind a proxy (the request origin is internal there). */
export function baseUrl(c: Context, deps: { config: { publicUrl?: string } }): string {
  return (deps.config.publicUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '')
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
  try {
    return JSON.parse(text)
  } catch (err) {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON', [
      { field: 'body', description: (err as Error).message },
    ])
  }
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
