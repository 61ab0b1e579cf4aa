// Liveness for load balancers: answers ok only when the store answers too.
import { Hono } from 'hono'
import type { ApiDeps } from '../deps.js'
import { ApiError } from '../errors.js'

/** GET /health. */
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
  return app
}
