// The local Solana node over HTTP and WebSocket: JSON-RPC (single calls and batches) on POST, and on the same port the
// `signatureSubscribe` notifications `Connection.confirmTransaction` waits for (pass `wsEndpoint` to `Connection`:
// its default guesses port + 1).
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'
import type { RunningService } from '../types.js'
import { RpcCodes, SolanaRpcError } from './errors.js'
import { callSolanaMethod } from './methods.js'
import { SolanaRuntime, type TxRecord } from './runtime.js'

/** Options of {@link startSolanaNode}. */
export interface SolanaNodeOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number
  host?: string
  /** The chain to serve; a fresh one when absent. */
  runtime?: SolanaRuntime
}

/** A running node: its HTTP URL (`url`), WebSocket URL and chain. */
export interface RunningSolanaNode extends RunningService {
  wsUrl: string
  runtime: SolanaRuntime
}

const MAX_BODY = 4 * 1024 * 1024
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Answers a JSON-RPC request body (one call or a batch) against the chain. */
export function answerSolanaRpc(rt: SolanaRuntime, body: unknown): unknown {
  if (Array.isArray(body))
    return body.length ? body.map((c) => answerOne(rt, c)) : failure(null, RpcCodes.invalidRequest, 'Invalid request')
  return answerOne(rt, body)
}

function answerOne(rt: SolanaRuntime, call: unknown): unknown {
  const id = isRecord(call) && (typeof call.id === 'number' || typeof call.id === 'string') ? call.id : null
  if (!isRecord(call) || call.jsonrpc !== '2.0' || typeof call.method !== 'string')
    return failure(id, RpcCodes.invalidRequest, 'Invalid request')
  try {
    return { jsonrpc: '2.0', id, result: callSolanaMethod(rt, call.method, call.params) }
  } catch (err) {
    if (err instanceof SolanaRpcError) return failure(id, err.code, err.message, err.data)
    return failure(id, RpcCodes.internal, `Internal error: ${(err as Error).message}`)
  }
}

function failure(id: unknown, code: number, message: string, data?: unknown) {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } }
}

async function readBody(req: IncomingMessage): Promise<string> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY) throw new Error('request body too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** Starts the node and resolves once it listens. */
export async function startSolanaNode(opts: SolanaNodeOptions = {}): Promise<RunningSolanaNode> {
  const rt = opts.runtime ?? new SolanaRuntime()
  const host = opts.host ?? '127.0.0.1'
  const server = createServer(async (req, res) => {
    // Browser pages may call the node directly (tests do; the modal goes through the API's project RPC).
    res.setHeader('access-control-allow-origin', '*')
    res.setHeader('access-control-allow-headers', 'content-type, solana-client')
    if (req.method === 'OPTIONS') return void res.writeHead(204).end()
    if (req.method === 'GET' && req.url === '/health') return void res.writeHead(200).end('ok')
    if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end()
    let answer: unknown
    try {
      answer = answerSolanaRpc(rt, JSON.parse(await readBody(req)))
    } catch {
      answer = failure(null, RpcCodes.parse, 'Parse error')
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
  })
  const wss = new WebSocketServer({ server, maxPayload: MAX_BODY })
  // ws repeats the HTTP server's errors here; a busy port already fails the listen() below, with its reason, so the
  // repeat must not crash the process with an unhandled 'error' event
  wss.on('error', () => undefined)
  const waiting = new Map<string, Array<{ socket: WebSocket; subscription: number }>>()
  let nextSubscription = 0
  const notify = (socket: WebSocket, subscription: number, record: TxRecord) =>
    socket.send(
      JSON.stringify({
        jsonrpc: '2.0',
        method: 'signatureNotification',
        params: { result: { context: { slot: record.slot }, value: { err: record.err } }, subscription },
      }),
    )
  const stopListening = rt.onCommit((record) => {
    for (const w of waiting.get(record.signature) ?? []) notify(w.socket, w.subscription, record)
    waiting.delete(record.signature)
  })
  wss.on('connection', (socket) => {
    socket.on('message', (raw) => {
      let call: unknown
      try {
        call = JSON.parse(String(raw))
      } catch {
        return socket.send(JSON.stringify(failure(null, RpcCodes.parse, 'Parse error')))
      }
      if (!isRecord(call) || call.id === undefined) return // notifications such as web3.js's keep-alive "ping"
      const reply = (result: unknown) => socket.send(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }))
      const params = Array.isArray(call.params) ? call.params : []
      if (call.method === 'signatureSubscribe' && typeof params[0] === 'string') {
        const subscription = ++nextSubscription
        reply(subscription)
        const record = rt.record(params[0])
        if (record) return notify(socket, subscription, record)
        waiting.set(params[0], [...(waiting.get(params[0]) ?? []), { socket, subscription }])
        return
      }
      if (call.method === 'signatureUnsubscribe') {
        let found = false
        for (const [sig, list] of waiting) {
          const rest = list.filter((w) => !(w.socket === socket && w.subscription === params[0]))
          found ||= rest.length < list.length
          if (rest.length) waiting.set(sig, rest)
          else waiting.delete(sig)
        }
        return reply(found)
      }
      socket.send(JSON.stringify(failure(call.id, RpcCodes.methodNotFound, 'Method not found')))
    })
    socket.on('close', () => {
      for (const [sig, list] of waiting)
        waiting.set(
          sig,
          list.filter((w) => w.socket !== socket),
        )
    })
  })
  await new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(opts.port ?? 0, host, ok)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host}:${port}`,
    wsUrl: `ws://${host}:${port}`,
    port,
    runtime: rt,
    close: async () => {
      stopListening()
      for (const client of wss.clients) client.terminate()
      await new Promise<void>((ok) => wss.close(() => ok()))
      server.closeAllConnections()
      await new Promise<void>((ok) => server.close(() => ok()))
    },
  }
}
