// The secure site's social and Farcaster routes. Top-level pages the visitor's browser walks through (start → the
// provider → callback), the Farcaster relay, and the two frame API calls that turn a result into a session.
import type { Context, Hono } from 'hono'
import { originAllowed } from '../../api/origins.js'
import { WalletError } from '../errors.js'
import { verifySiwf, type FarcasterRegistry } from '../farcaster/verify.js'
import { relayRoutes, type Channels } from '../farcaster/relay.js'
import type { Identity } from '../users.js'
import type { SocialFlows, SocialMode } from './flow.js'
import { failedPage, resultPage, RESULT_SCRIPT, SOCIAL_PAGE_CSP } from './pages.js'

type ApiContext = Context<{ Variables: { hostOrigin: string } }>

/** What the routes need from the site. */
export interface LoginRouteDeps {
  readonly origin: string
  allowedOrigins: string[]
  social: SocialFlows
  channels: Channels
  farcaster: { registry?: FarcasterRegistry }
  now: () => number
  /** Logs `identity` in for the frame's host page: session cookie set, the wallet's view answered. */
  signIn(c: ApiContext, identity: Identity, body: Record<string, unknown>): Promise<Response>
  body(c: Context): Promise<Record<string, unknown>>
}

const html = (c: Context, body: string, status: 200 | 400 | 403 = 200) => {
  c.header('Content-Security-Policy', SOCIAL_PAGE_CSP)
  c.header('Cache-Control', 'no-store')
  return c.html(body, status)
}

/** Adds the pages to `app` and the frame calls to `api` (which already checked the frame and its host). */
export function addLoginRoutes(app: Hono, api: Hono<{ Variables: { hostOrigin: string } }>, d: LoginRouteDeps): void {
  const deliver = (c: Context, target: { mode: string; hostOrigin: string; returnUrl?: string }, resultUri: string) => {
    if (target.mode === 'popup') return html(c, resultPage(target.hostOrigin, resultUri))
    const back = new URL(target.returnUrl!)
    back.searchParams.set('result_uri', resultUri)
    return c.redirect(back.href, 302)
  }

  app.get('/social/start', async (c) => {
    const q = c.req.query()
    const hostOrigin = q.origin ?? ''
    if (!originAllowed(hostOrigin, d.allowedOrigins) || new URL(hostOrigin).origin !== hostOrigin)
      return html(c, failedPage('This page is not allowed to use the wallet.'), 403)
    const mode: SocialMode = q.mode === 'redirect' ? 'redirect' : 'popup'
    const target = { mode, hostOrigin, returnUrl: q.return }
    try {
      const url = await d.social.start({ provider: q.provider ?? '', state: q.state ?? '', ...target })
      return c.redirect(url.href, 302)
    } catch (err) {
      const message = err instanceof WalletError ? err.message : 'The sign-in could not start'
      // Back to the page with the failure, so it says "Failed to initiate social connection" where the visitor is.
      const returnOk = mode === 'popup' || (URL.canParse(q.return ?? '') && new URL(q.return!).origin === hostOrigin)
      if (!returnOk || !/^[A-Za-z0-9_-]{22,128}$/.test(q.state ?? '')) return html(c, failedPage(message), 400)
      const result = new URL('/social/callback', d.origin)
      result.searchParams.set('state', q.state!)
      result.searchParams.set('error', 'start_failed')
      result.searchParams.set('error_description', message)
      return deliver(c, target, result.href)
    }
  })
  app.get('/social/callback', async (c) => {
    const target = await d.social.target(c.req.query('state') ?? '')
    if (!target)
      return html(c, failedPage('This sign-in has expired or was already used. Close this window and try again.'), 400)
    return deliver(c, target, `${d.origin}/social/callback${new URL(c.req.url).search}`)
  })
  app.get('/social/done.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8')
    c.header('Cache-Control', 'no-cache')
    return c.body(RESULT_SCRIPT)
  })
  app.route('/farcaster', relayRoutes(d.channels))

  api.post('/social/connect', async (c) => {
    const b = await d.body(c)
    if (typeof b.resultUri !== 'string' || b.resultUri.length > 4096)
      throw new WalletError(400, 'invalid_params', 'resultUri is required')
    const { provider, subject, username } = await d.social.finish(b.resultUri, c.get('hostOrigin'))
    return d.signIn(c, { provider, subject, ...(username ? { username } : {}) }, b)
  })
  api.post('/farcaster/channel', async (c) => {
    const site = new URL(d.origin)
    const { channelToken, url } = await d.channels.create({
      domain: site.host,
      siweUri: site.origin,
      hostOrigin: c.get('hostOrigin'),
    })
    return c.json({ channelToken, url })
  })
  api.post('/farcaster/connect', async (c) => {
    const b = await d.body(c)
    const token = typeof b.channelToken === 'string' ? b.channelToken : undefined
    const ch = await d.channels.find(token)
    if (!ch || ch.hostOrigin !== c.get('hostOrigin'))
      throw new WalletError(400, 'unknown_channel', 'This Farcaster sign-in has expired')
    if (!ch.completion) return c.json({ state: 'pending' }, 202)
    if (!(await d.channels.use(token!))) throw new WalletError(400, 'channel_used', 'This Farcaster sign-in was used')
    const { fid, message, signature, username } = ch.completion
    const { custody, fidChecked } = await verifySiwf({
      message,
      signature,
      fid,
      nonce: ch.nonce,
      domain: ch.domain,
      siweUri: ch.siweUri,
      now: new Date(d.now()),
      registry: d.farcaster.registry,
    })
    // Without the ID registry the FID is only what the app claims: the login is then bound to the custody key.
    const subject = fidChecked ? String(fid) : `custody:${custody.toLowerCase()}`
    return d.signIn(c, { provider: 'farcaster', subject, ...(username ? { username } : {}) }, b)
  })
}
