// The API's request limiter (issue 30 #3): per client address, and per project in a way that is no kill switch. A
// project over its budget (apiRateLimitPerProject) refuses only the addresses that used more than their share of it
// (apiLimits.projectSharePerIp) in the window; addresses below their share are still served. The relay's budgets are
// its own (server/relay/).
import type { ServerConfig } from '../config.js'
import { addressKey } from '../net/client-address.js'
import { limitStoreOf, openLimits, type RateLimiter, type Verdict } from '../rate-limit/limiter.js'
import { resolveApiLimits } from './limits.js'

/** Opens the API's limiter on the configured store (Redis, else PostgreSQL, else memory). */
export async function openApiLimiter(config: ServerConfig): Promise<RateLimiter> {
  const seconds = config.rateLimitWindowSeconds
  const limits = await openLimits({
    name: 'api',
    ...limitStoreOf(config),
    budgets: {
      ip: { points: config.apiRateLimitPerIp, seconds },
      project: { points: config.apiRateLimitPerProject, seconds },
      share: { points: resolveApiLimits(config.apiLimits).projectSharePerIp, seconds },
    },
  })
  return {
    backend: limits.backend,
    async take(ip, projectId): Promise<Verdict> {
      const byIp = await limits.take([['ip', ip]])
      if (!byIp.ok || !projectId || config.apiRateLimitPerProject <= 0) return byIp as Verdict
      // Counted whatever happens next: who used how much of this project decides who waits once it is over budget.
      // IPv6 by prefix, as in the per-address budget: an attacker's /64 is one share
      const share = await limits.take([['share', `${projectId} ${addressKey(ip, config.rateLimitIpv6Prefix)}`]])
      const byProject = await limits.take([['project', projectId]])
      if (byProject.ok || share.ok) return { ok: true }
      return byProject as Verdict
    },
    close: () => limits.close(),
  }
}
