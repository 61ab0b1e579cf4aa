// Resource limits of one relay process. Every collection the relay keeps is bounded by one of these numbers, so a
// misbehaving client costs at most a known amount of memory and CPU.

/** Token-bucket settings for publishes from one socket. */
export interface RateLimit {
  /** Burst size: publishes allowed back to back. */
  burst: number
  /** Sustained publishes per second. */
  perSecond: number
}

/** All limits; every field has a default in {@link DEFAULT_LIMITS}. */
export interface RelayLimits {
  /** Largest accepted WebSocket frame in bytes (ws `maxPayload`); bigger frames close the socket with 1009. */
  maxMessageBytes: number
  publishRateLimit: RateLimit
  /** Token bucket for all frames of one socket; a socket above it is closed (1008), as no client needs that. */
  frameRateLimit: RateLimit
  /** Topics one socket may be subscribed to. */
  maxTopicsPerSocket: number
  /** Messages kept per topic mailbox; the oldest is dropped first. */
  maxMessagesPerTopic: number
  /** Topics with stored messages or subscribers across the process. */
  maxTopics: number
  /** Total message text kept in all mailboxes; publishes beyond it are refused until messages expire. */
  maxStoredBytes: number
  /** Longest `ttl` honoured, in seconds; longer ones are clamped. */
  maxTtlSeconds: number
  /** Topics in one batch call. */
  maxBatchTopics: number
  /** Concurrent sockets. */
  maxConnections: number
}

/** Defaults: generous for a few thousand wallets on one small machine. */
export const DEFAULT_LIMITS: RelayLimits = {
  maxMessageBytes: 512 * 1024,
  publishRateLimit: { burst: 100, perSecond: 50 },
  frameRateLimit: { burst: 2000, perSecond: 500 },
  maxTopicsPerSocket: 1000,
  maxMessagesPerTopic: 200,
  maxTopics: 200_000,
  maxStoredBytes: 256 * 1024 * 1024,
  maxTtlSeconds: 30 * 24 * 3600,
  maxBatchTopics: 500,
  maxConnections: 20_000,
}

/** Picks the limit fields out of `partial` (other keys are ignored) and fills unset ones with defaults. */
export function resolveLimits(partial: Partial<RelayLimits> = {}): RelayLimits {
  const out: Record<string, unknown> = { ...DEFAULT_LIMITS }
  for (const key of Object.keys(DEFAULT_LIMITS) as Array<keyof RelayLimits>) {
    if (partial[key] !== undefined) out[key] = partial[key]
  }
  return out as unknown as RelayLimits
}

/** A token bucket: `take()` is false when the caller must be refused. */
export class TokenBucket {
  private tokens: number
  private last: number

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = limit.burst
    this.last = now()
  }

  /** Takes one token if available. */
  take(): boolean {
    const t = this.now()
    this.tokens = Math.min(this.limit.burst, this.tokens + ((t - this.last) / 1000) * this.limit.perSecond)
    this.last = t
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }
}
