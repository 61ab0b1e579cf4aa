// Network, token and WalletConnect logos from the shipped icon set (server/icons): images the modal loads by URL, so
// no logo lives in the client's JavaScript and no image host is reached at run time.
import { Hono } from 'hono'
import { ICON_KINDS, iconSvg, type IconKind } from '../../icons/icons.js'
import { notFound } from '../errors.js'

/** GET /v1/icons/{kind}/{name}. */
export function iconsRoutes(): Hono {
  const app = new Hono()
  app.get('/v1/icons/:kind/:name', (c) => {
    const kind = c.req.param('kind') as IconKind
    const svg = (ICON_KINDS as readonly string[]).includes(kind) ? iconSvg(kind, c.req.param('name')) : undefined
    if (!svg) throw notFound('Icon')
    return c.body(svg, 200, {
      'Content-Type': 'image/svg+xml',
      // The marks change only with a release; a day of caching absorbs repeat reads.
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
      // An SVG opened directly must not run script.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    })
  })
  return app
}
