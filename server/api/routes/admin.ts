// The operator's console (issue 17, beyond SPEC): an admin API under /admin/v1 that creates and configures projects
// (allowed origins, features, branding), their analytics figures, and the dashboard page that charts them. Off unless
// FOYER_OPERATOR_TOKEN is set; every /admin/v1 call needs `Authorization: Bearer <token>`.
import { createHash, timingSafeEqual } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Hono, type Context } from 'hono'
import { DashboardHtml, DashboardScript } from '../../projects/dashboard.js'
import { parseNewProject, parseProjectPatch } from '../../projects/body.js'
import { projectStats } from '../../projects/stats.js'
import { createProject, deleteProject, getProject, listProjects, updateProject } from '../../projects/store.js'
import type { ApiDeps } from '../deps.js'
import { ApiError, notFound } from '../errors.js'
import { checkProjectId, intParam, readJson } from '../params.js'

const digest = (s: string) => createHash('sha256').update(s).digest()

// Chart.js's browser build, read once when the dashboard first asks for it.
let chartJs: string | undefined
function chartScript(): string {
  const main = createRequire(import.meta.url).resolve('chart.js')
  return (chartJs ??= readFileSync(join(dirname(main), 'chart.umd.min.js'), 'utf8'))
}

/** /admin (dashboard page) and /admin/v1/* (admin API). */
export function adminRoutes(deps: ApiDeps): Hono {
  const app = new Hono()
  const token = deps.config.operatorToken
  const off = () => new ApiError(404, 'not_found', 'The operator console is off: set FOYER_OPERATOR_TOKEN to use it')
  app.use('/admin/*', async (c, next) => {
    if (!token) throw off()
    await next()
  })
  // The page and its scripts hold no data; the data calls carry the token the operator types in.
  const page = (c: Context, body: string, type: string) =>
    c.body(body, 200, {
      'Content-Type': type,
      'Content-Security-Policy': "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'",
      'Cache-Control': 'no-store',
    })
  app.get('/admin', (c) => {
    if (!token) throw off()
    return page(c, DashboardHtml, 'text/html; charset=utf-8')
  })
  app.get('/admin/dashboard.js', (c) => page(c, DashboardScript, 'text/javascript; charset=utf-8'))
  app.get('/admin/chart.js', (c) => page(c, chartScript(), 'text/javascript; charset=utf-8'))

  app.use('/admin/v1/*', async (c, next) => {
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1]
    // Compare digests, in constant time, so neither the length nor a prefix of the token leaks.
    if (!given || !timingSafeEqual(digest(given), digest(token!)))
      throw new ApiError(401, 'unauthorized', 'The admin API needs Authorization: Bearer <operator token>')
    await next()
  })
  const found = async (id: string) => (await getProject(deps.store, id)) ?? Promise.reject(notFound(`Project ${id}`))
  app.get('/admin/v1/projects', async (c) => c.json({ projects: await listProjects(deps.store) }))
  app.post('/admin/v1/projects', async (c) => {
    const created = await createProject(deps.store, parseNewProject(await readJson(c)))
    if (!created) throw new ApiError(409, 'project_exists', 'A project with this id exists already')
    return c.json(created, 201)
  })
  app.get('/admin/v1/projects/:projectId', async (c) => c.json(await found(checkProjectId(c.req.param('projectId')))))
  app.patch('/admin/v1/projects/:projectId', async (c) => {
    const id = checkProjectId(c.req.param('projectId'))
    const updated = await updateProject(deps.store, id, parseProjectPatch(await readJson(c)))
    return c.json(updated ?? (await found(id)))
  })
  app.delete('/admin/v1/projects/:projectId', async (c) => {
    const id = checkProjectId(c.req.param('projectId'))
    if (!(await deleteProject(deps.store, id))) throw notFound(`Project ${id}`)
    return c.body(null, 204)
  })
  // Any project id that sent analytics has figures, created here or not (the demo's, a config-file project).
  app.get('/admin/v1/projects/:projectId/stats', async (c) => {
    const id = checkProjectId(c.req.param('projectId'))
    return c.json(await projectStats(deps.store, id, intParam(c, 'days', 30, 1, 366)))
  })
  return app
}
