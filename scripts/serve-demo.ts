// A small static server for the built demo, and the demo as a service of the composition root (`npm start`, the
// browser tests). It injects the local stack's URLs into index.html so the page needs no extra request to find its
// API and relay.
import { createServer } from 'node:http'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize, resolve } from 'node:path'
import type { AddressInfo } from 'node:net'
import { chainsOf } from '../server/chains/service.js'
import { defineService } from '../server/compose.js'
import type { RunningService } from '../server/types.js'

declare module '../server/compose.js' {
  interface ServiceMap {
    demo: RunningService
  }
}

/** The demo page on config.demoPort, wired to the API, relay and chains running next to it; `inject` adds to its config. */
export function demoService(inject: Record<string, unknown> = {}) {
  return defineService({
    name: 'demo',
    uses: ['api', 'relay', 'chains', 'secureSite'],
    async start(ctx) {
      return serveDemo({
        port: ctx.config.demoPort,
        inject: {
          projectId: ctx.config.demoProjectId,
          apiUrl: ctx.get('api')?.url,
          relayUrl: ctx.get('relay')?.url,
          secureSiteUrl: ctx.get('secureSite')?.url,
          chains: chainsOf(ctx).map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })),
          ...inject,
        },
      })
    },
    describe: (demo) => [`demo ${demo.url}`],
  })
}

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
}

/** Serves `root` (default dist/demo) on loopback; `inject` becomes `window.__FOYER_DEMO__`. */
export async function serveDemo(
  opts: { root?: string; port?: number; host?: string; inject?: unknown } = {},
): Promise<RunningService> {
  const root = resolve(opts.root ?? 'dist/demo')
  const host = opts.host ?? '127.0.0.1'
  const inject =
    opts.inject === undefined
      ? ''
      : `<script>window.__FOYER_DEMO__=${JSON.stringify(opts.inject).replace(/</g, '\\u003c')}</script>`
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
      const file = normalize(join(root, path === '/' ? 'index.html' : path))
      if (!file.startsWith(root)) {
        res.writeHead(403).end('Forbidden')
        return
      }
      let body: Buffer | string = await readFile(file).catch(() => readFile(join(root, 'index.html')))
      const type = types[extname(file)] ?? 'text/html; charset=utf-8'
      if (type.startsWith('text/html')) body = body.toString('utf8').replace('<!--FOYER_DEMO_CONFIG-->', inject)
      const immutable = file.includes(`${root}/assets/`)
      res.writeHead(200, {
        'content-type': type,
        'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      })
      res.end(body)
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error))
    }
  })
  await new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(opts.port ?? 0, host, ok)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections()
        server.close(() => ok())
      }),
  }
}
