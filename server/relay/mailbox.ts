// Topics, their subscribers and their mailboxes. A message stays in its topic's mailbox for its ttl so a client
// that subscribes later (the wallet scanning a QR code, a dapp back from a dropped socket) still receives it; each
// client sees a message until it acknowledges it, and never sees its own messages.

/** One stored message. */
export interface MailboxMessage {
  seq: number
  topic: string
  message: string
  tag: number
  /** Milliseconds since the epoch. */
  publishedAt: number
  expiresAt: number
  publisherId: string
  /** Client ids that acknowledged (or fetched) the message. */
  seenBy: Set<string>
}

/** A live subscriber: one socket of one client. */
export interface MailboxSubscriber {
  readonly clientId: string
  deliver(msg: MailboxMessage): void
}

/** Input to {@link Mailbox.publish}. */
export interface PublishInput {
  topic: string
  message: string
  ttlSeconds: number
  tag: number
  publisherId: string
}

/** Bounds and clock of a {@link Mailbox}. */
export interface MailboxOptions {
  maxMessagesPerTopic: number
  maxTopics: number
  maxTtlSeconds: number
  /** Total message text kept across all mailboxes (UTF-16 code units, close to bytes for base64). */
  maxStoredBytes: number
  now?: () => number
}

interface TopicState {
  messages: MailboxMessage[]
  /** The message texts in `messages`, for O(1) duplicate checks. */
  texts: Set<string>
  subscribers: Set<MailboxSubscriber>
}

/** In-memory topic registry and per-topic mailboxes of one relay process. */
export class Mailbox {
  private readonly topics = new Map<string, TopicState>()
  private seq = 0
  private storedBytes = 0
  private lastSweep = 0
  private readonly now: () => number

  constructor(private readonly opts: MailboxOptions) {
    this.now = opts.now ?? Date.now
  }

  /** Adds a subscriber and returns the messages it has not seen yet, oldest first; null when the relay is full. */
  subscribe(topic: string, sub: MailboxSubscriber): MailboxMessage[] | null {
    const state = this.topicState(topic)
    if (!state) return null
    state.subscribers.add(sub)
    return this.unseen(state, sub.clientId)
  }

  /** Removes a subscriber; an empty topic is forgotten. */
  unsubscribe(topic: string, sub: MailboxSubscriber): void {
    const state = this.topics.get(topic)
    if (!state) return
    state.subscribers.delete(sub)
    this.dropIfEmpty(topic, state)
  }

  /** Stores a message and delivers it to every subscriber but its publisher; false when the relay is full. */
  publish(input: PublishInput): boolean {
    // SDKs re-publish on time-outs; the same ciphertext twice is one message.
    if (this.topics.get(input.topic)?.texts.has(input.message)) return true
    const fits = () => this.storedBytes + input.message.length <= this.opts.maxStoredBytes
    // When full, expired messages may free room; sweeping is O(topics), so at most once a second.
    if (!fits() && this.now() - this.lastSweep >= 1000) this.sweep()
    if (!fits()) return false
    const state = this.topicState(input.topic)
    if (!state) return false
    const now = this.now()
    const ttl = Math.min(Math.max(1, input.ttlSeconds), this.opts.maxTtlSeconds)
    const msg: MailboxMessage = {
      seq: ++this.seq,
      topic: input.topic,
      message: input.message,
      tag: input.tag,
      publishedAt: now,
      expiresAt: now + ttl * 1000,
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
    for (const sub of state.subscribers) {
      if (sub.clientId !== input.publisherId) sub.deliver(msg)
    }
    return true
  }

  /** Records that `clientId` acknowledged message `seq` on `topic`. */
  ack(topic: string, seq: number, clientId: string): void {
    const msg = this.topics.get(topic)?.messages.find((m) => m.seq === seq)
    msg?.seenBy.add(clientId)
  }

  /** Returns and marks as seen the unseen messages of `topics` for `clientId` (irn_batchFetchMessages). */
  fetch(topics: string[], clientId: string, limit: number): { messages: MailboxMessage[]; hasMore: boolean } {
    const all = topics.flatMap((t) => {
      const state = this.topics.get(t)
      return state ? this.unseen(state, clientId) : []
    })
    const messages = all.slice(0, limit)
    for (const m of messages) m.seenBy.add(clientId)
    return { messages, hasMore: all.length > limit }
  }

  /** Drops expired messages and empty topics; returns how many messages were dropped. */
  sweep(): number {
    const now = this.now()
    this.lastSweep = now
    let dropped = 0
    for (const [topic, state] of this.topics) {
      const before = state.messages.length
      const kept = state.messages.filter((m) => m.expiresAt > now)
      if (kept.length !== before) {
        for (const m of state.messages) if (m.expiresAt <= now) this.storedBytes -= m.message.length
        state.messages = kept
        state.texts = new Set(kept.map((m) => m.message))
      }
      dropped += before - kept.length
      this.dropIfEmpty(topic, state)
    }
    return dropped
  }

  /** Counts for monitoring and tests. */
  stats(): { topics: number; messages: number; subscribers: number; storedBytes: number } {
    let messages = 0
    let subscribers = 0
    for (const s of this.topics.values()) {
      messages += s.messages.length
      subscribers += s.subscribers.size
    }
    return { topics: this.topics.size, messages, subscribers, storedBytes: this.storedBytes }
  }

  private unseen(state: TopicState, clientId: string): MailboxMessage[] {
    const now = this.now()
    return state.messages.filter((m) => m.expiresAt > now && m.publisherId !== clientId && !m.seenBy.has(clientId))
  }

  private topicState(topic: string): TopicState | undefined {
    let state = this.topics.get(topic)
    if (!state) {
      if (this.topics.size >= this.opts.maxTopics) return undefined
      state = { messages: [], texts: new Set(), subscribers: new Set() }
      this.topics.set(topic, state)
    }
    return state
  }

  private dropIfEmpty(topic: string, state: TopicState): void {
    if (state.messages.length === 0 && state.subscribers.size === 0) this.topics.delete(topic)
  }
}
