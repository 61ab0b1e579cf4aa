// The default mailbox store: every topic's messages in this process's memory, bounded by the relay's limits and
// shared fairly: each publisher and each publisher address holds at most its quota, and a full mailbox evicts from
// its heaviest publisher.
import type { StoreQuotas } from './limits.js'
import { REFUSED, type MailboxStore, type PublishInput, type PublishResult, type StoredMessage } from './store.js'

/** Bounds of a {@link MemoryStore}; quotas left out are unlimited. */
export interface MemoryStoreOptions extends Partial<StoreQuotas> {
  maxMessagesPerTopic: number
  /** Topics holding messages. */
  maxTopics: number
  /** Total message text kept across all mailboxes (UTF-16 code units, close to bytes for base64). */
  maxStoredBytes: number
}

interface Kept extends StoredMessage {
  publisherIp: string
  seenBy: Set<string>
}

interface Usage {
  messages: number
  bytes: number
}

interface TopicState {
  messages: Kept[]
  /** The message texts in `messages`, for O(1) duplicate checks. */
  texts: Set<string>
}

/** In-memory mailboxes of one relay process. */
export class MemoryStore implements MailboxStore {
  readonly kind = 'memory'
  private readonly topics = new Map<string, TopicState>()
  /** Stored messages and bytes per `c:<client id>` and `i:<ip>`. */
  private readonly usage = new Map<string, Usage>()
  private seq = 0
  private storedBytes = 0
  private lastSweep = 0

  constructor(private readonly opts: MemoryStoreOptions) {}

  async publish(input: PublishInput, now: number): Promise<PublishResult> {
    // SDKs re-publish on time-outs; the same ciphertext twice is one message.
    if (this.topics.get(input.topic)?.texts.has(input.message)) return { status: 'duplicate' }
    // When full, expired messages may free room; sweeping is O(topics), so at most once a second.
    let refusal = this.refusal(input)
    if (refusal && now - this.lastSweep >= 1000) {
      await this.sweep(now)
      refusal = this.refusal(input)
    }
    if (refusal) return { status: 'full', reason: refusal }
    let state = this.topics.get(input.topic)
    if (!state) {
      if (this.topics.size >= this.opts.maxTopics) return { status: 'full', reason: REFUSED.topics }
      state = { messages: [], texts: new Set() }
      this.topics.set(input.topic, state)
    }
    const msg: Kept = {
      seq: ++this.seq,
      topic: input.topic,
      message: input.message,
      tag: input.tag,
      publishedAt: now,
      expiresAt: now + input.ttlSeconds * 1000,
      publisherId: input.publisherId,
      publisherIp: input.publisherIp,
      seenBy: new Set(),
    }
    state.messages.push(msg)
    state.texts.add(msg.message)
    this.count(msg, 1)
    if (state.messages.length > this.opts.maxMessagesPerTopic) {
      const [evicted] = state.messages.splice(heaviestOldest(state.messages), 1)
      state.texts.delete(evicted.message)
      this.count(evicted, -1)
    }
    return { status: 'stored', message: strip(msg), mailboxSize: state.messages.length }
  }

  // Why `input` may not be stored now, if it may not: the whole store, then the publisher's and its address's shares.
  private refusal(input: PublishInput): string | null {
    const bytes = input.message.length
    const o = this.opts
    if (this.storedBytes + bytes > o.maxStoredBytes) return REFUSED.storeFull
    const client = this.usage.get(`c:${input.publisherId}`) ?? { messages: 0, bytes: 0 }
    const ip = this.usage.get(`i:${input.publisherIp}`) ?? { messages: 0, bytes: 0 }
    if (client.messages + 1 > (o.maxStoredMessagesPerClient ?? Infinity)) return REFUSED.clientMessages
    if (client.bytes + bytes > (o.maxStoredBytesPerClient ?? Infinity)) return REFUSED.clientBytes
    if (ip.messages + 1 > (o.maxStoredMessagesPerIp ?? Infinity)) return REFUSED.ipMessages
    if (ip.bytes + bytes > (o.maxStoredBytesPerIp ?? Infinity)) return REFUSED.ipBytes
    return null
  }

  // Adds (sign 1) or removes (sign -1) a message from the totals and from its publisher's and address's shares.
  private count(m: Kept, sign: 1 | -1): void {
    const bytes = m.message.length
    this.storedBytes += sign * bytes
    for (const key of [`c:${m.publisherId}`, `i:${m.publisherIp}`]) {
      const u = this.usage.get(key) ?? { messages: 0, bytes: 0 }
      u.messages += sign
      u.bytes += sign * bytes
      if (u.messages <= 0) this.usage.delete(key)
      else this.usage.set(key, u)
    }
  }

  async unseen(topics: string[], clientId: string, now: number): Promise<StoredMessage[]> {
    return topics.flatMap((t) =>
      (this.topics.get(t)?.messages ?? [])
        .filter((m) => m.expiresAt > now && m.publisherId !== clientId && !m.seenBy.has(clientId))
        .map(strip),
    )
  }

  async markSeen(topic: string, seqs: number[], clientId: string): Promise<void> {
    const wanted = new Set(seqs)
    for (const m of this.topics.get(topic)?.messages ?? []) if (wanted.has(m.seq)) m.seenBy.add(clientId)
  }

  async sweep(now: number): Promise<number> {
    this.lastSweep = now
    let dropped = 0
    for (const [topic, state] of this.topics) {
      const kept = state.messages.filter((m) => m.expiresAt > now)
      if (kept.length !== state.messages.length) {
        for (const m of state.messages) if (m.expiresAt <= now) this.count(m, -1)
        dropped += state.messages.length - kept.length
        state.messages = kept
        state.texts = new Set(kept.map((m) => m.message))
      }
      if (kept.length === 0) this.topics.delete(topic)
    }
    return dropped
  }

  stats(): { messages: number; storedBytes: number } {
    let messages = 0
    for (const s of this.topics.values()) messages += s.messages.length
    return { messages, storedBytes: this.storedBytes }
  }

  onRemote(): void {
    // One process: nobody else stores messages.
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.topics.clear()
    this.usage.clear()
  }
}

/**
 * Index of the message a full mailbox evicts: the oldest message of the publisher holding the most messages in it
 * (on a tie, the one whose first message is oldest), so one publisher flooding a topic only pushes out its own.
 */
export function heaviestOldest(messages: ReadonlyArray<{ publisherId: string }>): number {
  const counts = new Map<string, number>()
  const first = new Map<string, number>()
  messages.forEach((m, i) => {
    counts.set(m.publisherId, (counts.get(m.publisherId) ?? 0) + 1)
    if (!first.has(m.publisherId)) first.set(m.publisherId, i)
  })
  let best = messages[0].publisherId
  for (const [id, n] of counts) if (n > counts.get(best)!) best = id
  return first.get(best)!
}

function strip(m: Kept): StoredMessage {
  const { seenBy: _seen, publisherIp: _ip, ...rest } = m
  return rest
}
