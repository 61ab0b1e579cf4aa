// The WalletConnect relay (server/relay/): where it listens, the URL clients reach it at, and its budgets.
import { checkRelayLimits, type RelayLimits } from '../relay/limits.js'
import { checkUrl, fail } from './checks.js'
import { atLeast, int, json, port, setting, text, type Role } from './setting.js'

/** Relay settings. */
export const relayRole = {
  title: 'Relay',
  intro: 'The WalletConnect relay (server/relay/, see [Relay](#relay)):',
  settings: {
    relayPort: setting<number>({
      env: ['FOYER_RELAY_PORT'],
      parse: int,
      default: () => 8788,
      check: port('relayPort (FOYER_RELAY_PORT)'),
      row: { meaning: 'Relay listen port (on `FOYER_HOST`)' },
    }),
    relayPublicUrl: setting<string>({
      env: ['FOYER_RELAY_PUBLIC_URL'],
      parse: text,
      check: (v, where) => checkUrl(v, where, 'relayPublicUrl', ['ws:', 'wss:', 'http:', 'https:']),
      row: { meaning: 'The relay’s public `wss://` URL behind a TLS proxy (accepted as JWT audience)' },
    }),
    relayProjectIdPattern: setting<string>({
      env: ['FOYER_RELAY_PROJECT_ID_PATTERN'],
      parse: text,
      check: (v, where) => {
        try {
          new RegExp(v)
        } catch {
          fail(where, 'relayProjectIdPattern', 'a regular expression', v)
        }
      },
      row: { default: '32 hex digits', meaning: 'Regular expression the relay’s `projectId` must match' },
    }),
    relayLimits: setting<Partial<RelayLimits>>({
      env: ['FOYER_RELAY_LIMITS'],
      parse: json,
      check: (v, where) => checkRelayLimits(v, where),
      row: { default: 'per limit', meaning: 'JSON object of relay limits and quotas, see [Relay](#relay)' },
    }),
    relayPublishRatePerSocket: setting<number>({
      env: ['FOYER_RELAY_PUBLISH_RATE'],
      parse: int,
      default: () => 50,
      // Never checked so far beyond FOYER_RELAY_PUBLISH_RATE's integer parse; kept so (issue 34 changes no behaviour).
      check: () => {},
      row: { meaning: 'Publishes one relay socket may make per second (bursts of twice that); above it -32005' },
    }),
    relayRateLimitPerIp: setting<number>({
      env: ['FOYER_RELAY_RATE_LIMIT_IP'],
      parse: int,
      default: () => 120,
      check: atLeast('relayRateLimitPerIp', 0, 'a non-negative integer'),
      row: { meaning: 'Relay connections one client IP may open per window (0 = unlimited)' },
    }),
    relayRateLimitPerProject: setting<number>({
      env: ['FOYER_RELAY_RATE_LIMIT_PROJECT'],
      parse: int,
      default: () => 6000,
      check: atLeast('relayRateLimitPerProject', 0, 'a non-negative integer'),
      row: { meaning: 'Relay connections one project id may open per window (0 = unlimited)' },
    }),
    relayProjectAllowancePerIp: setting<number>({
      env: ['FOYER_RELAY_PROJECT_ALLOWANCE_IP'],
      parse: int,
      default: () => 30,
      check: atLeast('relayProjectAllowancePerIp', 0, 'a non-negative integer'),
      row: { meaning: 'Connections per window from one address to one project its budget never refuses (0 = none)' },
    }),
  },
} satisfies Role<unknown>
