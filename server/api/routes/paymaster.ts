// POST /v1/paymaster?projectId=: the project's ERC-7677 paymaster service (server/paymaster), the URL a wallet that
// reports the `paymasterService` capability receives (503 where no paymaster runs: no chain has one deployed); GET
// says whether the project sponsors gas and on which chains.
import { Hono } from 'hono'
import { paymasterRpc } from '../../paymaster/rpc.js'
import type { ApiDeps } from '../deps.js'
import { ApiError, invalidField } from '../errors.js'
import { clip } from '../params.js'

/** POST /v1/paymaster. */
export function paymasterRoutes(deps: ApiDeps): Hono {
  const app = new Hono()
  app.post('/v1/paymaster', async (c) => {
    const projectId = c.req.query('projectId') ?? ''
    if (!/^[0-9a-fA-F]{32}$/.test(projectId))
      throw invalidField('invalid_project_id', 'projectId', `"${clip(projectId)}" is not 32 hex digits`)
    if (!deps.sponsor) throw new ApiError(503, 'paymaster_unavailable', 'No paymaster runs on this server')
    const body: unknown = await c.req.json().catch(() => undefined)
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw invalidField('invalid_json_rpc', 'body', 'one JSON-RPC call object')
    return c.json(await paymasterRpc(deps.sponsor, projectId, body))
  })
  // Whether the project sponsors gas, and where: the modal asks before offering the URL to a wallet.
  app.get('/v1/paymaster', async (c) => {
    const projectId = c.req.query('projectId') ?? ''
    if (!/^[0-9a-fA-F]{32}$/.test(projectId))
      throw invalidField('invalid_project_id', 'projectId', `"${clip(projectId)}" is not 32 hex digits`)
    if (!deps.sponsor) return c.json({ enabled: false, chains: [] })
    return c.json(await deps.sponsor.status(projectId.toLowerCase()))
  })
  return app
}
