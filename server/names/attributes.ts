// Attributes of a name record (text records such as avatar, url, description). Clients render them, so values that
// are links must be web links: a `javascript:` avatar or url would run in whoever shows it (issue 20, item 7).
import { invalidField } from '../api/errors.js'
import { clip } from '../api/params.js'

const MAX_ATTRIBUTES = 20

/** Keys whose value is a link: only absolute http(s) URLs are accepted. */
const URL_KEY = /^(avatar|header|url|website)$|url$/i

/** Schemes that run code or read local data where a link is followed or an image is loaded. */
const DANGEROUS_SCHEMES = new Set(['javascript:', 'vbscript:', 'data:', 'file:', 'blob:', 'filesystem:'])

// The WHATWG parser strips control characters and lower-cases the scheme, as a browser would before following it.
const schemeOf = (value: string): string | undefined => {
  try {
    return new URL(value).protocol
  } catch {
    return undefined
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Checks the signed message's attributes: at most 20 string values; link keys http(s) only; no script URLs at all. */
export function checkAttributes(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) return {}
  if (!isRecord(raw)) throw invalidField('invalid_message', 'message.attributes', 'expected an object of string values')
  const entries = Object.entries(raw)
  if (entries.length > MAX_ATTRIBUTES)
    throw invalidField('invalid_message', 'message.attributes', `at most ${MAX_ATTRIBUTES} attributes`)
  for (const [k, v] of entries) {
    if (k.length === 0 || k.length > 64)
      throw invalidField('invalid_message', 'message.attributes', 'attribute names have 1 to 64 characters')
    const field = `message.attributes.${clip(k, 64)}`
    if (typeof v !== 'string' || v.length > 2048)
      throw invalidField('invalid_message', field, 'expected a string of at most 2048 characters')
    const scheme = schemeOf(v)
    if (URL_KEY.test(k) && scheme !== 'http:' && scheme !== 'https:')
      throw invalidField('invalid_attribute', field, `"${clip(v)}" is not a link: expected an http(s) URL`)
    if (scheme && DANGEROUS_SCHEMES.has(scheme))
      throw invalidField('invalid_attribute', field, `${scheme} links are refused: only http(s) links may be stored`)
  }
  return Object.fromEntries(entries) as Record<string, string>
}

/** The stored avatar when it is an http(s) URL (records written before these checks may hold anything). */
export function safeAvatar(value: string | undefined): string | null {
  const scheme = value === undefined ? undefined : schemeOf(value)
  return scheme === 'http:' || scheme === 'https:' ? value! : null
}
