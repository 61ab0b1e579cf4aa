// The Hono application: cross-cutting middleware (CORS, body limit, JSON errors) around the route modules.
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { cors } from 'hono/cors'
import { HTTPException } from 'hono/http-exception'
import type { ApiDeps, RouteModule } from './deps.js'
import { ApiError } from './errors.js'
import { buildOpenApiDocument } from './openapi/document.js'
import { ROUTE_MODULES } from './routes/index.js'
import { installOperations } from './operate.js'

/** Builds the API app over a migrated store; `modules` defaults to every module in routes/index.ts. */
export function createApp(deps: ApiDeps, modules: RouteModule[] = ROUTE_MODULES): Hono {
  const app = new Hono()
  const { corsOrigins, bodyLimitBytes } = deps.config

  app.use(
    '*',
    cors({
      // The modal runs on the host's origin, so any page embedding it must be able to call the API.
      origin: corsOrigins.includes('*') ? '*' : corsOrigins,
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      maxAge: 86_400,
    }),
  )
  app.use('*', async (c, next) => {
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
  })
  // After CORS, so a 429 carries the CORS headers and the browser can read it.
  installOperations(app, { limiter: deps.limiter, trustProxy: deps.config.trustProxy })
  app.use(
    '*',
    bodyLimit({
      maxSize: bodyLimitBytes,
      onError: (c) => {
        const err = new ApiError(413, 'payload_too_large', `The request body is larger than ${bodyLimitBytes} bytes`, [
          { field: 'body', description: `at most ${bodyLimitBytes} bytes` },
        ])
        return c.json(err.toBody(), 413)
      },
    }),
  )

  const doc = buildOpenApiDocument(modules)
  app.get('/openapi.json', (c) => c.json(doc))
  for (const m of modules) app.route('/', m.routes(deps))

  app.notFound((c) => {
    const err = new ApiError(404, 'not_found', `No route for ${c.req.method} ${new URL(c.req.url).pathname}`)
    return c.json(err.toBody(), 404)
  })
  app.onError((err, c) => {
    if (err instanceof ApiError) return c.json(err.toBody(), err.status)
    if (err instanceof HTTPException) {
      const status = err.status
      const body = new ApiError(
        400,
        status === 413 ? 'payload_too_large' : 'bad_request',
        err.message || `HTTP ${status}`,
      ).toBody()
      return c.json(body, status)
    }
    // PostgreSQL refusing the bytes of a value (NUL in text, bad UTF-8) is bad input, not a server fault.
    const pgCode = (err as { code?: unknown }).code
    if (pgCode === '22021' || pgCode === '22P05') {
      return c.json(
        new ApiError(
          400,
          'invalid_text',
          'A text value contains characters the database cannot store (e.g. NUL)',
        ).toBody(),
        400,
      )
    }
    // Unexpected: the request log line names the error class with the request id; the stack goes to stderr.
    c.set('errorClass' as never, (err as Error).name as never)
    console.error(`[api] ${c.req.method} ${new URL(c.req.url).pathname} failed:`, err)
    return c.json(new ApiError(500, 'internal_error', 'The server hit an unexpected error').toBody(), 500)
  })
  return app
}
