// Topics, their live subscribers and the store behind them. A message stays in its topic's mailbox for its ttl so a
// client that subscribes later (the wallet scanning a QR code, a dapp back from a dropped socket, a socket that
// reconnected to another relay process) still receives it; each client sees a message until it acknowledges it,
// and never sees its own messages. The store (memory or Redis) keeps the messages; this class keeps the sockets of
// this process and delivers both local publishes and those other relay processes stored.
import { Tally } from './quotas.js'
import { storedTtlSeconds } from './ttl-policy.js'
import type { MailboxStore, PublishInput, StoredMessage } from './store.js'

/** One message as delivered. */
export type MailboxMessage = StoredMessage

/** A live subscriber: one socket of one client. */
export interface MailboxSubscriber {
  readonly clientId: string
  /** The socket's IP address: its subscriptions count against that address's share too. */
  readonly ip: string
  deliver(msg: MailboxMessage): void
  /** Told when the relay drops this subscription to make room in a full topic table (the socket stays open). */
  dropped?(topic: string): void
}

/** Bounds and clock of a {@link Mailbox}. */
export interface MailboxOptions {
  /** Topics with live subscribers in this process; a new one past it drops the heaviest address's oldest subscription. */
  maxTopics: number
  maxTtlSeconds: number
  /** Longest ttl for tags the SDKs do not publish with a fixed ttl (default: maxTtlSeconds). */
  maxTtlSecondsOtherTags?: number
  /** Live subscriptions of one client id in this process (default unlimited). */
  maxSubscriptionsPerClient?: number
  /** Live subscriptions from one IP address in this process (default unlimited). */
  maxSubscriptionsPerIp?: number
  now?: () => number
  /** Called with each stored message and its mailbox's size then (metrics). */
  onStored?: (msg: MailboxMessage, mailboxSize: number) => void
  /** Called once per message handed to a socket (metrics). */
  onDelivered?: () => void
}

/** Live subscribers of this process over a {@link MailboxStore}. */
export class Mailbox {
  private readonly subscribers = new Map<string, Set<MailboxSubscriber>>()
  private readonly now: () => number
  private readonly perClient: Tally
  private readonly perIp: Tally
  /** Each address's live subscriptions, oldest first: what a full topic table drops first. */
  private readonly held = new Map<string, Map<string, { topic: string; sub: MailboxSubscriber }>>()
  private readonly serials = new WeakMap<MailboxSubscriber, number>()
  private nextSerial = 0

  constructor(
    readonly store: MailboxStore,
    private readonly opts: MailboxOptions,
  ) {
    this.now = opts.now ?? Date.now
    this.perClient = new Tally(opts.maxSubscriptionsPerClient ?? Infinity)
    this.perIp = new Tally(opts.maxSubscriptionsPerIp ?? Infinity)
    store.onRemote((msg) => this.fanOut(msg))
  }

  /** Adds a subscriber and returns the messages it has not seen yet, oldest first; `refused` when over a limit. */
  async subscribe(topic: string, sub: MailboxSubscriber): Promise<MailboxMessage[] | { refused: string }> {
    let subs = this.subscribers.get(topic)
    if (!subs?.has(sub)) {
      if (!this.perClient.take(sub.clientId))
        return { refused: 'Quota exceeded: too many subscriptions for this client' }
      if (!this.perIp.take(sub.ip)) {
        this.perClient.give(sub.clientId)
        return { refused: 'Quota exceeded: too many subscriptions from this address' }
      }
      if (!subs && !this.roomForTopic()) {
        this.perClient.give(sub.clientId)
        this.perIp.give(sub.ip)
        return { refused: 'Relay is at its topic limit' }
      }
      if (!subs) {
        subs = new Set()
        this.subscribers.set(topic, subs)
      }
      subs.add(sub)
      const mine = this.held.get(sub.ip) ?? new Map<string, { topic: string; sub: MailboxSubscriber }>()
      mine.set(this.heldKey(topic, sub), { topic, sub })
      this.held.set(sub.ip, mine)
    }
    return this.store.unseen([topic], sub.clientId, this.now())
  }

  /** Removes a subscriber; a topic without subscribers is forgotten here (its messages stay in the store). */
  unsubscribe(topic: string, sub: MailboxSubscriber): void {
    const subs = this.subscribers.get(topic)
    if (!subs?.delete(sub)) return
    this.perClient.give(sub.clientId)
    this.perIp.give(sub.ip)
    const mine = this.held.get(sub.ip)
    mine?.delete(this.heldKey(topic, sub))
    if (mine?.size === 0) this.held.delete(sub.ip)
    if (subs.size === 0) this.subscribers.delete(topic)
  }

  // Room for one more topic: while the table is full, the address holding the most subscriptions loses its oldest, so
  // a crowd of addresses filling the table pushes out its own heaviest members and never a light newcomer. Bounded:
  // a dropped subscription frees a topic unless others share it, so a few rounds suffice.
  private roomForTopic(): boolean {
    for (let round = 0; this.subscribers.size >= this.opts.maxTopics; round++) {
      if (round >= 64) return false
      let heaviest: Map<string, { topic: string; sub: MailboxSubscriber }> | undefined
      for (const mine of this.held.values()) if (!heaviest || mine.size > heaviest.size) heaviest = mine
      const oldest = heaviest?.values().next().value
      if (!oldest) return false
      this.unsubscribe(oldest.topic, oldest.sub)
      oldest.sub.dropped?.(oldest.topic)
    }
    return true
  }

  private heldKey(topic: string, sub: MailboxSubscriber): string {
    let serial = this.serials.get(sub)
    if (serial === undefined) this.serials.set(sub, (serial = this.nextSerial++))
    return `${serial} ${topic}`
  }

  /** Stores a message and delivers it to every local subscriber but its publisher; false (with why) when refused. */
  async publish(input: PublishInput): Promise<{ ok: true } | { ok: false; reason: string }> {
    const { maxTtlSeconds, maxTtlSecondsOtherTags = maxTtlSeconds } = this.opts
    const ttlSeconds = storedTtlSeconds(input.tag, input.ttlSeconds, { maxTtlSeconds, maxTtlSecondsOtherTags })
    const result = await this.store.publish({ ...input, ttlSeconds }, this.now())
    if (result.status === 'full') return { ok: false, reason: result.reason }
    if (result.status === 'stored') {
      this.opts.onStored?.(result.message, result.mailboxSize)
      this.fanOut(result.message)
    }
    return { ok: true }
  }

  /** Records that `clientId` acknowledged message `seq` on `topic`. */
  async ack(topic: string, seq: number, clientId: string): Promise<void> {
    await this.store.markSeen(topic, [seq], clientId)
  }

  /** Returns and marks as seen the unseen messages of `topics` for `clientId` (irn_batchFetchMessages). */
  async fetch(
    topics: string[],
    clientId: string,
    limit: number,
  ): Promise<{ messages: MailboxMessage[]; hasMore: boolean }> {
    const all = await this.store.unseen(topics, clientId, this.now())
    const messages = all.slice(0, limit)
    const byTopic = new Map<string, number[]>()
    for (const m of messages) byTopic.set(m.topic, [...(byTopic.get(m.topic) ?? []), m.seq])
    await Promise.all([...byTopic].map(([topic, seqs]) => this.store.markSeen(topic, seqs, clientId)))
    return { messages, hasMore: all.length > limit }
  }

  /** Drops expired messages (memory store); returns how many. */
  sweep(): Promise<number> {
    return this.store.sweep(this.now())
  }

  /** Counts for monitoring and tests (messages and bytes only where the store counts them). */
  stats(): { topics: number; messages: number; subscribers: number; storedBytes: number } {
    let subscribers = 0
    for (const s of this.subscribers.values()) subscribers += s.size
    const stored = this.store.stats()
    return {
      topics: this.subscribers.size,
      subscribers,
      messages: stored?.messages ?? 0,
      storedBytes: stored?.storedBytes ?? 0,
    }
  }

  private fanOut(msg: MailboxMessage): void {
    for (const sub of this.subscribers.get(msg.topic) ?? []) {
      if (sub.clientId === msg.publisherId) continue
      sub.deliver(msg)
      this.opts.onDelivered?.()
    }
  }
}
