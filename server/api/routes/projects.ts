// Project configuration: remote features (SPEC §3) and allowed origins (SPEC §5) for a project id.
import { Hono } from 'hono'
import type { ApiDeps } from '../deps.js'
import { projectOfRequest, resolveAllowedOrigins, resolveFeatures } from '../features.js'
import { checkProjectId } from '../params.js'

/** GET /v1/projects/{projectId}/config and /origins. */
export function projectsRoutes(deps: ApiDeps): Hono {
  const app = new Hono()
  app.get('/v1/projects/:projectId/config', async (c) => {
    const projectId = checkProjectId(c.req.param('projectId'))
    return c.json({ features: resolveFeatures(deps.config, projectId, await projectOfRequest(deps, projectId)) })
  })
  app.get('/v1/projects/:projectId/origins', async (c) => {
    const projectId = checkProjectId(c.req.param('projectId'))
    const stored = await projectOfRequest(deps, projectId)
    return c.json({ allowedOrigins: resolveAllowedOrigins(deps.config, projectId, stored) })
  })
  return app
}
