// Shares of one relay process per client id and per client IP: live counts (connections, subscriptions) and publish
// rates. Stored messages and bytes are counted by the store itself (memory-store.ts, redis-store.ts), because with
// Redis they are shared by every relay process.
import { TokenBucket, type RateLimit } from './limits.js'

/** Counts per key, each bounded by `max`; a key whose count drops to zero is forgotten. */
export class Tally {
  private readonly counts = new Map<string, number>()

  constructor(private readonly max: number) {}

  /** Counts one more for `key`; false (and nothing counted) when `key` is at its maximum. */
  take(key: string): boolean {
    const n = this.counts.get(key) ?? 0
    if (n >= this.max) return false
    this.counts.set(key, n + 1)
    return true
  }

  /** Gives one back. */
  give(key: string): void {
    const n = (this.counts.get(key) ?? 0) - 1
    if (n > 0) this.counts.set(key, n)
    else this.counts.delete(key)
  }

  /** Current count of `key`. */
  count(key: string): number {
    return this.counts.get(key) ?? 0
  }
}

/** One token bucket per key; buckets that have refilled are forgotten by {@link prune}, so the map stays small. */
export class KeyedBuckets {
  private readonly buckets = new Map<string, { bucket: TokenBucket; last: number }>()

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number,
  ) {}

  /** Takes a token from `key`'s bucket. */
  take(key: string): boolean {
    let entry = this.buckets.get(key)
    if (!entry) {
      entry = { bucket: new TokenBucket(this.limit, this.now), last: 0 }
      this.buckets.set(key, entry)
    }
    entry.last = this.now()
    return entry.bucket.take()
  }

  /** Forgets buckets unused for long enough to have refilled completely (a fresh bucket is the same). */
  prune(): void {
    const full = (this.limit.burst / Math.max(this.limit.perSecond, 1e-9)) * 1000
    const t = this.now()
    for (const [key, entry] of this.buckets) if (t - entry.last >= full) this.buckets.delete(key)
  }
}

/** The per-client and per-IP publish rates one relay process enforces across all sockets of a client or an IP. */
export class PublishRates {
  private readonly byClient: KeyedBuckets
  private readonly byIp: KeyedBuckets

  constructor(client: RateLimit, ip: RateLimit, now: () => number) {
    this.byClient = new KeyedBuckets(client, now)
    this.byIp = new KeyedBuckets(ip, now)
  }

  /** The refusal's reason, or null when the publish may go ahead. */
  take(clientId: string, ip: string): string | null {
    if (!this.byClient.take(clientId)) return 'Rate limit exceeded: too many publishes from this client'
    if (!this.byIp.take(ip)) return 'Rate limit exceeded: too many publishes from this address'
    return null
  }

  /** Forgets idle buckets. */
  prune(): void {
    this.byClient.prune()
    this.byIp.prune()
  }
}
