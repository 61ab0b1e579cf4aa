// HTTP requests from a chosen loopback address (127.0.0.2, …) and with a chosen Host header, for tests of what many
// client addresses (or a forged Host) can do to one API. Every address of 127.0.0.0/8 is local.
import { request } from 'node:http'

/** An answer: status, headers and the body parsed as JSON (the text when it is not JSON). */
export interface AddressedResponse<T = any> {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: T
}

/** Sends one request from `localAddress` (default the kernel's choice) on a fresh socket; JSON bodies are encoded. */
export function requestFrom<T = any>(
  url: string,
  opts: { localAddress?: string; method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<AddressedResponse<T>> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body)
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: opts.method ?? (payload === undefined ? 'GET' : 'POST'),
        localAddress: opts.localAddress,
        // a fresh socket per request, so the address is the one asked for
        agent: false,
        headers: { ...(payload !== undefined ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let body: unknown = text
          try {
            body = JSON.parse(text)
          } catch {
            // not JSON: the text stands
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body as T })
        })
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}
