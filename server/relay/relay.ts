// The WalletConnect relay server: HTTP server, WebSocket upgrade with JWT and project-id checks, heartbeat pings,
// mailbox expiry. Protocol details live in methods.ts, limits in limits.ts.
import { createServer, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { RunningService } from '../types.js'
import { JWT_SKEW_SECONDS, RelayAuthError, verifyRelayJwt, type RelayClaims } from './auth.js'
import { RelayConnection, type ConnectionContext } from './connection.js'
import { resolveLimits, type RelayLimits } from './limits.js'
import { Mailbox } from './mailbox.js'
import { MemoryStore } from './memory-store.js'
import { openRedisStore } from './redis-store.js'
import { PublishRates, Tally } from './quotas.js'
import { RPC_ERROR, formatError } from './protocol.js'
import { addressKey, clientAddress, type TrustProxy } from '../net/client-address.js'
import type { RateLimiter } from '../rate-limit/limiter.js'
import { processMetrics } from '../observe/metrics.js'

/** Options of {@link startRelay}; every limit of {@link RelayLimits} may be overridden too. */
export interface RelayOptions extends Partial<RelayLimits> {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number
  /** Interface to listen on; default 127.0.0.1. */
  host?: string
  /** Accepted `projectId` query values; default any 32 hex digits. */
  projectIdPattern?: RegExp
  /** Extra URLs accepted as JWT `aud`, e.g. the public wss:// URL behind a reverse proxy. */
  audiences?: string[]
  /** Heartbeat ping period; clients drop a socket silent for 35 s. Default 15 s. */
  pingIntervalMs?: number
  /** How often expired mailbox messages are dropped. Default 30 s. */
  sweepIntervalMs?: number
  /** Clock for TTLs and rate limits (tests). */
  now?: () => number
  /** Keeps mailboxes in this Redis (shared by every relay process on it) instead of this process's memory. */
  redisUrl?: string
  /** Prefix of the relay's Redis keys and channel (default `foyer:relay:`). */
  redisPrefix?: string
  /** Connections per client IP and per project id; refused upgrades get HTTP 429 with Retry-After. */
  limiter?: RateLimiter
  /** Which proxies' X-Forwarded-For to believe (net/client-address.ts); default none. */
  trustProxy?: TrustProxy
  /** IPv6 clients share their per-address counts by this prefix; default 64. */
  ipv6Prefix?: number
  /** On close(), how long sockets get to close cleanly (code 1001, so the SDKs reconnect elsewhere). Default 1 s. */
  drainMs?: number
  /** Receives notable events (refused upgrades, errors); default silent. */
  log?: (event: string, detail: Record<string, unknown>) => void
}

/** A running relay: a {@link RunningService} plus introspection for operators and tests. */
export interface RunningRelay extends RunningService {
  /** Where the mailboxes live. */
  storeKind: 'memory' | 'redis'
  /** Current topics, stored messages, subscribers and sockets. */
  stats(): { topics: number; messages: number; subscribers: number; connections: number; storedBytes: number }
  /** Terminates every socket of a client (as a network failure would); returns how many. */
  terminateClient(clientId: string): number
}

/** Starts a relay and resolves once it listens. */
export async function startRelay(opts: RelayOptions = {}): Promise<RunningRelay> {
  const limits = resolveLimits(opts)
  const now = opts.now ?? Date.now
  const log = opts.log ?? (() => {})
  const projectIdPattern = opts.projectIdPattern ?? /^[0-9a-fA-F]{32}$/
  const store = opts.redisUrl
    ? await openRedisStore({
        url: opts.redisUrl,
        prefix: opts.redisPrefix,
        maxMessagesPerTopic: limits.maxMessagesPerTopic,
        quotas: limits,
      })
    : new MemoryStore(limits)
  const metrics = processMetrics()
  const mailbox = new Mailbox(store, {
    ...limits,
    now,
    onStored: (_m, size) => (metrics.relayPublished.inc(), metrics.relayMailboxSize.observe(size)),
    onDelivered: () => metrics.relayDelivered.inc(),
  })
  const rates = new PublishRates(limits.clientPublishRateLimit, limits.ipPublishRateLimit, now)
  const ctx: ConnectionContext = { mailbox, limits, rates, now }
  const connections = new Set<RelayConnection>()
  // Sockets per client id and per IP, from the accepted upgrade until the TCP socket closes.
  const socketsPerClient = new Tally(limits.maxConnectionsPerClient)
  const socketsPerIp = new Tally(limits.maxConnectionsPerIp)
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxMessageBytes, clientTracking: false })
  const extraAudiences = new Set((opts.audiences ?? []).map(trimSlash))

  const server = createServer((req, res) => {
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    const path = (req.url ?? '').split('?')[0]
    if (path === '/health' || path === '/healthz') return reply(200, { status: 'ok', ...stats() })
    if (path === '/metrics')
      return void metrics.registry.metrics().then((text) => {
        res.writeHead(200, { 'content-type': metrics.registry.contentType })
        res.end(text)
      })
    // Ready when the store answers: with Redis away, publishes would fail.
    if (path === '/readyz')
      return void store.ping().then(
        () => reply(200, { status: 'ready', store: store.kind }),
        (e: unknown) => reply(503, { status: 'unavailable', store: store.kind, error: (e as Error).message }),
      )
    reply(426, { error: 'upgrade_required' })
  })

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    // URLSearchParams never throws; new URL() does on paths like "//host:99999/", which must not kill the process.
    const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '')
    const projectId = query.get('projectId') ?? ''
    projectIdPattern.lastIndex = 0
    if (!projectIdPattern.test(projectId)) return refuse(socket, 403, 'invalid projectId')
    if (connections.size >= limits.maxConnections) return refuse(socket, 503, 'too many connections')
    if (closing) return refuse(socket, 503, 'relay is shutting down')
    let claims: RelayClaims
    try {
      claims = verifyRelayJwt(query.get('auth') ?? '', {
        audience: (aud) => audienceMatches(aud, req.headers.host, extraAudiences),
        nowSeconds: Math.floor(now() / 1000),
      })
    } catch (e) {
      const reason = e instanceof RelayAuthError ? e.message : 'invalid auth'
      log('upgrade_refused', { reason })
      return refuse(socket, 401, reason)
    }
    // A key in the relay's tallies and in Redis: a valid address (or 'unknown'), IPv6 by its prefix.
    const ip = addressKey(
      clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], opts.trustProxy ?? false),
      opts.ipv6Prefix,
    )
    if (!socketsPerIp.take(ip)) return refuse(socket, 429, 'too many connections from this address', 10)
    if (!socketsPerClient.take(claims.clientId)) {
      socketsPerIp.give(ip)
      return refuse(socket, 429, 'too many connections for this client', 10)
    }
    // Given back once, whether the upgrade is refused below or the socket closes later.
    socket.once('close', () => (socketsPerIp.give(ip), socketsPerClient.give(claims.clientId)))
    const accept = () => wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, claims, ip))
    if (!opts.limiter) return accept()
    void opts.limiter.take(ip, projectId.toLowerCase()).then((verdict) => {
      if (verdict.ok) return accept()
      metrics.rateLimited.inc({ service: 'relay', scope: verdict.scope })
      log('upgrade_rate_limited', { scope: verdict.scope })
      refuse(
        socket,
        429,
        `rate limited (${verdict.scope}); retry after ${verdict.retryAfterSeconds} s`,
        verdict.retryAfterSeconds,
      )
    })
  })
  let closing = false

  function onConnection(ws: WebSocket, claims: RelayClaims, ip: string): void {
    const conn = new RelayConnection(ws, claims.clientId, ip, ctx, (claims.exp + JWT_SKEW_SECONDS) * 1000)
    connections.add(conn)
    metrics.relaySockets.inc()
    ws.on('message', (data, isBinary) => {
      if (isBinary) return conn.send(formatError('null', RPC_ERROR.invalidRequest, 'Binary frames are not supported'))
      const text = Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8')
      // Requests answer their own errors; anything else (a bug, the store gone) costs one socket, not the process.
      conn.onText(text, (e) => {
        log('connection_error', { message: (e as Error).message })
        ws.terminate()
      })
    })
    ws.on('pong', () => (conn.alive = true))
    ws.on('error', (e) => log('socket_error', { message: e.message }))
    ws.on('close', () => forget(conn))
  }

  // Called on close and on our own terminate, so stats and subscriptions are current at once; idempotent.
  function forget(conn: RelayConnection): void {
    if (!connections.delete(conn)) return
    metrics.relaySockets.dec()
    conn.dispose()
  }

  function drop(conn: RelayConnection): void {
    conn.socket.terminate()
    forget(conn)
  }

  // A socket that did not answer the previous ping is dead (client crashed, network gone): drop it.
  const pingTimer = setInterval(() => {
    for (const conn of connections) {
      if (!conn.alive) {
        drop(conn)
        continue
      }
      conn.alive = false
      try {
        conn.socket.ping()
      } catch {
        // A timer callback that throws would take the process down; a socket that cannot be pinged is dead anyway.
        drop(conn)
      }
    }
  }, opts.pingIntervalMs ?? 15_000)
  pingTimer.unref()
  const sweepTimer = setInterval(() => {
    rates.prune()
    void mailbox.sweep().catch((e: unknown) => log('sweep_failed', { message: (e as Error).message }))
  }, opts.sweepIntervalMs ?? 30_000)
  sweepTimer.unref()

  function stats() {
    return { ...mailbox.stats(), connections: connections.size }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  }).catch(async (err: unknown) => {
    clearInterval(pingTimer)
    clearInterval(sweepTimer)
    await store.close()
    throw err
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0)
  const host = opts.host ?? '127.0.0.1'
  const urlHost = host.includes(':') ? `[${host}]` : host

  return {
    url: `ws://${urlHost}:${port}`,
    port,
    storeKind: store.kind,
    stats,
    terminateClient(clientId) {
      let n = 0
      for (const conn of connections) {
        if (conn.clientId === clientId) {
          drop(conn)
          n++
        }
      }
      return n
    },
    async close() {
      closing = true
      clearInterval(pingTimer)
      clearInterval(sweepTimer)
      // Drain: requests in flight finish, then each socket is closed with 1001 (going away), which the SDKs answer
      // by reconnecting (behind a load balancer, to another relay process); stragglers are cut after drainMs.
      await Promise.all([...connections].map((c) => c.drained()))
      for (const conn of connections) conn.socket.close(1001, 'relay restarting')
      const deadline = Date.now() + (opts.drainMs ?? 1000)
      while (connections.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
      for (const conn of connections) drop(conn)
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      // Keep-alive HTTP clients (a /health poller) would otherwise hold close() open.
      server.closeAllConnections()
      await closed
      await store.close()
    },
  }
}

function refuse(socket: Duplex, status: number, reason: string, retryAfter?: number): void {
  const text =
    { 401: 'Unauthorized', 403: 'Forbidden', 429: 'Too Many Requests', 503: 'Service Unavailable' }[status] ?? 'Error'
  const body = JSON.stringify({ error: reason })
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
      (retryAfter ? `Retry-After: ${retryAfter}\r\n` : '') +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  )
}

// The SDKs put the relay URL they dialled in `aud`; the Host header is what they dialled.
function audienceMatches(aud: string, hostHeader: string | undefined, extra: Set<string>): boolean {
  if (extra.has(trimSlash(aud))) return true
  try {
    const u = new URL(aud)
    return (
      ['ws:', 'wss:', 'http:', 'https:'].includes(u.protocol) &&
      hostHeader !== undefined &&
      u.host === hostHeader.toLowerCase()
    )
  } catch {
    return false
  }
}

function trimSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url
}
