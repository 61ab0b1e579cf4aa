// Mailboxes in Redis, shared by every relay process (REDIS_URL). Per topic: a sorted set of messages scored by a
// global sequence number, expiring with its newest message; per (topic, client): the set of sequence numbers that
// client has seen; per (topic, text hash): a de-duplication key living as long as the message. A relay that stores
// a message PUBLISHes it on one channel; every other relay process delivers it to its own sockets.
import { createHash, randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { StoreQuotas } from './limits.js'
import { PUBLISH_SCRIPT } from './redis-script.js'
import { REFUSED, type MailboxStore, type PublishInput, type PublishResult, type StoredMessage } from './store.js'

/** Options of {@link openRedisStore}. */
export interface RedisStoreOptions {
  url: string
  /** Prefix of every key and of the fan-out channel (tests isolate themselves with one). Default `foyer:relay:`. */
  prefix?: string
  maxMessagesPerTopic: number
  /** Shares per client id and per IP and the whole-store caps, across every relay process on this Redis; left out =
   * unlimited. */
  quotas?: Partial<StoreQuotas>
}

// Publish script answers below zero: which share refused.
const REFUSALS = [REFUSED.clientMessages, REFUSED.clientBytes, REFUSED.ipMessages, REFUSED.ipBytes, REFUSED.storeFull]

/** Connects to Redis (two connections: commands and the fan-out subscription) and resolves once both answer. */
export async function openRedisStore(opts: RedisStoreOptions): Promise<MailboxStore> {
  const { Redis } = await import('ioredis')
  const prefix = opts.prefix ?? 'foyer:relay:'
  const node = randomUUID()
  const channel = `${prefix}fanout`
  // Commands wait while Redis is away and retry (reconnects back off up to 2 s); a call fails after 20 retries.
  const connect = () =>
    new Redis(opts.url, { lazyConnect: true, maxRetriesPerRequest: 20, retryStrategy: (n) => Math.min(n * 100, 2000) })
  const cmd: Redis = connect()
  const sub: Redis = connect()
  for (const c of [cmd, sub]) c.on('error', () => {}) // reconnects on its own; ping() reports it to /readyz
  await Promise.all([cmd.connect(), sub.connect()])
  cmd.defineCommand('foyerPublish', { numberOfKeys: 8, lua: PUBLISH_SCRIPT })
  const listeners: Array<(m: StoredMessage) => void> = []
  sub.on('message', (_ch: string, raw: string) => {
    const { from, msg } = JSON.parse(raw) as { from: string; msg: StoredMessage }
    if (from !== node) for (const l of listeners) l(msg)
  })
  await sub.subscribe(channel)

  const topicKey = (topic: string) => `${prefix}t:${topic}`
  const seenKey = (topic: string, clientId: string) => `${prefix}s:${topic}:${clientId}`
  // Lua reads no Infinity: an unlimited share is the largest safe integer.
  const quota = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? Number.MAX_SAFE_INTEGER : n)
  const q = opts.quotas ?? {}
  let totals = { messages: 0, storedBytes: 0 }

  return {
    kind: 'redis',
    async publish(input: PublishInput, now: number): Promise<PublishResult> {
      const ttlMs = input.ttlSeconds * 1000
      const body = {
        topic: input.topic,
        message: input.message,
        tag: input.tag,
        publishedAt: now,
        expiresAt: now + ttlMs,
        publisherId: input.publisherId,
      }
      const hash = createHash('sha256').update(input.message).digest('base64url')
      const [seq, size, tb, tm] = (await (cmd as unknown as RedisWithScript).foyerPublish(
        topicKey(input.topic),
        `${prefix}d:${input.topic}:${hash}`,
        `${prefix}seq`,
        `${prefix}q:c:${input.publisherId}`,
        `${prefix}qb:c:${input.publisherId}`,
        `${prefix}q:i:${input.publisherIp}`,
        `${prefix}qb:i:${input.publisherIp}`,
        `${prefix}ti:${input.topic}`,
        now,
        ttlMs,
        JSON.stringify(body),
        opts.maxMessagesPerTopic,
        input.publisherId,
        input.publisherIp,
        quota(q.maxStoredMessagesPerClient),
        quota(q.maxStoredBytesPerClient),
        quota(q.maxStoredMessagesPerIp),
        quota(q.maxStoredBytesPerIp),
        prefix,
        input.message.length,
        quota(q.maxStoredBytes),
        quota(q.maxStoredMessages),
        input.topic,
      )) as [number, number, number, number]
      totals = { storedBytes: tb, messages: tm }
      if (seq === 0) return { status: 'duplicate' }
      if (seq < 0) return { status: 'full', reason: REFUSALS[-seq - 1] }
      const message = { seq, ...body }
      await cmd.publish(channel, JSON.stringify({ from: node, msg: message }))
      return { status: 'stored', message, mailboxSize: size }
    },
    async unseen(topics, clientId, now) {
      if (topics.length === 0) return []
      const batch = cmd.multi()
      for (const t of topics) batch.zrange(topicKey(t), 0, -1).smembers(seenKey(t, clientId))
      const replies = (await batch.exec()) ?? []
      const out: StoredMessage[] = []
      for (let i = 0; i < topics.length; i++) {
        const members = (replies[2 * i]?.[1] ?? []) as string[]
        const seen = new Set((replies[2 * i + 1]?.[1] ?? []) as string[])
        for (const member of members) {
          const space = member.indexOf(' ')
          const seq = member.slice(0, space)
          if (seen.has(seq)) continue
          const m = { seq: Number(seq), ...(JSON.parse(member.slice(space + 1)) as Omit<StoredMessage, 'seq'>) }
          if (m.expiresAt > now && m.publisherId !== clientId) out.push(m)
        }
      }
      return out
    },
    async markSeen(topic, seqs, clientId) {
      if (seqs.length === 0) return
      const key = seenKey(topic, clientId)
      // The seen set lives as long as the topic's messages.
      const ttl = await cmd.pttl(topicKey(topic))
      const batch = cmd.multi().sadd(key, ...seqs.map(String))
      if (ttl > 0) batch.pexpire(key, ttl)
      await batch.exec()
    },
    async sweep() {
      return 0 // Redis expires the keys itself
    },
    // As of this process's last publish: the totals live in Redis, shared by every relay process.
    stats: () => totals,
    onRemote(listener) {
      listeners.push(listener)
    },
    async ping() {
      await cmd.ping()
    },
    async close() {
      await Promise.allSettled([sub.quit(), cmd.quit()])
    },
  }
}

type RedisWithScript = { foyerPublish(...args: Array<string | number>): Promise<unknown> }
