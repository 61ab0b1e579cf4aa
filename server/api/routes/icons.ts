// Logos from this server: network, token and WalletConnect marks from the shipped icon set (server/icons), images the
// modal loads by URL, so no logo lives in the client's JavaScript and no image host is reached at run time. A token
// without a shipped mark gets a coloured disc with its symbol's first letters.
import { Hono } from 'hono'
import { ICON_KINDS, iconSvg, type IconKind } from '../../icons/icons.js'
import { invalidField, notFound } from '../errors.js'
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

/** A token icon as SVG: its real mark when one ships, else a disc with its letters. */
export function tokenIconSvg(symbol: string): string {
  const mark = iconSvg('tokens', symbol)
  if (mark) return mark
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

/** GET /v1/icons/{kind}/{name}: networks by CAIP-2 id, tokens by symbol, wallets/walletconnect. */
export function iconsRoutes(): Hono {
  const app = new Hono()
  app.get('/v1/icons/:kind/:name', (c) => {
    const kind = c.req.param('kind') as IconKind
    const name = c.req.param('name')
    let svg: string | undefined
    if (kind === 'tokens') {
      if (name.length === 0 || name.length > 32)
        throw invalidField('invalid_symbol', 'symbol', `"${clip(name)}" is not a token symbol (1 to 32 characters)`)
      svg = tokenIconSvg(name)
    } else if ((ICON_KINDS as readonly string[]).includes(kind)) svg = iconSvg(kind, name)
    if (!svg) throw notFound('Icon')
    return c.body(svg, 200, {
      'Content-Type': 'image/svg+xml',
      // The marks change only with a release; a day of caching absorbs repeat reads.
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
      // An SVG opened directly must not run script on the API's origin.
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
    })
  })
  return app
}
