// Mailboxes in Redis, shared by every relay process (REDIS_URL). Per topic: a sorted set of messages scored by a
// global sequence number, expiring with its newest message; per (topic, client): the set of sequence numbers that
// client has seen; per (topic, text hash): a de-duplication key living as long as the message. A relay that stores
// a message PUBLISHes it on one channel; every other relay process delivers it to its own sockets.
import { createHash, randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { StoreQuotas } from './limits.js'
import { REFUSED, type MailboxStore, type PublishInput, type PublishResult, type StoredMessage } from './store.js'

/** Options of {@link openRedisStore}. */
export interface RedisStoreOptions {
  url: string
  /** Prefix of every key and of the fan-out channel (tests isolate themselves with one). Default `foyer:relay:`. */
  prefix?: string
  maxMessagesPerTopic: number
  /** Shares per client id and per IP, across every relay process on this Redis; left out = unlimited. */
  quotas?: Partial<StoreQuotas>
}

// Atomic publish: de-duplicate, check the publisher's and its address's shares, number, store, charge the shares,
// evict fairly beyond the cap, extend the topic's expiry to the newest message. A mailbox member is
// "<seq> <message JSON>"; the topic's index holds "<seq> <client id> <ip> <charged bytes>" per message (eviction reads
// it, not the messages); a share is a sorted set of "<seq>:<bytes>" scored by expiry (entries
// past it are dropped on the owner's next publish) plus a byte counter. Evicted messages are uncharged from their
// own publisher's share, whose keys the script derives from the prefix (so one Redis, not a cluster).
// KEYS: topic set, dedup key, sequence counter, client share, client bytes, ip share, ip bytes, topic index.
// ARGV: now, ttl ms, message JSON, cap, client id, ip, max client messages/bytes, max ip messages/bytes, prefix,
// charged bytes (the message text's length, as the memory store counts).
const PUBLISH = `
local now, ttl, body = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
local bytes = tonumber(ARGV[12])
if redis.call('EXISTS', KEYS[2]) == 1 then return {0, 0} end
local function usage(z, b)
  local gone = redis.call('ZRANGEBYSCORE', z, '-inf', now)
  if #gone > 0 then
    local sum = 0
    for _, m in ipairs(gone) do sum = sum + tonumber(string.match(m, ':(%d+)$')) end
    redis.call('ZREMRANGEBYSCORE', z, '-inf', now)
    redis.call('DECRBY', b, sum)
  end
  return redis.call('ZCARD', z), math.max(0, tonumber(redis.call('GET', b) or '0'))
end
local cm, cb = usage(KEYS[4], KEYS[5])
if cm + 1 > tonumber(ARGV[7]) then return {-1, 0} end
if cb + bytes > tonumber(ARGV[8]) then return {-2, 0} end
local im, ib = usage(KEYS[6], KEYS[7])
if im + 1 > tonumber(ARGV[9]) then return {-3, 0} end
if ib + bytes > tonumber(ARGV[10]) then return {-4, 0} end
redis.call('SET', KEYS[2], '1', 'PX', ttl)
local seq = redis.call('INCR', KEYS[3])
local expires = now + ttl
redis.call('ZADD', KEYS[1], seq, seq .. ' ' .. body)
redis.call('ZADD', KEYS[8], seq, seq .. ' ' .. ARGV[5] .. ' ' .. ARGV[6] .. ' ' .. bytes)
local function extend(k)
  if redis.call('PEXPIRETIME', k) < expires then redis.call('PEXPIREAT', k, expires) end
end
for _, pair in ipairs({{KEYS[4], KEYS[5]}, {KEYS[6], KEYS[7]}}) do
  redis.call('ZADD', pair[1], expires, seq .. ':' .. bytes)
  redis.call('INCRBY', pair[2], bytes)
  extend(pair[1])
  extend(pair[2])
end
local size = redis.call('ZCARD', KEYS[1])
if size > tonumber(ARGV[4]) then
  local members = redis.call('ZRANGE', KEYS[8], 0, -1)
  local counts, first, order = {}, {}, {}
  for i, m in ipairs(members) do
    local pub = string.match(m, '^%d+ (%S+) ')
    if counts[pub] == nil then counts[pub] = 0; first[pub] = i; order[#order + 1] = pub end
    counts[pub] = counts[pub] + 1
  end
  local best = order[1]
  if best == nil then
    redis.call('ZREMRANGEBYRANK', KEYS[1], 0, 0) -- a mailbox stored before the index existed: oldest first
  else
    for _, pub in ipairs(order) do if counts[pub] > counts[best] then best = pub end end
    local victim = members[first[best]]
    local vseq, vpub, vip, vbytes = string.match(victim, '^(%d+) (%S+) (%S+) (%d+)$')
    redis.call('ZREMRANGEBYSCORE', KEYS[1], vseq, vseq)
    redis.call('ZREM', KEYS[8], victim)
    for _, owner in ipairs({'c:' .. vpub, 'i:' .. vip}) do
      if redis.call('ZREM', ARGV[11] .. 'q:' .. owner, vseq .. ':' .. vbytes) == 1 then
        redis.call('DECRBY', ARGV[11] .. 'qb:' .. owner, vbytes)
      end
    end
  end
  size = size - 1
end
extend(KEYS[1])
extend(KEYS[8])
return {seq, size}
`

// Publish script answers below zero: which share refused.
const REFUSALS = [REFUSED.clientMessages, REFUSED.clientBytes, REFUSED.ipMessages, REFUSED.ipBytes]

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
  cmd.defineCommand('foyerPublish', { numberOfKeys: 8, lua: PUBLISH })
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
      const [seq, size] = (await (cmd as unknown as RedisWithScript).foyerPublish(
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
      )) as [number, number]
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
    stats: () => null,
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
