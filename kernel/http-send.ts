// The sending half of http.ts's client: fetch with a time-out that covers the body, SPEC §8's "HTTP status code {n}"
// errors carrying the body, and the once-only 429 callback. Loaded at the visitor's intent or first request.
import { FoyerError } from './errors.js'
import type { HttpOptions, HttpRequest, Sender } from './http.js'

// HttpError lives here, not in errors.ts: only this sending half (loaded at the visitor's first intent) raises it and
// only plugins' handlers read it, so the first-paint chunk, which carries errors.ts, does not carry it.
/** An HTTP call answered with a non-2xx status. */
export class HttpError extends FoyerError {
  override name = 'HttpError'
  readonly status: number
  readonly body: unknown
  constructor(status: number, body: unknown) {
    super(`HTTP status code ${status}`, { code: `HTTP_${status}`, category: 'SERVER' })
    this.status = status
    this.body = body
  }
  /** The first reason description of a server error body, when present (SPEC §8). */
  get reason(): string | undefined {
    const reasons = (this.body as { reasons?: Array<{ description?: unknown }> } | null)?.reasons
    const first = Array.isArray(reasons) ? reasons[0]?.description : undefined
    return typeof first === 'string' ? first : undefined
  }
}

/** The sender of one client: `url` builds a request's absolute URL (the client's own). */
export function createSender(options: HttpOptions, url: (req: HttpRequest) => string): Sender {
  const doFetch = options.fetch ?? ((...a: Parameters<typeof fetch>) => globalThis.fetch(...a))
  let limited = false
  // One request, its body read inside the time-out: an API that never answers fails the caller instead of hanging.
  const send = async <T>(method: string, req: HttpRequest, read: (res: Response) => Promise<T>): Promise<T> => {
    const ms = options.timeoutMs ?? 10_000
    const ctl = new AbortController()
    const abort = () => ctl.abort(req.signal?.reason)
    req.signal?.addEventListener('abort', abort)
    const timer = setTimeout(
      () =>
        ctl.abort(new FoyerError(`Request timed out after ${ms / 1000} s`, { code: 'TIMEOUT', category: 'SERVER' })),
      ms,
    )
    try {
      const hasBody = req.body !== undefined
      const res = await doFetch(url(req), {
        method,
        headers: { ...options.headers, ...(hasBody ? { 'content-type': 'application/json' } : {}), ...req.headers },
        body: hasBody ? JSON.stringify(req.body) : undefined,
        signal: ctl.signal,
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
      return await read(res)
    } catch (err) {
      // fetch rejects with the signal's reason in browsers; some runtimes throw their own AbortError instead.
      throw ctl.signal.aborted ? ctl.signal.reason : err
    } finally {
      clearTimeout(timer)
      req.signal?.removeEventListener('abort', abort)
    }
  }
  return <T>(method: string, req: HttpRequest, blob?: boolean): Promise<T> =>
    blob
      ? (send(method, req, (res) => res.blob()) as Promise<T>)
      : send(method, req, async (res) => {
          if (res.status === 204) return undefined as T
          const text = await res.text()
          return (text ? JSON.parse(text) : undefined) as T
        })
}
