// A minimal relay-protocol client over `ws`, for tests, the bench and operators' smoke checks. It signs its own JWT,
// acknowledges every irn_subscription, and matches answers to requests by the raw id text.
import { WebSocket } from 'ws'
import { createRelayClientKey, signRelayJwt, type RelayClientKey } from './jwt.js'
import { scanRawId } from './protocol.js'

/** A message delivered to a raw client. */
export interface RawDelivery {
  subscriptionId: string
  topic: string
  message: string
  publishedAt: number
  tag: number
  /** Local receive time, `performance.now()` milliseconds. */
  receivedAt: number
}

/** Options of {@link connectRawClient}. */
export interface RawClientOptions {
  projectId?: string
  key?: RelayClientKey
  /** Overrides the signed JWT (to test refusals). */
  auth?: string
  /** Local address to connect from (tests: 127.0.0.2 is another client IP than 127.0.0.1). */
  localAddress?: string
}

/** A connected raw client. */
export interface RawRelayClient {
  clientId: string
  socket: WebSocket
  /** Sends a request and resolves with its result; rejects with the JSON-RPC error. */
  request(method: string, params: unknown): Promise<unknown>
  /** Sends raw text (malformed frames in tests). */
  sendRaw(text: string): void
  onDelivery(fn: (d: RawDelivery) => void): void
  /** Resolves with the next text frame that is not an irn_subscription. */
  nextFrame(): Promise<string>
  close(): Promise<void>
}

/** A JSON-RPC error received by a raw client. */
export class RawRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

let counter = 0
const TEST_PROJECT_ID = '0123456789abcdef0123456789abcdef'

/** Connects to `relayUrl`; rejects if the upgrade is refused (e.g. 401 for a bad JWT). */
export function connectRawClient(relayUrl: string, opts: RawClientOptions = {}): Promise<RawRelayClient> {
  const key = opts.key ?? createRelayClientKey()
  const auth = opts.auth ?? signRelayJwt(key, { aud: relayUrl })
  const qs = new URLSearchParams({ auth, projectId: opts.projectId ?? TEST_PROJECT_ID, ua: 'foyer-raw/1' })
  const socket = new WebSocket(`${relayUrl}?${qs}`, { localAddress: opts.localAddress })
  const waiting = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  const listeners: Array<(d: RawDelivery) => void> = []
  const frameWaiters: Array<(text: string) => void> = []

  socket.on('message', (data) => {
    const text = String(data)
    const msg = JSON.parse(text) as {
      method?: string
      params?: any
      result?: unknown
      error?: { code: number; message: string }
    }
    const rawId = scanRawId(text) ?? 'null'
    if (msg.method === 'irn_subscription') {
      socket.send(`{"id":${rawId},"jsonrpc":"2.0","result":true}`)
      const d = msg.params.data
      const delivery = {
        subscriptionId: msg.params.id,
        topic: d.topic,
        message: d.message,
        publishedAt: d.publishedAt,
        tag: d.tag,
        receivedAt: performance.now(),
      }
      for (const fn of listeners) fn(delivery)
      return
    }
    frameWaiters.shift()?.(text)
    const w = waiting.get(rawId)
    if (!w) return
    waiting.delete(rawId)
    if (msg.error) w.reject(new RawRpcError(msg.error.code, msg.error.message))
    else w.resolve(msg.result)
  })
  // Errors also surface as 'close' or a rejected connect; an unhandled 'error' would crash the process.
  socket.on('error', () => {})
  socket.on('close', () => {
    for (const w of waiting.values()) w.reject(new Error('socket closed'))
    waiting.clear()
  })

  const client: RawRelayClient = {
    clientId: key.clientId,
    socket,
    request(method, params) {
      // 19-digit ids, like the SDKs, to exercise exact id echoing.
      const id = `${BigInt(Date.now()) * 1_000_000n + BigInt(++counter % 1_000_000)}`
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        socket.send(
          `{"id":${id},"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}`,
        )
      })
    },
    sendRaw: (text) => socket.send(text),
    onDelivery: (fn) => void listeners.push(fn),
    nextFrame: () => new Promise((resolve) => frameWaiters.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve()
        socket.once('close', () => resolve())
        socket.close()
      }),
  }
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client))
    socket.once('unexpected-response', (_req, res) => {
      reject(new Error(`relay refused the upgrade: HTTP ${res.statusCode}`))
      socket.terminate()
    })
    socket.once('error', reject)
  })
}
