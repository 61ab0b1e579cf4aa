// bench:speed's static server: every file of a build held in memory, so a page load never waits on the disk of a
// busy machine; the page config goes in as the demo server does it (`window.__FOYER_DEMO__`).
import { createServer } from 'node:http'
import { readdirSync, readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { extname, join, relative } from 'node:path'
import type { RunningService } from '../../server/types.js'

const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' }

const filesOf = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? filesOf(join(dir, d.name)) : [join(dir, d.name)],
  )

/** Serves `root` from memory on loopback with `inject` as the page config. */
export async function servePages(root: string, inject: unknown): Promise<RunningService> {
  const config = `<script>window.__FOYER_DEMO__=${JSON.stringify(inject).replace(/</g, '\\u003c')}</script>`
  const files = new Map(
    filesOf(root).map((f) => {
      const body = readFileSync(f, extname(f) === '.html' ? 'utf8' : undefined)
      return [
        `/${relative(root, f)}`,
        typeof body === 'string' ? body.replace('<!--FOYER_DEMO_CONFIG-->', config) : body,
      ]
    }),
  )
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const body = files.get(path)
    if (body === undefined) return void res.writeHead(404).end()
    res.writeHead(200, {
      'content-type': types[extname(path)] ?? 'application/octet-stream',
      'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    })
    res.end(body)
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((ok) => (server.closeAllConnections(), server.close(() => ok()))),
  }
}
