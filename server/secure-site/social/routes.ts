// The secure site's social and Farcaster routes. The frame API calls that start a login and turn its result into a
// session, the top-level pages the visitor's browser walks through (start → the provider → callback), and the
// Farcaster relay. A social login is bound to the frame session that started it by a secret in an HttpOnly cookie
// of that frame (partitioned by the embedding site, like the session cookie): its result is redeemed with it only.
import { createHash, randomBytes } from 'node:crypto'
import type { Context, Hono } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import { WalletError } from '../errors.js'
import { verifySiwf, type FarcasterRegistry } from '../farcaster/verify.js'
import { relayRoutes, type Channels } from '../farcaster/relay.js'
import type { Identity } from '../users.js'
import { SOCIAL_STATE, type SocialFlows, type SocialTarget } from './flow.js'
import { socialOriginAllowed } from './origins.js'
import { failedPage, resultPage, RESULT_SCRIPT, SOCIAL_PAGE_CSP } from './pages.js'

/** The cookie holding the frame session's social-login binding secret. */
export const SOCIAL_BINDING_COOKIE = 'foyer_social_binding'
const BINDING = /^[A-Za-z0-9_-]{43}$/
const bindingHash = (secret: string | undefined) =>
  secret && BINDING.test(secret) ? createHash('sha256').update(secret).digest('hex') : undefined

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
  /** Takes a login start from the requester's budget (every start writes a row); throws 429 past it. */
  limitStart(c: Context): Promise<void>
}

const html = (c: Context, body: string, status: 200 | 400 | 403 = 200) => {
  c.header('Content-Security-Policy', SOCIAL_PAGE_CSP)
  c.header('Cache-Control', 'no-store')
  return c.html(body, status)
}

/** Adds the pages to `app` and the frame calls to `api` (which already checked the frame and its host). */
export function addLoginRoutes(app: Hono, api: Hono<{ Variables: { hostOrigin: string } }>, d: LoginRouteDeps): void {
  const deliver = (c: Context, target: SocialTarget, resultUri: string) => {
    if (target.mode === 'popup') return html(c, resultPage(target.hostOrigin, resultUri))
    const back = new URL(target.returnUrl!)
    back.searchParams.set('result_uri', resultUri)
    return c.redirect(back.href, 302)
  }

  // The frame starts every social login: the page it serves, its return page and its session are fixed here.
  api.post('/social/start', async (c) => {
    const b = await d.body(c)
    const hostOrigin = c.get('hostOrigin')
    if (!socialOriginAllowed(hostOrigin, d.allowedOrigins))
      throw new WalletError(
        403,
        'social_not_allowed',
        'Social login is not available on this page: ask the wallet operator to list its exact origin',
      )
    if (typeof b.provider !== 'string' || b.provider.length > 32)
      throw new WalletError(400, 'invalid_params', 'provider is required')
    if (b.mode !== 'popup' && b.mode !== 'redirect')
      throw new WalletError(400, 'invalid_params', 'mode must be popup or redirect')
    if (b.returnUrl !== undefined && (typeof b.returnUrl !== 'string' || b.returnUrl.length > 2048))
      throw new WalletError(400, 'invalid_params', 'returnUrl must be a URL')
    await d.limitStart(c)
    let secret = getCookie(c, SOCIAL_BINDING_COOKIE)
    if (!secret || !BINDING.test(secret)) secret = randomBytes(32).toString('base64url')
    const { url } = await d.social.prepare({
      provider: b.provider,
      hostOrigin,
      mode: b.mode,
      ...(typeof b.returnUrl === 'string' ? { returnUrl: b.returnUrl } : {}),
      binding: bindingHash(secret)!,
    })
    setCookie(c, SOCIAL_BINDING_COOKIE, secret, {
      httpOnly: true,
      secure: true,
      sameSite: 'None',
      partitioned: true,
      path: '/api/social',
      maxAge: 15 * 60,
    })
    return c.json({ url })
  })

  // Only a state the frame prepared starts anything; the query names nothing else (no provider, page nor return).
  app.get('/social/start', async (c) => {
    const state = c.req.query('state') ?? ''
    const target = SOCIAL_STATE.test(state) ? await d.social.target(state) : undefined
    if (!target)
      return html(c, failedPage('This sign-in link is not valid. Start the sign-in again from the app.'), 400)
    try {
      return c.redirect((await d.social.authorizationUrl(state)).href, 302)
    } catch (err) {
      const message = err instanceof WalletError ? err.message : 'The sign-in could not start'
      // Back to the frame's page with the failure, so it says "Failed to initiate social connection" there.
      const result = new URL('/social/callback', d.origin)
      result.searchParams.set('state', state)
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
  app.route('/farcaster', relayRoutes(d.channels, d.limitStart))

  api.post('/social/connect', async (c) => {
    const b = await d.body(c)
    if (typeof b.resultUri !== 'string' || b.resultUri.length > 4096)
      throw new WalletError(400, 'invalid_params', 'resultUri is required')
    const { provider, subject, username } = await d.social.finish(
      b.resultUri,
      c.get('hostOrigin'),
      bindingHash(getCookie(c, SOCIAL_BINDING_COOKIE)),
    )
    return d.signIn(c, { provider, subject, ...(username ? { username } : {}) }, b)
  })
  api.post('/farcaster/channel', async (c) => {
    await d.limitStart(c)
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
