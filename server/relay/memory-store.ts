// The default mailbox store: every topic's messages in this process's memory, bounded by the relay's limits.
import type { MailboxStore, PublishInput, PublishResult, StoredMessage } from './store.js'

/** Bounds of a {@link MemoryStore}. */
export interface MemoryStoreOptions {
  maxMessagesPerTopic: number
  /** Topics holding messages. */
  maxTopics: number
  /** Total message text kept across all mailboxes (UTF-16 code units, close to bytes for base64). */
  maxStoredBytes: number
}

interface Kept extends StoredMessage {
  seenBy: Set<string>
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
  private seq = 0
  private storedBytes = 0
  private lastSweep = 0

  constructor(private readonly opts: MemoryStoreOptions) {}

  async publish(input: PublishInput, now: number): Promise<PublishResult> {
    // SDKs re-publish on time-outs; the same ciphertext twice is one message.
    if (this.topics.get(input.topic)?.texts.has(input.message)) return { status: 'duplicate' }
    const fits = () => this.storedBytes + input.message.length <= this.opts.maxStoredBytes
    // When full, expired messages may free room; sweeping is O(topics), so at most once a second.
    if (!fits() && now - this.lastSweep >= 1000) await this.sweep(now)
    if (!fits()) return { status: 'full', reason: 'Relay storage is full, retry later' }
    let state = this.topics.get(input.topic)
    if (!state) {
      if (this.topics.size >= this.opts.maxTopics) return { status: 'full', reason: 'Relay is at its topic limit' }
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
      seenBy: new Set(),
    }
    state.messages.push(msg)
    state.texts.add(msg.message)
    this.storedBytes += msg.message.length
    if (state.messages.length > this.opts.maxMessagesPerTopic) {
      const oldest = state.messages.shift()!
      state.texts.delete(oldest.message)
      this.storedBytes -= oldest.message.length
    }
    return { status: 'stored', message: strip(msg), mailboxSize: state.messages.length }
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
        for (const m of state.messages) if (m.expiresAt <= now) this.storedBytes -= m.message.length
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
  }
}

function strip(m: Kept): StoredMessage {
  const { seenBy: _seen, ...rest } = m
  return rest
}
