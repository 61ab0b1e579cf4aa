// Two more generated tables of server/README.md: the email codes' limits (`secureSite.codes`, defaults in
// server/secure-site/config.ts) and the relay's per-client and per-address quotas (`relayLimits`, defaults in
// server/relay/limits.ts). The Default cells, and the figures the reasons derive from, come from those defaults.
import { DEFAULT_LIMITS, type RateLimit, type RelayLimits } from '../relay/limits.js'
import { DEFAULT_CODE_LIMITS, type CodeLimits } from '../secure-site/config.js'
import { bytes, code, num } from './limit-cells.js'

// Every field of CodeLimits has its line (a new field fails the typecheck until it is described here).
const CODE_LIMITS: Record<keyof CodeLimits, string> = {
  resendSeconds: 'wait between two codes for one purpose to one address from one requester (SPEC §9)',
  maxPerEmail: 'codes to one address from one requester per window',
  maxPerEmailTotal:
    'codes to one address from all requesters that never logged in to it (bounds the mail to one inbox)',
  maxPerIp: 'codes one requester asks for, to any addresses, per window',
  maxVerifyPerEmail: 'code checks for one address from one requester per window',
  maxVerifyPerIp: 'code checks from one requester, for any addresses, per window',
  maxAttempts: 'wrong tries before a code is void; each check takes its try in one statement before comparing',
  ttlSeconds: 'how long a code is valid',
  windowSeconds: 'the window of every budget above, in seconds',
}

/** The Email code limits table (`secureSite.codes.…`), unformatted. */
export function codeLimitsTable(): string {
  return [
    '| `secureSite.codes.…` | Default | Counts |',
    '| --- | --- | --- |',
    ...Object.entries(CODE_LIMITS).map(
      ([key, counts]) => `| ${code(key)} | ${code(String(DEFAULT_CODE_LIMITS[key as keyof CodeLimits]))} | ${counts} |`,
    ),
  ].join('\n')
}

/** 10000 → "10 000" (the relay tables' way of writing figures). */
const figure = (v: unknown) => num(v).toLocaleString('en-US').replace(/,/g, ' ')
const days = (s: number) => (s % 86_400 === 0 ? `${s / 86_400} day${s === 86_400 ? '' : 's'}` : `${figure(s)} s`)
const rate = (r: RateLimit) => `${figure(r.perSecond)}/s (burst ${figure(r.burst)})`
const L = DEFAULT_LIMITS

// A row: the limits it shows, how a default is written, and why the figure (from the same defaults).
const RELAY_QUOTAS: [keys: (keyof RelayLimits)[], shown: (v: unknown) => string, why: string][] = [
  [
    ['maxTtlSeconds', 'maxTtlSecondsOtherTags'],
    (v) => days(num(v)),
    'the SDKs bound a session or authenticate request’s expiry at 7 days; tag 0 and tags they publish with no fixed ttl get the second (`ttl-policy.ts`)',
  ],
  [
    ['maxPublishBytes'],
    (v) => `${figure(v)} (${bytes(v)})`,
    'SDK messages measured 112–860 B; a deploy at the 49,152-byte initcode limit is ~131 KB',
  ],
  [
    ['maxConnectionsPerClient', 'maxConnectionsPerIp'],
    figure,
    `an SDK keeps one socket; ${figure(L.maxConnectionsPerIp)} leaves room for a NAT, ` +
      `${figure(L.maxConnections / L.maxConnectionsPerIp)} addresses to reach \`maxConnections\``,
  ],
  [
    ['maxSubscriptionsPerClient', 'maxSubscriptionsPerIp'],
    figure,
    `two topics per session and pairing; ${figure(L.maxTopics / L.maxSubscriptionsPerIp)} addresses to reach \`maxTopics\``,
  ],
  [
    ['maxStoredMessagesPerClient', 'maxStoredMessagesPerIp'],
    figure,
    'a few messages per user action, most for 5–15 min',
  ],
  [
    ['maxStoredBytesPerClient', 'maxStoredBytesPerIp'],
    bytes,
    `${figure(L.maxStoredBytesPerClient / L.maxPublishBytes)} maximum-size messages; ` +
      `${figure(L.maxStoredBytes / L.maxStoredBytesPerIp)} addresses to reach \`maxStoredBytes\``,
  ],
  [
    ['clientPublishRateLimit', 'ipPublishRateLimit'],
    (v) => rate(v as RateLimit),
    'as the per-socket rate, summed over a client’s or an address’s sockets',
  ],
]

/** The relay's quotas table (`relayLimits`), unformatted. */
export function relayQuotasTable(): string {
  const rows = RELAY_QUOTAS.map(([keys, shown, why]) => {
    const cells = [keys.map(code).join(' / '), keys.map((k) => shown(L[k])).join(' / '), why]
    return `| ${cells.join(' | ')} |`
  })
  return ['| limit | default | why this figure |', '| --- | --- | --- |', ...rows].join('\n')
}
