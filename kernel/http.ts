// A small JSON HTTP client. Failures read "HTTP status code {n}" (SPEC §8) and carry the body for its reasons.
import { HttpError } from './errors.js'

/** One request's options. */
export interface HttpRequest {
  path: string
  params?: Record<string, string | number | boolean | undefined | null>
  headers?: Record<string, string>
  body?: unknown
  signal?: AbortSignal
}

/** GET, GET blob, POST, PUT and DELETE with JSON bodies and query params. */
export interface HttpClient {
  get<T>(req: HttpRequest): Promise<T>
  getBlob(req: HttpRequest): Promise<Blob>
  post<T>(req: HttpRequest): Promise<T>
  put<T>(req: HttpRequest): Promise<T>
  delete<T>(req: HttpRequest): Promise<T>
  /** The absolute URL a request would go to. */
  url(req: Pick<HttpRequest, 'path' | 'params'>): string
}

/** Options of {@link createHttp}. */
export interface HttpOptions {
  baseUrl: string
  fetch?: typeof fetch
  headers?: Record<string, string>
  /** Query params added to every request (e.g. projectId, st, sv). */
  params?: Record<string, string>
  /** Called on the first 429 answer only (SPEC §8 RATE_LIMITED, alert APKT010): one alert, not one per request. */
  on429?: () => void
}

/** Creates an {@link HttpClient} bound to `baseUrl`. */
export function createHttp(options: HttpOptions): HttpClient {
  const doFetch = options.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a))
  let limited = false
  const url = ({ path, params }: Pick<HttpRequest, 'path' | 'params'>) => {
    const u = new URL(path, options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`)
    for (const [k, v] of Object.entries({ ...options.params, ...params })) {
      if (v !== undefined && v !== null && v !== '') u.searchParams.set(k, String(v))
    }
    return u.toString()
  }
  const send = async (method: string, req: HttpRequest): Promise<Response> => {
    const hasBody = req.body !== undefined
    const res = await doFetch(url(req), {
      method,
      headers: { ...options.headers, ...(hasBody ? { 'content-type': 'application/json' } : {}), ...req.headers },
      body: hasBody ? JSON.stringify(req.body) : undefined,
      signal: req.signal,
    })
    if (!res.ok) {
      if (res.status === 429 && !limited) {
        limited = true
        options.on429?.()
      }
      let body: unknown = null
      try {
        body = await res.json()
      } catch {
        /* not JSON */
      }
      throw new HttpError(res.status, body)
    }
    return res
  }
  const json = async <T>(method: string, req: HttpRequest): Promise<T> => {
    const res = await send(method, req)
    if (res.status === 204) return undefined as T
    const text = await res.text()
    return (text ? JSON.parse(text) : undefined) as T
  }
  return {
    get: (req) => json('GET', req),
    getBlob: async (req) => (await send('GET', req)).blob(),
    post: (req) => json('POST', req),
    put: (req) => json('PUT', req),
    delete: (req) => json('DELETE', req),
    url,
  }
}
