// Health for load balancers and operators: /health (store answers; kept for existing checks), /healthz (the process
// is alive), /readyz (the store and every configured dependency answer), /metrics (Prometheus text format).
import { Hono } from 'hono'
import type { ApiDeps } from '../deps.js'
import { ApiError } from '../errors.js'
import { processMetrics } from '../../observe/metrics.js'

/** GET /health, /healthz, /readyz, /metrics. */
export function healthRoutes(deps: ApiDeps): Hono {
  const app = new Hono()
  app.get('/health', async (c) => {
    try {
      await deps.store.query('SELECT 1')
    } catch (err) {
      throw new ApiError(503, 'store_unavailable', `The database is not answering: ${(err as Error).message}`)
    }
    return c.json({ ok: true as const })
  })
  app.get('/healthz', (c) => c.json({ ok: true as const }))
  app.get('/readyz', async (c) => {
    const checks: Record<string, () => Promise<unknown>> = {
      store: () => deps.store.query('SELECT 1'),
      ...deps.readiness,
    }
    const results = await Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        try {
          await check()
          return { name, ok: true }
        } catch (err) {
          return { name, ok: false, error: (err as Error).message }
        }
      }),
    )
    const failed = results.filter((r) => !r.ok)
    if (failed.length > 0)
      throw new ApiError(
        503,
        'not_ready',
        `Not ready: ${failed.map((f) => f.name).join(', ')}`,
        failed.map((f) => ({ field: f.name, description: f.error ?? 'not answering' })),
      )
    return c.json({ ok: true as const, checks: results.map((r) => r.name) })
  })
  app.get('/metrics', async (c) => {
    const { registry } = processMetrics()
    return c.body(await registry.metrics(), 200, { 'content-type': registry.contentType })
  })
  return app
}
