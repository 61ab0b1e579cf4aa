// Resource limits of one relay process. Every collection the relay keeps is bounded by one of these numbers, so a
// misbehaving client costs at most a known amount of memory and CPU.
import { fail, isRecord } from '../config/checks.js'

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
  /** Topics with live subscribers in one process; a new one past it drops the heaviest address's oldest subscription. */
  maxTopics: number
  /** Total message text kept in all mailboxes; past it the heaviest address's oldest messages are evicted. */
  maxStoredBytes: number
  /** Messages kept in all mailboxes (so also topics holding messages); past it, as for maxStoredBytes. */
  maxStoredMessages: number
  /** Longest `ttl` honoured for any message, in seconds; longer ones are clamped (tags the SDKs use: ttl-policy.ts). */
  maxTtlSeconds: number
  /** Longest `ttl` honoured for tags the SDKs do not publish with a fixed ttl (tag 0, unknown tags). */
  maxTtlSecondsOtherTags: number
  /** Topics in one batch call. */
  maxBatchTopics: number
  /** Concurrent sockets. */
  maxConnections: number
  /** Longest published `message` (characters of its base64 text); longer → -32005. */
  maxPublishBytes: number
  /** Concurrent sockets of one client id (the JWT's did:key) in one process; more → upgrade refused with 429. */
  maxConnectionsPerClient: number
  /** Concurrent sockets from one IP address in one process; more → upgrade refused with 429. */
  maxConnectionsPerIp: number
  /** Live subscriptions of one client id (all its sockets) in one process. */
  maxSubscriptionsPerClient: number
  /** Live subscriptions from one IP address in one process. */
  maxSubscriptionsPerIp: number
  /** Unexpired messages one client id may have stored (each opens at most one topic); across processes on Redis. */
  maxStoredMessagesPerClient: number
  /** Unexpired messages stored from one IP address. */
  maxStoredMessagesPerIp: number
  /** Bytes of unexpired messages one client id may have stored. */
  maxStoredBytesPerClient: number
  /** Bytes of unexpired messages stored from one IP address. */
  maxStoredBytesPerIp: number
  /** Publishes of one client id across its sockets in one process. */
  clientPublishRateLimit: RateLimit
  /** Publishes from one IP address across its sockets in one process. */
  ipPublishRateLimit: RateLimit
}

/** The per-client and per-IP shares of the store and its whole-store caps, which the store itself enforces. */
export type StoreQuotas = Pick<
  RelayLimits,
  | 'maxStoredMessagesPerClient'
  | 'maxStoredMessagesPerIp'
  | 'maxStoredBytesPerClient'
  | 'maxStoredBytesPerIp'
  | 'maxStoredBytes'
  | 'maxStoredMessages'
>

// Defaults: generous for a few thousand wallets on one small machine, and no client or address may take more than
// a small share of what the whole process holds. Where the WalletConnect SDKs (2.25) set the need, the figure follows
// them (server/relay/README.md "Quotas" cites the sources): their longest ttl is a session request's expiry (7 days at
// most), a wallet holds a handful of subscriptions per session, and publishes a few messages per user action.
/** Defaults of every limit. */
export const DEFAULT_LIMITS: RelayLimits = {
  maxMessageBytes: 512 * 1024,
  publishRateLimit: { burst: 100, perSecond: 50 },
  frameRateLimit: { burst: 2000, perSecond: 500 },
  maxTopicsPerSocket: 1000,
  maxMessagesPerTopic: 200,
  maxTopics: 200_000,
  maxStoredBytes: 256 * 1024 * 1024,
  maxStoredMessages: 200_000,
  maxTtlSeconds: 7 * 24 * 3600,
  maxTtlSecondsOtherTags: 24 * 3600,
  maxBatchTopics: 500,
  maxConnections: 20_000,
  maxPublishBytes: 256 * 1024,
  maxConnectionsPerClient: 10,
  maxConnectionsPerIp: 200,
  maxSubscriptionsPerClient: 1000,
  maxSubscriptionsPerIp: 10_000,
  maxStoredMessagesPerClient: 1000,
  maxStoredMessagesPerIp: 10_000,
  maxStoredBytesPerClient: 8 * 1024 * 1024,
  maxStoredBytesPerIp: 32 * 1024 * 1024,
  clientPublishRateLimit: { burst: 100, perSecond: 50 },
  ipPublishRateLimit: { burst: 1000, perSecond: 500 },
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

/** Checks limits given in configuration (FOYER_CONFIG `relayLimits`, FOYER_RELAY_LIMITS); throws ConfigError. */
export function checkRelayLimits(v: unknown, where: string): asserts v is Partial<RelayLimits> {
  if (!isRecord(v)) fail(where, 'relayLimits (FOYER_RELAY_LIMITS)', 'an object of relay limits', v)
  for (const [key, value] of Object.entries(v)) {
    const field = `relayLimits.${key}`
    const def: unknown = (DEFAULT_LIMITS as unknown as Record<string, unknown>)[key]
    if (def === undefined) fail(where, field, `one of ${Object.keys(DEFAULT_LIMITS).join(', ')}`, key)
    // 0 would refuse every client: a limit is lifted by a large number instead.
    if (typeof def === 'number' && (typeof value !== 'number' || !(value > 0)))
      fail(where, field, 'a positive number', value)
    if (typeof def === 'object' && !(isRecord(value) && Number(value.burst) >= 1 && Number(value.perSecond) > 0))
      fail(where, field, '{ burst: at least 1, perSecond: above 0 }', value)
  }
}
