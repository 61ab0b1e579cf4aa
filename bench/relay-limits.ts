// The relay's per-socket, per-client and per-IP limits would measure the limiters, not the relay: every bench client
// runs on this one machine (one address), so the benches lift them.
import type { RelayLimits } from '../server/relay/limits.js'

const UNLIMITED_RATE = { burst: 1e9, perSecond: 1e9 }

/** Relay limits for a load generator on one address. */
export const BENCH_RELAY_LIMITS: Partial<RelayLimits> = {
  publishRateLimit: UNLIMITED_RATE,
  frameRateLimit: UNLIMITED_RATE,
  clientPublishRateLimit: UNLIMITED_RATE,
  ipPublishRateLimit: UNLIMITED_RATE,
  maxConnectionsPerIp: 1e9,
  maxSubscriptionsPerIp: 1e9,
  maxStoredMessagesPerClient: 1e9,
  maxStoredMessagesPerIp: 1e9,
  maxStoredBytesPerClient: 1e12,
  maxStoredBytesPerIp: 1e12,
}
