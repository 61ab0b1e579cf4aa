// JSON-RPC 2.0 framing for the relay. Request ids from the WalletConnect SDKs are 19-digit integers (above 2^53),
// so ids are never round-tripped through a JS number: the raw JSON text of the id is cut out of the frame and
// echoed byte for byte.

/** The raw JSON text of a JSON-RPC id (a number literal, a string literal with quotes, or `null`). */
export type RawId = string

/** One parsed incoming frame. */
export type Frame =
  | { type: 'request'; id: RawId; method: string; params: unknown }
  | { type: 'response'; id: RawId; error: boolean }
  | { type: 'notification'; method: string }
  | { type: 'invalid'; id: RawId; code: number; message: string }

/** JSON-RPC error codes the relay answers with. */
export const RPC_ERROR = {
  parse: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internal: -32603,
  // EIP-1474's "limit exceeded": used for rate limits and full mailboxes.
  limitExceeded: -32005,
} as const

const MAX_ID_CHARS = 80

/** Parses one text frame without losing id precision; never throws. */
export function parseFrame(text: string): Frame {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { type: 'invalid', id: 'null', code: RPC_ERROR.parse, message: 'Parse error' }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      type: 'invalid',
      id: 'null',
      code: RPC_ERROR.invalidRequest,
      message: 'Invalid request: expected an object',
    }
  }
  const obj = value as Record<string, unknown>
  const rawId = 'id' in obj ? scanRawId(text) : undefined
  const id = rawId !== undefined && isValidRawId(rawId) ? rawId : undefined
  if (typeof obj.method === 'string') {
    if (!('id' in obj)) return { type: 'notification', method: obj.method }
    if (id === undefined || id === 'null') {
      return { type: 'invalid', id: 'null', code: RPC_ERROR.invalidRequest, message: 'Invalid request: bad id' }
    }
    return { type: 'request', id, method: obj.method, params: obj.params }
  }
  if (id !== undefined && ('result' in obj || 'error' in obj)) {
    return { type: 'response', id, error: 'error' in obj }
  }
  return { type: 'invalid', id: id ?? 'null', code: RPC_ERROR.invalidRequest, message: 'Invalid request: no method' }
}

/** Formats a success response echoing the raw id. */
export function formatResult(id: RawId, result: unknown): string {
  return `{"id":${id},"jsonrpc":"2.0","result":${JSON.stringify(result ?? null)}}`
}

/** Formats an error response echoing the raw id. */
export function formatError(id: RawId, code: number, message: string): string {
  return `{"id":${id},"jsonrpc":"2.0","error":${JSON.stringify({ code, message })}}`
}

/** Formats a relay-to-client request; `id` is a safe integer the relay chose. */
export function formatRequest(id: number, method: string, params: unknown): string {
  return `{"id":${id},"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}`
}

function isValidRawId(raw: string): boolean {
  if (raw.length > MAX_ID_CHARS) return false
  return raw === 'null' || /^-?\d+$/.test(raw) || /^"[^"\\]*"$/.test(raw)
}

/** Returns the raw text of the top-level `"id"` member of a frame already known to be valid JSON. */
export function scanRawId(text: string): string | undefined {
  let i = skipWs(text, 0)
  if (text[i] !== '{') return undefined
  i++
  while (i < text.length) {
    i = skipWs(text, i)
    if (text[i] !== '"') return undefined
    const keyEnd = endOfString(text, i)
    const key = text.slice(i + 1, keyEnd - 1)
    i = skipWs(text, keyEnd)
    if (text[i] !== ':') return undefined
    i = skipWs(text, i + 1)
    const valueEnd = endOfValue(text, i)
    if (key === 'id') return text.slice(i, valueEnd)
    i = skipWs(text, valueEnd)
    if (text[i] !== ',') return undefined
    i++
  }
  return undefined
}

function skipWs(text: string, i: number): number {
  while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i++
  return i
}

function endOfString(text: string, start: number): number {
  let i = start + 1
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1
  return i + 1
}

function endOfValue(text: string, start: number): number {
  const c = text[start]
  if (c === '"') return endOfString(text, start)
  if (c === '{' || c === '[') {
    let depth = 0
    let i = start
    while (i < text.length) {
      const ch = text[i]
      if (ch === '"') {
        i = endOfString(text, i)
        continue
      }
      if (ch === '{' || ch === '[') depth++
      else if (ch === '}' || ch === ']') depth--
      i++
      if (depth === 0) return i
    }
    return i
  }
  let i = start
  while (i < text.length && !',}] \n\r\t'.includes(text[i])) i++
  return i
}
