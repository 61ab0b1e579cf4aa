// A small JSON HTTP client. Failures read "HTTP status code {n}" (SPEC §8) and carry the body for its reasons. No
// request goes out before the visitor's first intent, so the part that sends (http-send.ts) loads then, with the first
// request or at intent (`preloadHttp`), in its own chunk instead of on the first-paint path.

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
  /** Longest wait for an answer, body included (SPEC §9: 10 s); then the request fails. */
  timeoutMs?: number
}

/** Creates an {@link HttpClient} bound to `baseUrl`. */
export function createHttp(options: HttpOptions): HttpClient {
  const url = ({ path, params }: Pick<HttpRequest, 'path' | 'params'>) => {
    const u = new URL(path, options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`)
    for (const [k, v] of Object.entries({ ...options.params, ...params })) {
      if (v !== undefined && v !== null && v !== '') u.searchParams.set(k, String(v))
    }
    return u.toString()
  }
  // One sender per client: it holds the client's once-only 429 flag. Once the code is here (after the visitor's
  // intent) a request goes out at once, as if it had always been eager.
  let sender: Sender | undefined
  const call = <T>(method: string, req: HttpRequest, blob?: boolean): Promise<T> => {
    if (!sender && code) sender = code.createSender(options, url)
    return sender ? sender<T>(method, req, blob) : preloadHttp().then(() => call<T>(method, req, blob))
  }
  return {
    get: (req) => call('GET', req),
    getBlob: (req) => call('GET', req, true),
    post: (req) => call('POST', req),
    put: (req) => call('PUT', req),
    delete: (req) => call('DELETE', req),
    url,
  }
}

/** Sends one request (`blob`: the body as a Blob, else parsed JSON); made by http-send.ts's `createSender`. */
export type Sender = <T>(method: string, req: HttpRequest, blob?: boolean) => Promise<T>

/** Starts loading the sending code (the visitor's intent calls it, so the first request waits for no download). */
export const preloadHttp = () => import('./http-send.js').then((m) => (code = m))
let code: typeof import('./http-send.js') | undefined
