// server/README.md's Limits table, generated: each row names what moves the limit (a setting, an `apiLimits` or
// `secureSite` field) and its Default cell is drawn from that value's default, so a changed default or a renamed
// variable changes the table and server/config/readme.test.ts fails until the README is written again.
import { MAX_PAYMENTS } from '../exchange/exchange.js'
import { MAX_QUOTES } from '../onramp/local.js'
import { DEFAULT_LOGIN_STARTS } from '../secure-site/config.js'
import { api, bytes, count, fixed, num, row, secure, setting, type LimitRow } from './limit-cells.js'

/** The rows of the Limits table, by service. */
export function limitRows(): LimitRow[] {
  return [
    row('all', 'client address behind proxies', [setting('trustProxy')], (v) =>
      v === false ? 'socket peer' : `${JSON.stringify(v)}`,
    ),
    row('all', 'length of every rate-limit window', [setting('rateLimitWindowSeconds')], (v) => `${count(v)} s`),
    row('all', 'IPv6 addresses counted as one', [setting('rateLimitIpv6Prefix')], (v) => `/${num(v)}`),
    row('API', 'requests per address per window (0 = off)', [setting('apiRateLimitPerIp')], count),
    row(
      'API',
      'requests per project per window (0 = off); once over, only addresses past their share wait',
      [setting('apiRateLimitPerProject')],
      count,
    ),
    row(
      'API',
      'an address’s share of a project over its budget',
      [api('projectSharePerIp')],
      (v) => `${count(v)} per window`,
    ),
    row('API', 'request body', [setting('bodyLimitBytes')], (v) => `${bytes(v)} → 413`),
    row('API', '`POST /v1/rpc` calls per batch', [api('rpcMaxBatch')], (v) => `${count(v)} → -32005`),
    row(
      'API',
      'gas per `eth_call` / `eth_estimateGas` (a call without gas gets it)',
      [api('rpcMaxGasPerCall')],
      (v) => `${count(v)} → -32602`,
    ),
    row('API', 'gas per RPC request, all calls', [api('rpcMaxGasPerRequest')], (v) => `${count(v)} → -32005`),
    row('API', 'upstream RPC time-out', [api('rpcTimeoutMs')], (v) => `${num(v) / 1000} s → -32603`),
    row(
      'API',
      'state overrides; debug/admin methods',
      [api('rpcAllowStateOverrides'), api('rpcExtraMethods')],
      (overrides, extra) =>
        `${overrides ? 'forwarded' : 'refused (-32602)'}; ${(extra as string[]).length ? (extra as string[]).join(', ') : 'refused (-32601)'}`,
    ),
    row(
      'API',
      '`POST /e` events per address per window (0 = off)',
      [setting('analyticsRateLimitPerIp')],
      (v) => `${count(v)} → 429`,
    ),
    row(
      'API',
      '`POST /e` bytes one event or error report stores',
      [api('analyticsMaxEventBytes')],
      (v) => `${bytes(v)} → 413`,
    ),
    row(
      'API',
      '`POST /e` rows per project per hour, then one in so many stored',
      [setting('analyticsProjectCapPerHour'), setting('analyticsSampleOneIn')],
      (cap, oneIn) => `${count(cap)}, then 1 in ${count(oneIn)}`,
    ),
    row(
      'API',
      '`POST /e` bytes per project per hour, then sampled the same way',
      [api('analyticsProjectBytesPerHour')],
      bytes,
    ),
    row(
      'API',
      'analytics rows kept per table (events, error reports), oldest go first',
      [setting('analyticsMaxRows')],
      count,
    ),
    row('API', 'analytics bytes kept per table, oldest go first', [api('analyticsMaxBytes')], bytes),
    row('API', 'analytics kept for', [setting('analyticsRetentionDays')], (v) => `${count(v)} days`),
    row(
      'API',
      'names one address holds',
      [setting('namesPerAddress')],
      (v) => `${count(v)} → 403 \`name_budget_exceeded\``,
    ),
    fixed('API', 'swap bounds', 'the server’s fresh quote ± SPEC’s 1 %', '— (never the caller’s amounts)'),
    row('relay', 'connections per address per window (0 = off)', [setting('relayRateLimitPerIp')], count),
    row('relay', 'connections per project per window (0 = off)', [setting('relayRateLimitPerProject')], count),
    row(
      'relay',
      'an address’s connections to a project the project budget never refuses',
      [setting('relayProjectAllowancePerIp')],
      (v) => `${count(v)} per window`,
    ),
    row('relay', 'publishes per socket per second (bursts of twice)', [setting('relayPublishRatePerSocket')], count),
    row(
      'relay',
      'sockets, topics, stored messages and bytes per client and per address; whole-process caps (evicting the heaviest address first); message size; TTL per tag',
      [setting('relayLimits')],
      () => 'see [Relay](#relay) and [relay/README.md](relay/README.md#quotas)',
    ),
    row(
      'secure site',
      'email codes and code checks',
      [secure('codes', undefined)],
      () => 'see [Email code limits](#email-code-limits)',
    ),
    row(
      'secure site',
      'social starts and Farcaster channels per address',
      [secure('logins', DEFAULT_LOGIN_STARTS)],
      (v) =>
        `${count((v as typeof DEFAULT_LOGIN_STARTS).maxPerIp)} per ${count((v as typeof DEFAULT_LOGIN_STARTS).windowSeconds)} s → 429`,
    ),
    fixed('secure site', 'request body of its API', '256 KiB → 413', '—'),
    fixed(
      'local exchange',
      'payments kept; the printed test account’s funds, charged per confirmed payment',
      `${count(MAX_PAYMENTS)} (pending 30 min, done 24 h); 10 of each coin, 10,000 of each token`,
      '— (local stack only)',
    ),
    fixed(
      'local on-ramp',
      'quotes kept (with their orders); paid orders',
      `${count(MAX_QUOTES)}; 24 h`,
      '— (local stack only)',
    ),
  ]
}

/** The Limits table as Markdown (unformatted; readme.ts formats it). */
export function limitsTable(): string {
  const cells = (r: LimitRow) => `| ${[r.service, r.limit, r.default, r.setting].join(' | ')} |`
  return ['| Service | Limit | Default | Setting |', '| --- | --- | --- | --- |', ...limitRows().map(cells)].join('\n')
}
