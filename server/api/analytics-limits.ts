// Bounds of POST /e (issue 20): a per-IP rate limit and a per-project hourly cap with sampling above it, counted on
// the shared limiter store (Redis, else PostgreSQL, else memory) so every API process enforces one budget; and the
// retention job that deletes events and error reports older than the configured number of days, past the row cap
// or past the byte total. Bytes are counted as POST /e measures an event (issue 30 #6).
import type { ServerConfig } from '../config.js'
import { resolveApiLimits } from './limits.js'
import { limitStoreOf, openLimits, type Limits, type Verdict } from '../rate-limit/limiter.js'
import { serviceLog } from '../observe/log.js'
import type { SqlRunner } from '../store/store.js'
import { pruneAnalytics, type AnalyticsBound } from '../projects/stats.js'

/** What POST /e does with one event: store it, drop it (sampled out above the project cap), or refuse (429). */
export type AnalyticsVerdict = { ok: true; store: boolean } | Extract<Verdict<'ip'>, { ok: false }>

/** The gate POST /e asks before storing. */
export interface AnalyticsGate {
  admit(ip: string, projectId: string): Promise<AnalyticsVerdict>
  /** Whether an admitted row of `bytes` is stored: within the project's hourly bytes, or sampled above them. */
  admitBytes(projectId: string, bytes: number): Promise<boolean>
  close(): Promise<void>
}

/**
 * Opens the gate over `limits` (budgets `ip`, `project` rows and `bytes` per project); `random` decides the sample
 * (tests pass their own).
 */
export function analyticsGate(
  limits: Limits<'ip' | 'project' | 'bytes'>,
  sampleOneIn: number,
  random: () => number = Math.random,
): AnalyticsGate {
  return {
    async admit(ip, projectId) {
      const byIp = await limits.take([['ip', ip]])
      if (!byIp.ok) return byIp as AnalyticsVerdict
      const byProject = await limits.take([['project', projectId]])
      // Over the cap the project still counts, at 1 in `sampleOneIn`: dashboards keep a trend, the table stays small.
      return { ok: true, store: byProject.ok || random() * sampleOneIn < 1 }
    },
    async admitBytes(projectId, bytes) {
      // Above the bytes the project may store this hour, rows are sampled as above the row cap.
      const byBytes = await limits.take([['bytes', projectId, Math.max(1, bytes)]])
      return byBytes.ok || random() * sampleOneIn < 1
    },
    close: () => limits.close(),
  }
}

/** Opens the configured gate on the deployment's limiter store. */
export async function openAnalyticsGate(config: ServerConfig): Promise<AnalyticsGate> {
  const limits = await openLimits({
    name: 'analytics',
    ...limitStoreOf(config),
    budgets: {
      ip: { points: config.analyticsRateLimitPerIp, seconds: config.rateLimitWindowSeconds },
      project: { points: config.analyticsProjectCapPerHour, seconds: 3600 },
      bytes: { points: resolveApiLimits(config.apiLimits).analyticsProjectBytesPerHour, seconds: 3600 },
    },
  })
  return analyticsGate(limits, config.analyticsSampleOneIn)
}

const log = serviceLog('api')

/**
 * Runs {@link pruneAnalytics} (retention days, row cap) now and every `everyMs` (default hourly) until the returned
 * stop is called; POST /e also prunes every 100 stored rows, so a quiet server still forgets on time.
 */
export function startAnalyticsRetention(db: SqlRunner, bound: AnalyticsBound, everyMs = 3_600_000): () => void {
  const run = () =>
    pruneAnalytics(db, bound).then(
      (deleted) => deleted > 0 && log('analytics_expired', { deleted, days: bound.retentionDays }),
      (err: unknown) => log('analytics_expiry_failed', { errorClass: (err as Error).name }, 'warn'),
    )
  void run()
  const timer = setInterval(run, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
