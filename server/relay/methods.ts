// The relay's JSON-RPC methods: the irn_* calls of the relay protocol and the two relay-side session calls
// (wc_proposeSession, wc_approveSession) that the SDKs use instead of plain publishes.
import { createHash } from 'node:crypto'
import type { RelayConnection } from './connection.js'
import type { MailboxMessage } from './mailbox.js'
import { RPC_ERROR } from './protocol.js'

/** A failure answered as a JSON-RPC error. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** A method's answer plus mailbox messages to deliver after it. */
export interface MethodOutcome {
  result: unknown
  backlog?: MailboxMessage[]
}

/** Subscription id of `clientId` on `topic`, as the SDKs compute it: sha256(topic + clientId) in hex. */
export function subscriptionId(topic: string, clientId: string): string {
  return createHash('sha256')
    .update(topic + clientId, 'utf8')
    .digest('hex')
}

// Tags the official relay uses for the messages it publishes on a client's behalf.
const TAG_PROPOSAL = 1100
const TAG_PROPOSAL_RESPONSE = 1101
const TAG_SETTLE_REQUEST = 1102
const DEFAULT_TTL = 300

/** Runs one request for `conn`; throws {@link RpcError} on bad params or limits. */
export async function handleRequest(conn: RelayConnection, method: string, params: unknown): Promise<MethodOutcome> {
  const p = asObject(params)
  switch (method) {
    case 'irn_subscribe':
      return await subscribeAll(conn, [topicOf(p.topic)], false)
    case 'irn_batchSubscribe':
      return await subscribeAll(conn, topicsOf(conn, p.topics), true)
    case 'irn_unsubscribe':
      unsubscribe(conn, topicOf(p.topic))
      return { result: true }
    case 'irn_batchUnsubscribe':
      for (const s of listOf(conn, p.subscriptions)) unsubscribe(conn, topicOf(asObject(s).topic))
      return { result: true }
    case 'irn_publish':
      takeToken(conn)
      await publish(conn, topicOf(p.topic), p.message, p.ttl, p.tag)
      return { result: true }
    case 'irn_batchPublish':
      for (const m of listOf(conn, p.messages)) {
        const q = asObject(m)
        takeToken(conn)
        await publish(conn, topicOf(q.topic), q.message, q.ttl, q.tag)
      }
      return { result: true }
    case 'irn_batchFetchMessages': {
      const topics = topicsOf(conn, p.topics).filter((t) => conn.subscriptions.has(t))
      const { messages, hasMore } = await conn.ctx.mailbox.fetch(topics, conn.clientId, 500)
      const out = messages.map((m) => ({ topic: m.topic, message: m.message, publishedAt: m.publishedAt, tag: m.tag }))
      return { result: { messages: out, hasMore } }
    }
    case 'wc_proposeSession': {
      takeToken(conn)
      const pairingTopic = topicOf(p.pairingTopic)
      const outcome = await subscribeAll(conn, [pairingTopic], false)
      await publish(conn, pairingTopic, p.sessionProposal, p.ttl, p.tag ?? TAG_PROPOSAL)
      return { result: true, backlog: outcome.backlog }
    }
    case 'wc_approveSession': {
      takeToken(conn)
      const sessionTopic = topicOf(p.sessionTopic)
      const pairingTopic = topicOf(p.pairingTopic)
      const outcome = await subscribeAll(conn, [sessionTopic], false)
      await publish(conn, pairingTopic, p.sessionProposalResponse, p.ttl, TAG_PROPOSAL_RESPONSE)
      await publish(conn, sessionTopic, p.sessionSettlementRequest, p.ttl, TAG_SETTLE_REQUEST)
      return { result: true, backlog: outcome.backlog }
    }
    default:
      throw new RpcError(RPC_ERROR.methodNotFound, `Method not found: ${method.slice(0, 64)}`)
  }
}

async function subscribeAll(conn: RelayConnection, topics: string[], batch: boolean): Promise<MethodOutcome> {
  const fresh = topics.filter((t) => !conn.subscriptions.has(t))
  if (conn.subscriptions.size + new Set(fresh).size > conn.ctx.limits.maxTopicsPerSocket) {
    throw new RpcError(RPC_ERROR.limitExceeded, 'Too many subscriptions on this connection')
  }
  const ids: string[] = []
  const backlog: MailboxMessage[] = []
  for (const topic of topics) {
    const id = subscriptionId(topic, conn.clientId)
    conn.subscriptions.set(topic, id)
    const unseen = await conn.ctx.mailbox.subscribe(topic, conn)
    if (!Array.isArray(unseen)) {
      conn.subscriptions.delete(topic)
      throw new RpcError(RPC_ERROR.limitExceeded, unseen.refused)
    }
    backlog.push(...unseen)
    ids.push(id)
  }
  return { result: batch ? ids : ids[0], backlog }
}

function unsubscribe(conn: RelayConnection, topic: string): void {
  conn.subscriptions.delete(topic)
  conn.ctx.mailbox.unsubscribe(topic, conn)
}

async function publish(
  conn: RelayConnection,
  topic: string,
  message: unknown,
  ttl: unknown,
  tag: unknown,
): Promise<void> {
  if (typeof message !== 'string' || message.length === 0) throw invalid('message must be a non-empty string')
  // A limit, not bad params: -32005 like every other refusal, which the SDKs retry rather than drop at once.
  if (message.length > conn.ctx.limits.maxPublishBytes)
    throw new RpcError(RPC_ERROR.limitExceeded, `Message too large: at most ${conn.ctx.limits.maxPublishBytes} bytes`)
  if (ttl !== undefined && (typeof ttl !== 'number' || !Number.isFinite(ttl) || ttl <= 0)) {
    throw invalid('ttl must be a positive number of seconds')
  }
  if (tag !== undefined && !Number.isInteger(tag)) throw invalid('tag must be an integer')
  const outcome = await conn.ctx.mailbox.publish({
    topic,
    message,
    ttlSeconds: typeof ttl === 'number' ? ttl : DEFAULT_TTL,
    tag: typeof tag === 'number' ? tag : 0,
    publisherId: conn.clientId,
    publisherIp: conn.ip,
  })
  if (!outcome.ok) throw new RpcError(RPC_ERROR.limitExceeded, outcome.reason)
}

function takeToken(conn: RelayConnection): void {
  const refusal = conn.allowPublish()
  if (refusal) throw new RpcError(RPC_ERROR.limitExceeded, refusal)
}

function asObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid('params must be an object')
  return value as Record<string, unknown>
}

function topicOf(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 256)
    throw invalid('topic must be a string of 1-256 characters')
  return value
}

function topicsOf(conn: RelayConnection, value: unknown): string[] {
  return listOf(conn, value).map(topicOf)
}

function listOf(conn: RelayConnection, value: unknown): unknown[] {
  if (!Array.isArray(value)) throw invalid('expected an array')
  if (value.length > conn.ctx.limits.maxBatchTopics) throw new RpcError(RPC_ERROR.limitExceeded, 'Batch too large')
  return value
}

function invalid(message: string): RpcError {
  return new RpcError(RPC_ERROR.invalidParams, `Invalid params: ${message}`)
}
