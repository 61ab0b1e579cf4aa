// Tests' HTTP client that picks its own source address (127.0.0.2, …: the whole 127.0.0.0/8 is local), so one test
// process can be many visitors; and the upgrade of a relay socket with the same choice. Loopback only.
import { request, Agent } from 'node:http'
import { WebSocket } from 'ws'

/** An answer: status and parsed JSON body (undefined when the body is not JSON). */
export interface TestAnswer {
  status: number
  body: Record<string, any> | undefined
}

const agents = new Map<string, Agent>()
// One keep-alive agent per source address: a long run of requests reuses its sockets.
const agentFor = (localAddress: string | undefined) => {
  const key = localAddress ?? ''
  let agent = agents.get(key)
  if (!agent) agents.set(key, (agent = new Agent({ keepAlive: true, maxSockets: 8, localAddress })))
  return agent
}

/** Sends one request to `url` (a loopback URL) from `from` (default: the system's choice). */
export function requestFrom(
  url: string,
  opts: { from?: string; method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<TestAnswer> {
  const u = new URL(url)
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: u.hostname.replace(/^\[|\]$/g, ''),
        port: u.port,
        path: `${u.pathname}${u.search}`,
        method: opts.method ?? (payload ? 'POST' : 'GET'),
        agent: agentFor(opts.from),
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => {
          let body: Record<string, any> | undefined
          try {
            body = JSON.parse(text) as Record<string, any>
          } catch {
            body = undefined
          }
          resolve({ status: res.statusCode ?? 0, body })
        })
      },
    )
    req.setTimeout(10_000, () => req.destroy(new Error(`no answer from ${url} in 10 s`)))
    req.on('error', reject)
    req.end(payload)
  })
}

/** Opens a WebSocket to `url` from `from` with `headers`; resolves with it, or with the status of a refused upgrade. */
export function upgradeFrom(
  url: string,
  opts: { from?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; socket?: WebSocket }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { localAddress: opts.from, headers: opts.headers })
    socket.once('open', () => resolve({ status: 101, socket }))
    socket.once('unexpected-response', (_req, res) => {
      resolve({ status: res.statusCode ?? 0 })
      res.resume()
      socket.terminate()
    })
    socket.once('error', reject)
  })
}

/** Closes the keep-alive agents (call in afterAll). */
export function closeTestAgents(): void {
  for (const agent of agents.values()) agent.destroy()
  agents.clear()
}
