// The relay's connection budgets: per client address and per project id, like the API's, except that a public project
// id (anyone can read it off a dapp's page) must not be a kill switch. Each address's first connections to a project
// in a window (its allowance) never meet the project's budget, so addresses that flood a project exhaust its budget
// for themselves only: the project's other addresses keep connecting, within their own per-address budget.
import type { ServerConfig } from '../config.js'
import {
  budgetsOf,
  limitStoreOf,
  openLimits,
  type Budget,
  type LimitStore,
  type RateLimiter,
  type Verdict,
} from '../rate-limit/limiter.js'

/** Options of {@link openRelayLimiter}. */
export interface RelayLimiterOptions extends LimitStore {
  perIp: Budget
  perProject: Budget
  /** Connections per `perProject.seconds` from one address to one project the project's budget never refuses. */
  allowancePerIp: number
}

/** Opens the relay's connection limiter with the configured budgets on the configured store. */
export function openRelayConnectionLimiter(config: ServerConfig): Promise<RateLimiter> {
  return openRelayLimiter({
    ...budgetsOf(config, 'relay'),
    ...limitStoreOf(config),
    allowancePerIp: config.relayProjectAllowancePerIp,
  })
}

/** Opens a per-address and per-project connection limiter whose project budget spares each address's allowance. */
export async function openRelayLimiter(opts: RelayLimiterOptions): Promise<RateLimiter> {
  const { perIp, perProject, allowancePerIp } = opts
  const limits = await openLimits({
    ...opts,
    name: 'relay',
    budgets: { ip: perIp, project: perProject, allowance: { points: allowancePerIp, seconds: perProject.seconds } },
  })
  // 0 points means unlimited to openLimits; an allowance of 0 means none.
  const spares = allowancePerIp > 0 && perProject.points > 0
  return {
    backend: limits.backend,
    async take(ip, projectId) {
      if (!projectId) return (await limits.take([['ip', ip]])) as Verdict
      if (spares && (await limits.take([['allowance', `${projectId}\n${ip}`]])).ok) {
        const verdict = await limits.take([['ip', ip]])
        if (!verdict.ok) await limits.refund([['allowance', `${projectId}\n${ip}`]])
        return verdict as Verdict
      }
      return (await limits.take([
        ['ip', ip],
        ['project', projectId],
      ])) as Verdict
    },
    close: () => limits.close(),
  }
}
