// The `trustProxy` setting (FOYER_TRUST_PROXY) as the configuration reads and checks it. `1`, `true` and `yes` keep
// their old meaning of "one proxy in front", now as a hop count of 1: the right-most X-Forwarded-For entry, the one that
// proxy appended, where the old code took the left-most, which the client itself can write.
import { ConfigError, fail, list } from '../config/checks.js'
import { MAX_PROXY_HOPS, networkProblem, type TrustProxy } from './client-address.js'

/** Reads FOYER_TRUST_PROXY: `0`/`false`/`no`, `1`/`true`/`yes`, a hop count, or comma-separated networks. */
export function parseTrustProxy(raw: string): TrustProxy {
  const v = raw.trim().toLowerCase()
  if (['', '0', 'false', 'no'].includes(v)) return false
  if (['1', 'true', 'yes'].includes(v)) return true
  if (/^\d+$/.test(v)) return Number(v)
  return list(raw)
}

/** Fails unless `v` is a boolean, a hop count up to {@link MAX_PROXY_HOPS} or a list of networks. */
export function checkTrustProxy(v: unknown, where: string): void {
  const field = 'trustProxy (FOYER_TRUST_PROXY)'
  if (typeof v === 'boolean') return
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < 0 || v > MAX_PROXY_HOPS)
      fail(where, field, `a hop count from 0 to ${MAX_PROXY_HOPS}`, v)
    return
  }
  if (!Array.isArray(v) || v.length === 0 || v.some((e) => typeof e !== 'string'))
    fail(where, field, 'true/false, a hop count, or a list of proxy addresses and networks', v)
  for (const entry of v as string[]) {
    const problem = networkProblem(entry)
    if (problem)
      throw new ConfigError(`${where}${field}: ${problem} (use addresses, CIDR networks, loopback, private, linklocal)`)
  }
}
