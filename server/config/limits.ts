// The API's budgets and how a client is told apart from another: request bodies, requests per address and project,
// the RPC proxy's limits, and which proxies' X-Forwarded-For to believe.
import { checkApiLimits, type ApiLimits } from '../api/limits.js'
import type { TrustProxy } from '../net/client-address.js'
import { checkTrustProxy, parseTrustProxy } from '../net/trust-setting.js'
import { fail } from './checks.js'
import { atLeast, int, json, setting, type Role } from './setting.js'

/** Limit settings of the API and of every per-address budget. */
export const limitsRole = {
  title: 'Limits',
  intro: 'Budgets of the API and how clients are counted (every limit is listed in [Limits](#limits)):',
  settings: {
    bodyLimitBytes: setting<number>({
      env: ['FOYER_BODY_LIMIT'],
      parse: int,
      default: () => 64 * 1024,
      check: atLeast('bodyLimitBytes', 1024, 'an integer of at least 1024'),
      row: { meaning: 'Largest request body; larger ones get 413' },
    }),
    rateLimitWindowSeconds: setting<number>({
      env: ['FOYER_RATE_LIMIT_WINDOW'],
      parse: int,
      default: () => 60,
      check: atLeast('rateLimitWindowSeconds', 1, 'a positive integer'),
      row: { meaning: 'Length of the rate-limit window in seconds' },
    }),
    apiRateLimitPerIp: setting<number>({
      env: ['FOYER_API_RATE_LIMIT_IP'],
      parse: int,
      default: () => 1200,
      check: atLeast('apiRateLimitPerIp', 0, 'a non-negative integer'),
      row: { meaning: 'API requests one client IP may make per window (0 = unlimited)' },
    }),
    apiRateLimitPerProject: setting<number>({
      env: ['FOYER_API_RATE_LIMIT_PROJECT'],
      parse: int,
      default: () => 60_000,
      check: atLeast('apiRateLimitPerProject', 0, 'a non-negative integer'),
      row: { meaning: 'API requests one project id may make per window, across IPs (0 = unlimited)' },
    }),
    apiLimits: setting<Partial<ApiLimits>>({
      env: ['FOYER_API_LIMITS'],
      parse: json,
      check: (v, where) => checkApiLimits(v, where),
      row: {
        default: 'per limit',
        meaning: 'JSON object of the RPC proxy’s limits, a project’s share per address and `POST /e` bytes',
      },
    }),
    trustProxy: setting<TrustProxy>({
      env: ['FOYER_TRUST_PROXY'],
      parse: parseTrustProxy,
      default: () => false,
      check: checkTrustProxy,
      row: { meaning: 'Proxies whose `X-Forwarded-For` is believed, see [below](#running-behind-a-proxy)' },
    }),
    rateLimitIpv6Prefix: setting<number>({
      env: ['FOYER_RATE_LIMIT_IPV6_PREFIX'],
      parse: int,
      default: () => 64,
      check: (v, where) => {
        if (!Number.isInteger(v) || v < 1 || v > 128)
          fail(where, 'rateLimitIpv6Prefix (FOYER_RATE_LIMIT_IPV6_PREFIX)', 'an integer from 1 to 128', v)
      },
      row: { meaning: 'Every per-address limit counts an IPv6 client by this prefix (1–128)' },
    }),
  },
} satisfies Role<unknown>
