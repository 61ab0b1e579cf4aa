// The default mailbox store: every topic's messages in this process's memory, bounded by the relay's limits and
// shared fairly: each publisher and each publisher address holds at most its quota, a full mailbox evicts from its
// heaviest publisher, and a full store (bytes or messages) evicts the oldest messages of its heaviest address.
import type { StoreQuotas } from './limits.js'
import { REFUSED, type MailboxStore, type PublishInput, type PublishResult, type StoredMessage } from './store.js'

/** Bounds of a {@link MemoryStore}; quotas and caps left out are unlimited. */
export interface MemoryStoreOptions extends Partial<StoreQuotas> {
  maxMessagesPerTopic: number
}

interface Kept extends StoredMessage {
  publisherIp: string
  seenBy: Set<string>
}

interface Usage {
  messages: number
  bytes: number
}

/** What one address holds: its messages oldest first (a Set keeps insertion order), and their bytes. */
interface Holding {
  messages: Set<Kept>
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
  /** Stored messages and bytes per client id. */
  private readonly usage = new Map<string, Usage>()
  /** Stored messages per address, oldest first: the address's share, and what a full store evicts. */
  private readonly holdings = new Map<string, Holding>()
  private seq = 0
  private storedBytes = 0
  private storedMessages = 0
  private lastSweep = 0

  constructor(private readonly opts: MemoryStoreOptions) {}

  async publish(input: PublishInput, now: number): Promise<PublishResult> {
    // SDKs re-publish on time-outs; the same ciphertext twice is one message.
    if (this.topics.get(input.topic)?.texts.has(input.message)) return { status: 'duplicate' }
    // When full, expired messages may free room; sweeping is O(topics), so at most once a second.
    let refusal = this.refusal(input)
    if (refusal && now - this.lastSweep >= 1000) {
      this.dropExpired(now)
      refusal = this.refusal(input)
    }
    if (refusal) return { status: 'full', reason: refusal }
    if (!this.makeRoom(input.message.length, now)) return { status: 'full', reason: REFUSED.storeFull }
    let state = this.topics.get(input.topic)
    if (!state) {
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
    if (state.messages.length > this.opts.maxMessagesPerTopic)
      this.remove(state.messages[heaviestOldest(state.messages)])
    return { status: 'stored', message: strip(msg), mailboxSize: state.messages.length }
  }

  // Why `input` may not be stored now, if it may not: the publisher's and its address's shares.
  private refusal(input: PublishInput): string | null {
    const bytes = input.message.length
    const o = this.opts
    const client = this.usage.get(input.publisherId) ?? { messages: 0, bytes: 0 }
    const ip = this.holdings.get(input.publisherIp) ?? { messages: new Set(), bytes: 0 }
    if (client.messages + 1 > (o.maxStoredMessagesPerClient ?? Infinity)) return REFUSED.clientMessages
    if (client.bytes + bytes > (o.maxStoredBytesPerClient ?? Infinity)) return REFUSED.clientBytes
    if (ip.messages.size + 1 > (o.maxStoredMessagesPerIp ?? Infinity)) return REFUSED.ipMessages
    if (ip.bytes + bytes > (o.maxStoredBytesPerIp ?? Infinity)) return REFUSED.ipBytes
    return null
  }

  // Room for one more message of `bytes` under the whole-store caps: expired messages go first (a sweep, at most once
  // a second), then the oldest messages of the address holding the most, so a crowd of addresses filling the store
  // pushes out its own heaviest members and never a light newcomer. False only for a message larger than the store.
  private makeRoom(bytes: number, now: number): boolean {
    const maxBytes = this.opts.maxStoredBytes ?? Infinity
    const maxMessages = this.opts.maxStoredMessages ?? Infinity
    const full = () => this.storedBytes + bytes > maxBytes || this.storedMessages + 1 > maxMessages
    if (bytes > maxBytes) return false
    if (full() && now - this.lastSweep >= 1000) this.dropExpired(now)
    while (full()) {
      const byBytes = this.storedBytes + bytes > maxBytes
      let heaviest: Holding | undefined
      for (const h of this.holdings.values())
        if (!heaviest || (byBytes ? h.bytes > heaviest.bytes : h.messages.size > heaviest.messages.size)) heaviest = h
      const oldest = heaviest?.messages.values().next().value
      if (!oldest) return false
      this.remove(oldest)
    }
    return true
  }

  // Drops one stored message from its mailbox, and the mailbox when it empties.
  private remove(m: Kept): void {
    const state = this.topics.get(m.topic)
    if (!state) return
    const i = state.messages.indexOf(m)
    if (i < 0) return
    state.messages.splice(i, 1)
    state.texts.delete(m.message)
    this.count(m, -1)
    if (state.messages.length === 0) this.topics.delete(m.topic)
  }

  // Adds (sign 1) or removes (sign -1) a message from the totals and from its publisher's and address's shares.
  private count(m: Kept, sign: 1 | -1): void {
    const bytes = m.message.length
    this.storedBytes += sign * bytes
    this.storedMessages += sign
    const u = this.usage.get(m.publisherId) ?? { messages: 0, bytes: 0 }
    u.messages += sign
    u.bytes += sign * bytes
    if (u.messages <= 0) this.usage.delete(m.publisherId)
    else this.usage.set(m.publisherId, u)
    const h = this.holdings.get(m.publisherIp) ?? { messages: new Set<Kept>(), bytes: 0 }
    if (sign > 0) h.messages.add(m)
    else h.messages.delete(m)
    h.bytes += sign * bytes
    if (h.messages.size === 0) this.holdings.delete(m.publisherIp)
    else this.holdings.set(m.publisherIp, h)
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
    return this.dropExpired(now)
  }

  private dropExpired(now: number): number {
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
    return { messages: this.storedMessages, storedBytes: this.storedBytes }
  }

  onRemote(): void {
    // One process: nobody else stores messages.
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.topics.clear()
    this.usage.clear()
    this.holdings.clear()
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
