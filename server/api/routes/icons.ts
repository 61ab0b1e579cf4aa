// GET /v1/icons/tokens/{symbol}: the token icons the balance and history answers link to, drawn by this server (a
// coloured disc with the symbol's first letters) since no image host is reachable from a self-hosted install.
import { Hono } from 'hono'
import { invalidField } from '../errors.js'
import { clip } from '../params.js'

const COLORS: Record<string, string> = {
  ETH: '#627EEA',
  USDC: '#2775CA',
  USDT: '#26A17B',
  DAI: '#F5AC37',
  SOL: '#9945FF',
}

/** The path of a symbol's icon on this API. */
export const tokenIconPath = (symbol: string): string => `/v1/icons/tokens/${encodeURIComponent(symbol)}`

/** A token icon as SVG. */
export function tokenIconSvg(symbol: string): string {
  const label =
    symbol
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 4)
      .toUpperCase() || '?'
  const color = COLORS[label] ?? `hsl(${[...label].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) % 360, 7)} 55% 45%)`
  const size = label.length > 3 ? 11 : 13
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<circle cx="32" cy="32" r="32" fill="${color}"/>` +
    `<text x="32" y="37" font-family="sans-serif" font-size="${size}" font-weight="700" fill="#fff" ` +
    `text-anchor="middle">${label}</text></svg>`
  )
}

/** GET /v1/icons/tokens/{symbol}. */
export function iconsRoutes(): Hono {
  const app = new Hono()
  app.get('/v1/icons/tokens/:symbol', (c) => {
    const symbol = c.req.param('symbol')
    if (symbol.length === 0 || symbol.length > 32)
      throw invalidField('invalid_symbol', 'symbol', `"${clip(symbol)}" is not a token symbol (1 to 32 characters)`)
    c.header('Cache-Control', 'public, max-age=86400')
    // an SVG opened directly must not run anything on the API's origin
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
    return c.body(tokenIconSvg(symbol), 200, { 'Content-Type': 'image/svg+xml' })
  })
  return app
}
