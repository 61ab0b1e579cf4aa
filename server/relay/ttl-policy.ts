// How long the relay keeps a message, whatever ttl its publisher asks for: what the WalletConnect SDKs (2.25) publish
// that tag with, from @walletconnect/sign-client src/constants/engine.ts (ENGINE_RPC_OPTS) and @walletconnect/core
// src/constants/pairing.ts (PAIRING_RPC_OPTS). A client asking for longer gets the SDKs' figure; tags they do not
// publish with a fixed ttl (0, unknown ones) get `maxTtlSecondsOtherTags`; every message at most `maxTtlSeconds`.
import type { RelayLimits } from './limits.js'

const MINUTE = 60
const DAY = 24 * 3600
// A session request's (and an authenticate request's) ttl is the caller's `expiry`, which the SDK bounds by
// SESSION_REQUEST_EXPIRY_BOUNDARIES (5 min … 7 days).
const REQUEST_EXPIRY_MAX = 7 * DAY

/** Longest ttl the SDKs publish each tag with, in seconds. */
export const SDK_TAG_TTL_SECONDS: Readonly<Record<number, number>> = {
  1000: DAY, // wc_pairingDelete
  1001: DAY,
  1002: 30, // wc_pairingPing
  1003: 30,
  1100: 5 * MINUTE, // wc_sessionPropose
  1101: 5 * MINUTE,
  1102: 5 * MINUTE, // wc_sessionSettle
  1103: 5 * MINUTE,
  1104: DAY, // wc_sessionUpdate
  1105: DAY,
  1106: DAY, // wc_sessionExtend
  1107: DAY,
  1108: REQUEST_EXPIRY_MAX, // wc_sessionRequest: its expiry, 15 min by default
  1109: 15 * MINUTE,
  1110: 5 * MINUTE, // wc_sessionEvent
  1111: 5 * MINUTE,
  1112: DAY, // wc_sessionDelete
  1113: DAY,
  1114: DAY, // wc_sessionPing
  1115: DAY,
  1116: REQUEST_EXPIRY_MAX, // wc_sessionAuthenticate: its expiry, at least 1 h
  1117: 60 * MINUTE,
  1118: 5 * MINUTE, // wc_sessionAuthenticate reject / auto-reject
  1119: 5 * MINUTE,
  1120: 5 * MINUTE, // wc_sessionPropose reject / auto-reject
  1121: 5 * MINUTE,
}

/** The ttl a message of `tag` is stored with when its publisher asks for `askedSeconds`. */
export function storedTtlSeconds(
  tag: number,
  askedSeconds: number,
  limits: Pick<RelayLimits, 'maxTtlSeconds' | 'maxTtlSecondsOtherTags'>,
): number {
  const cap = SDK_TAG_TTL_SECONDS[tag] ?? limits.maxTtlSecondsOtherTags
  return Math.min(Math.max(1, askedSeconds), cap, limits.maxTtlSeconds)
}
