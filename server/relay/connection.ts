// One authenticated client socket: frame dispatch, its subscriptions, delivery and acknowledgements.
import { WebSocket } from 'ws'
import type { RelayLimits } from './limits.js'
import { TokenBucket } from './limits.js'
import type { Mailbox, MailboxMessage, MailboxSubscriber } from './mailbox.js'
import type { PublishRates } from './quotas.js'
import { handleRequest, RpcError } from './methods.js'
import { formatError, formatRequest, formatResult, parseFrame, RPC_ERROR } from './protocol.js'

/** What every connection of one relay shares. */
export interface ConnectionContext {
  mailbox: Mailbox
  limits: RelayLimits
  /** Publish rates per client id and per IP, across sockets. */
  rates: PublishRates
  now: () => number
}

// Deliveries not yet acknowledged that one socket may have; older ones are forgotten (the message stays unseen and
// is delivered again on the next subscribe).
const MAX_AWAITING_ACK = 1000
// A reader this far behind is not reading; dropping it bounds the memory its send buffer takes.
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024

// Close codes. Not 3000: the SDKs treat that one as fatal and stop reconnecting.
const CLOSE_POLICY = 1008
const CLOSE_AUTH_EXPIRED = 4001

// Relay-chosen ids for irn_subscription: unique per process and below 2^53, so clients parse them exactly.
let nextRelayId = Date.now() * 1000

/** One client socket, subscribed to topics in the shared mailbox. */
export class RelayConnection implements MailboxSubscriber {
  /** topic → subscription id (sha256(topic + clientId) hex). */
  readonly subscriptions = new Map<string, string>()
  /** False until the client answers the last heartbeat ping. */
  alive = true
  private readonly awaitingAck = new Map<string, { topic: string; seq: number }>()
  private readonly bucket: TokenBucket
  private readonly frames: TokenBucket
  private readonly expiry: NodeJS.Timeout
  // Frames of one socket are handled in order even though the store answers asynchronously.
  private queue: Promise<void> = Promise.resolve()

  /** `expiresAt` (ms since the epoch) is when the JWT stops being valid; the socket is closed then. */
  constructor(
    readonly socket: WebSocket,
    readonly clientId: string,
    readonly ip: string,
    readonly ctx: ConnectionContext,
    expiresAt: number,
  ) {
    this.bucket = new TokenBucket(ctx.limits.publishRateLimit, ctx.now)
    this.frames = new TokenBucket(ctx.limits.frameRateLimit, ctx.now)
    // The SDKs sign a fresh JWT on every reconnect, so closing at expiry re-authenticates them. setTimeout caps
    // delays at ~24.8 days; a longer-lived token is simply re-checked then by a reconnect.
    const delay = Math.min(Math.max(0, expiresAt - ctx.now()), 2 ** 31 - 1)
    this.expiry = setTimeout(() => socket.close(CLOSE_AUTH_EXPIRED, 'JWT expired'), delay)
    this.expiry.unref()
  }

  /** Queues one text frame; every request is answered in arrival order; `onFailure` hears of store failures. */
  onText(text: string, onFailure: (err: unknown) => void = () => {}): void {
    if (!this.frames.take()) {
      this.socket.close(CLOSE_POLICY, 'Too many frames')
      return
    }
    this.queue = this.queue.then(() => this.handle(text)).catch(onFailure)
  }

  /** Resolves once every frame received so far has been answered. */
  drained(): Promise<void> {
    return this.queue
  }

  private async handle(text: string): Promise<void> {
    const frame = parseFrame(text)
    if (frame.type === 'invalid') return this.send(formatError(frame.id, frame.code, frame.message))
    if (frame.type === 'notification') return
    if (frame.type === 'response') return this.onAck(frame.id, frame.error)
    let outcome
    try {
      outcome = await handleRequest(this, frame.method, frame.params)
    } catch (e) {
      const rpc = e instanceof RpcError ? e : new RpcError(RPC_ERROR.internal, 'Internal error')
      this.send(formatError(frame.id, rpc.code, rpc.message))
      if (!(e instanceof RpcError)) throw e
      return
    }
    this.send(formatResult(frame.id, outcome.result))
    // Backlog goes out after the answer: the SDK learns the subscription from the answer.
    for (const msg of outcome.backlog ?? []) this.deliver(msg)
  }

  /** Sends `irn_subscription` for a message on a topic this socket is subscribed to. */
  deliver(msg: MailboxMessage): void {
    const subId = this.subscriptions.get(msg.topic)
    if (subId === undefined) return
    const id = nextRelayId++
    if (this.awaitingAck.size >= MAX_AWAITING_ACK) {
      const oldest = this.awaitingAck.keys().next().value
      if (oldest !== undefined) this.awaitingAck.delete(oldest)
    }
    this.awaitingAck.set(String(id), { topic: msg.topic, seq: msg.seq })
    const data = { topic: msg.topic, message: msg.message, publishedAt: msg.publishedAt, tag: msg.tag }
    this.send(formatRequest(id, 'irn_subscription', { id: subId, data }))
  }

  /** The relay dropped this subscription to make room (a full topic table): deliveries on it stop. */
  dropped(topic: string): void {
    this.subscriptions.delete(topic)
  }

  /** Takes a publish token from this socket, its client and its address; the refusal's reason, or null. */
  allowPublish(): string | null {
    if (!this.bucket.take()) return 'Rate limit exceeded: too many publishes'
    return this.ctx.rates.take(this.clientId, this.ip)
  }

  /** Drops every subscription of this socket (on close). */
  dispose(): void {
    clearTimeout(this.expiry)
    for (const topic of this.subscriptions.keys()) this.ctx.mailbox.unsubscribe(topic, this)
    this.subscriptions.clear()
    this.awaitingAck.clear()
  }

  /** Sends a text frame if the socket is open; drops a socket that stopped reading. */
  send(text: string): void {
    if (this.socket.readyState !== WebSocket.OPEN) return
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.terminate()
      return
    }
    this.socket.send(text)
  }

  private async onAck(rawId: string, error: boolean): Promise<void> {
    const pending = this.awaitingAck.get(rawId)
    if (!pending) return
    this.awaitingAck.delete(rawId)
    if (!error) await this.ctx.mailbox.ack(pending.topic, pending.seq, this.clientId)
  }
}
