// Where the relay keeps its mailboxes: in this process's memory (the default) or in Redis (REDIS_URL), shared by
// every relay process. The store owns messages, TTLs, de-duplication and who has seen what; the Mailbox in front of
// it owns this process's live sockets. publish() enforces the per-client and per-IP shares of the store (publisher
// pays: messages and bytes count against who published them until they expire or are evicted), and evicts fairly:
// a full mailbox drops the oldest message of its heaviest publisher, and a full store (maxStoredBytes,
// maxStoredMessages) the messages of its heaviest address, never a lighter one's first.

/** One stored message. */
export interface StoredMessage {
  /** Increasing per store (so across relay processes on one Redis); identifies the message in acknowledgements. */
  seq: number
  topic: string
  message: string
  tag: number
  /** Milliseconds since the epoch. */
  publishedAt: number
  expiresAt: number
  publisherId: string
}

/** Input to {@link MailboxStore.publish}. */
export interface PublishInput {
  topic: string
  message: string
  /** Already clamped to the relay's maximum. */
  ttlSeconds: number
  tag: number
  publisherId: string
  /** The publisher's IP address (its share of the store is counted too). */
  publisherIp: string
}

/** Why a publish was refused: a quota of the publisher or of its address, or a message larger than the store. */
export const REFUSED = {
  clientMessages: 'Quota exceeded: too many stored messages for this client, retry after they expire',
  clientBytes: 'Quota exceeded: too many stored bytes for this client, retry after they expire',
  ipMessages: 'Quota exceeded: too many stored messages from this address, retry after they expire',
  ipBytes: 'Quota exceeded: too many stored bytes from this address, retry after they expire',
  storeFull: 'Relay storage is full, retry later',
} as const

/** What publish did: stored (with the mailbox's size now), a duplicate of a stored message, or refused. */
export type PublishResult =
  | { status: 'stored'; message: StoredMessage; mailboxSize: number }
  | { status: 'duplicate' }
  | { status: 'full'; reason: string }

/** Mailbox storage behind the relay (memory-store.ts, redis-store.ts). */
export interface MailboxStore {
  readonly kind: 'memory' | 'redis'
  /** Stores a message unless the same text is already in the topic's mailbox; the oldest beyond the cap is dropped. */
  publish(input: PublishInput, now: number): Promise<PublishResult>
  /** Unexpired messages of `topics` that `clientId` neither published nor acknowledged, oldest first per topic. */
  unseen(topics: string[], clientId: string, now: number): Promise<StoredMessage[]>
  /** Records that `clientId` has seen these messages of `topic` (acknowledged or fetched). */
  markSeen(topic: string, seqs: number[], clientId: string): Promise<void>
  /** Drops expired messages where the engine does not do it itself; returns how many. */
  sweep(now: number): Promise<number>
  /** Stored messages and bytes, when the store can count them cheaply. */
  stats(): { messages: number; storedBytes: number } | null
  /** Registers the receiver of messages other relay processes stored (Redis fan-out); memory has no others. */
  onRemote(listener: (msg: StoredMessage) => void): void
  /** Resolves when the store answers (readiness). */
  ping(): Promise<void>
  close(): Promise<void>
}
