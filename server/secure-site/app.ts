// The secure site's HTTP side: the frame page (and its script) the modal embeds, and the JSON API only that frame
// may call. The API answers requests from the site's own origin only (checked on Origin, plus a custom header that
// forces a CORS preflight we never grant), so a host page cannot drive it even though the session cookie, being
// partitioned by the host's site, would ride along on its requests.
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { routePath } from 'hono/route'
import type { EmbeddedAccountType } from '../../protocol/frame/messages.js'
import { clientIp as apiClientIp, errorClassOf, stackFrames } from '../api/operate.js'
import { originAllowed } from '../api/origins.js'
import { logLine } from '../observe/log.js'
import type { Mailer } from '../mail/mailer.js'
import type { Store } from '../store/store.js'
import { normalizeEmail, type Codes } from './codes.js'
import type { SecureSiteConfig } from './config.js'
import { rejectNul, WalletError } from './errors.js'
import { frameScript, framePage, FRAME_CSS } from './frame-page.js'
import { SESSION_COOKIE, type Sessions } from './sessions.js'
import type { Channels } from './farcaster/relay.js'
import { takeLoginStart, type LoginLimits } from './login-limits.js'
import type { FarcasterRegistry } from './farcaster/verify.js'
import type { SocialFlows } from './social/flow.js'
import { addLoginRoutes } from './social/routes.js'
import { changeEmail, getUser, loginIdentity, type Identity, type WalletUser } from './users.js'
import { nativeOf, previewEvm, previewSolana } from './preview/preview.js'
import { PREVIEW_METHODS } from './preview/types.js'
import { loginSiwxFields, signLoginSiwx } from './login-siwx.js'
import { addPasskeyRoutes } from './passkeys/routes.js'
import type { Sealer } from './seal.js'
import type { Wallet } from './wallet.js'

/** What the app needs. */
export interface SecureSiteDeps {
  config: SecureSiteConfig
  /** The origin browsers load the site from (read per request: known once the server listens). */
  readonly origin: string
  store: Store
  sealer: Sealer
  codes: Codes
  sessions: Sessions
  wallet: Wallet
  mailer: Mailer
  social: SocialFlows
  channels: Channels
  farcaster: { registry?: FarcasterRegistry }
  /** Social starts and Farcaster channels per client address. */
  loginLimits: LoginLimits
  now: () => number
}

const str = (v: unknown, field: string): string => {
  if (typeof v !== 'string' || v.length === 0 || v.length > 256)
    throw new WalletError(400, 'invalid_params', `${field} is required`)
  return v
}
const PROJECT_ID = /^[0-9a-fA-F]{32}$/
const pick = ({ symbol, decimals }: { symbol: string; decimals: number }) => ({ symbol, decimals })
const type = (v: unknown): EmbeddedAccountType | undefined => (v === 'eoa' || v === 'smartAccount' ? v : undefined)

/** Builds the secure site's Hono app. */
export function createSecureSiteApp(deps: SecureSiteDeps): Hono {
  const { config } = deps
  const app = new Hono()
  const networks = [
    ...config.chains.map((c) => ({ caipNetworkId: c.caipNetworkId, name: c.name, ...pick(nativeOf(c)) })),
    ...config.solana.map((n) => ({ caipNetworkId: n.caipNetworkId, name: 'Solana', symbol: 'SOL', decimals: 9 })),
  ]

  app.use('*', async (c, next) => {
    await next()
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'no-referrer')
  })
  app.get('/health', (c) => c.json({ ok: true }))

  app.get('/frame', (c) => {
    const host = c.req.query('origin') ?? ''
    let hostOrigin: string
    try {
      hostOrigin = new URL(host).origin
    } catch {
      return c.text('The frame needs ?origin=<the embedding page origin>', 400)
    }
    if (hostOrigin !== host || hostOrigin === 'null') return c.text('origin must be a plain origin', 400)
    // the page's project: its gas sponsorship applies to what the visitor sends from this frame
    const projectId = c.req.query('projectId')
    if (projectId !== undefined && !PROJECT_ID.test(projectId)) return c.text('projectId must be 32 hex digits', 400)
    const verified = originAllowed(hostOrigin, config.allowedOrigins)
    // Only the claimed origin may embed the frame: a page lying about its origin gets no frame at all.
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors ${hostOrigin}`,
    )
    c.header('Cache-Control', 'no-store')
    return c.html(
      framePage({
        hostOrigin,
        verified,
        siteOrigin: deps.origin,
        networks,
        ...(projectId ? { projectId: projectId.toLowerCase() } : {}),
      }),
    )
  })
  app.get('/frame.js', async (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8')
    c.header('Cache-Control', 'no-cache')
    return c.body(await frameScript())
  })
  app.get('/frame.css', (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8')
    c.header('Cache-Control', 'no-cache')
    return c.body(FRAME_CSS)
  })

  const api = new Hono<{ Variables: { hostOrigin: string } }>()
  api.use('*', bodyLimit({ maxSize: 256 * 1024 }))
  api.use('*', async (c, next) => {
    if (c.req.method !== 'POST') throw new WalletError(404, 'not_found', 'Not found')
    // Browsers always send Origin on POST; only the frame, served from this origin, may call the API.
    if (c.req.header('origin') !== deps.origin || c.req.header('x-foyer-frame') !== '1')
      throw new WalletError(403, 'forbidden', 'Only the wallet frame may call this API')
    const hostOrigin = c.req.header('x-foyer-host') ?? ''
    if (!originAllowed(hostOrigin, config.allowedOrigins))
      throw new WalletError(403, 'unverified_domain', 'This page is not allowed to use the wallet')
    c.set('hostOrigin', hostOrigin)
    await next()
  })
  const body = async (c: Context): Promise<Record<string, unknown>> => {
    const b = (await c.req.json().catch(() => undefined)) as unknown
    if (typeof b !== 'object' || b === null || Array.isArray(b))
      throw new WalletError(400, 'invalid_json', 'Expected a JSON object')
    rejectNul(b)
    return b as Record<string, unknown>
  }
  const session = async (c: Context<{ Variables: { hostOrigin: string } }>): Promise<WalletUser> => {
    const s = await deps.sessions.find(getCookie(c, SESSION_COOKIE), c.get('hostOrigin'))
    const user = s && (await getUser(deps.store, s.userId))
    if (!user) throw new WalletError(401, 'not_signed_in', 'Not signed in')
    return user
  }
  const clientIp = (c: Context) => apiClientIp(c, config.trustProxy)
  const asker = (c: Context<{ Variables: { hostOrigin: string } }>) => {
    const projectId = c.req.header('x-foyer-project')
    if (projectId !== undefined && !PROJECT_ID.test(projectId))
      throw new WalletError(400, 'invalid_params', 'x-foyer-project must be a project id of 32 hex digits')
    return { projectId: projectId?.toLowerCase(), hostOrigin: c.get('hostOrigin') }
  }
  const sendCode = (to: string, code: string, why: string) =>
    deps.mailer.send({
      to,
      subject: `${code} is your Foyer wallet code`,
      text: `${why}\n\nYour code: ${code}\n\nIt expires in ${Math.round(config.codes.ttlSeconds / 60)} minutes. If you did not ask for it, ignore this message.`,
    })
  const network = (v: unknown): string => {
    const id = str(v, 'caipNetworkId')
    deps.wallet.checkNetwork(id)
    return id
  }
  const defaultNetwork = () => config.chains[0]?.caipNetworkId ?? config.solana[0]?.caipNetworkId ?? 'eip155:1'

  api.post('/email/start', async (c) => {
    const email = normalizeEmail((await body(c)).email)
    await deps.codes.issue({
      email,
      purpose: 'login',
      ip: clientIp(c),
      deliver: (code) => sendCode(email, code, 'Use this code to log in to your wallet.'),
    })
    return c.json({ action: 'VERIFY_OTP', resendAfterSeconds: config.codes.resendSeconds })
  })
  // Every login ends here: the user behind the identity, on the network the page asked for, in a partitioned session.
  const signIn = async (
    c: Context<{ Variables: { hostOrigin: string } }>,
    identity: Identity,
    b: Record<string, unknown>,
  ) => {
    const caipNetworkId = b.caipNetworkId === undefined ? defaultNetwork() : network(b.caipNetworkId)
    const siwx = loginSiwxFields(b.siwxMessage, c.get('hostOrigin'), caipNetworkId)
    const user = await loginIdentity(deps.store, deps.sealer, identity)
    await deps.wallet.adoptDefault(user, caipNetworkId, type(b.accountType))
    const token = await deps.sessions.open(user.id, c.get('hostOrigin'))
    setCookie(c, SESSION_COOKIE, token, {
      httpOnly: true,
      secure: true,
      sameSite: 'None',
      partitioned: true,
      path: '/',
      maxAge: config.sessionDays * 86_400,
    })
    const view = await deps.wallet.view(user, caipNetworkId, type(b.accountType))
    const signed = await signLoginSiwx(deps.wallet, user, view, siwx)
    return c.json(signed ? { ...view, siwx: signed } : view)
  }
  api.post('/email/verify', async (c) => {
    const b = await body(c)
    const email = normalizeEmail(b.email)
    // bad input is refused before the code is spent
    const caipNetworkId = b.caipNetworkId === undefined ? defaultNetwork() : network(b.caipNetworkId)
    loginSiwxFields(b.siwxMessage, c.get('hostOrigin'), caipNetworkId)
    await deps.codes.verify({ email, purpose: 'login', code: str(b.otp, 'otp'), ip: clientIp(c) })
    return signIn(c, { provider: 'email', subject: email }, b)
  })
  api.post('/user', async (c) => {
    const b = await body(c)
    const user = await session(c)
    const caipNetworkId = b.caipNetworkId === undefined ? defaultNetwork() : network(b.caipNetworkId)
    return c.json(await deps.wallet.view(user, caipNetworkId, type(b.accountType)))
  })
  api.post('/signout', async (c) => {
    await deps.sessions.close(getCookie(c, SESSION_COOKIE))
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: true, sameSite: 'None', partitioned: true })
    return c.json({})
  })
  api.post('/account-type', async (c) => {
    const b = await body(c)
    const user = await session(c)
    const caipNetworkId = network(b.caipNetworkId)
    const accountType = type(b.accountType)
    if (!accountType) throw new WalletError(400, 'invalid_params', 'accountType must be eoa or smartAccount')
    await deps.wallet.setAccountType(user, caipNetworkId, accountType)
    return c.json(await deps.wallet.view(user, caipNetworkId))
  })
  api.post('/rpc', async (c) => {
    const b = await body(c)
    const user = await session(c)
    const result = await deps.wallet.rpc(
      user,
      {
        namespace: str(b.namespace, 'namespace'),
        caipNetworkId: str(b.caipNetworkId, 'caipNetworkId'),
        method: str(b.method, 'method'),
        params: b.params,
      },
      asker(c),
    )
    return c.json({ result: result ?? null })
  })
  // What a transaction request would do, for the approval screen (decoded and simulated; nothing is signed).
  api.post('/preview', async (c) => {
    const b = await body(c)
    const user = await session(c)
    const caipNetworkId = network(b.caipNetworkId)
    const method = str(b.method, 'method')
    if (!PREVIEW_METHODS.includes(method)) throw new WalletError(400, 'invalid_params', `${method} has no preview`)
    const solana = config.solana.find((n) => n.caipNetworkId === caipNetworkId)
    if (solana) {
      if (!user.addresses.solana) throw new WalletError(400, 'invalid_params', 'This wallet has no Solana account')
      return c.json(
        await previewSolana(solana, { caipNetworkId, method, params: b.params, account: user.addresses.solana }),
      )
    }
    const chain = config.chains.find((x) => x.caipNetworkId === caipNetworkId)!
    const { address } = await deps.wallet.view(user, caipNetworkId)
    const [preview, gas] = await Promise.all([
      previewEvm(chain, { caipNetworkId, method, params: b.params, account: address }),
      deps.wallet.gas(user, caipNetworkId, asker(c)),
    ])
    return c.json(gas ? { ...preview, gas } : preview)
  })
  api.post('/email/update', async (c) => {
    const b = await body(c)
    const user = await session(c)
    const next = normalizeEmail(b.email)
    if (!user.email) throw new WalletError(400, 'no_email', 'This wallet has no email address to change')
    if (next === user.email) throw new WalletError(400, 'same_email', 'This is already your email address')
    const ip = clientIp(c)
    await deps.codes.issue({
      email: user.email,
      purpose: 'update-current',
      ip,
      deliver: (code) => sendCode(user.email!, code, `Use this code to confirm moving your wallet to ${next}.`),
    })
    await deps.codes.issue({
      email: next,
      purpose: 'update-new',
      ip,
      deliver: (code) => sendCode(next, code, 'Use this code to confirm this address for your wallet.'),
    })
    return c.json({ action: 'VERIFY_BOTH_OTPS', resendAfterSeconds: config.codes.resendSeconds })
  })
  api.post('/email/update/confirm', async (c) => {
    const b = await body(c)
    const user = await session(c)
    const next = normalizeEmail(b.email)
    if (!user.email) throw new WalletError(400, 'no_email', 'This wallet has no email address to change')
    const ip = clientIp(c)
    await deps.codes.verify({ email: user.email, purpose: 'update-current', code: str(b.currentOtp, 'currentOtp'), ip })
    await deps.codes.verify({ email: next, purpose: 'update-new', code: str(b.newOtp, 'newOtp'), ip })
    await changeEmail(deps.store, user.id, next)
    return c.json({ email: next })
  })
  addLoginRoutes(app, api, {
    get origin() {
      return deps.origin
    },
    allowedOrigins: config.allowedOrigins,
    social: deps.social,
    channels: deps.channels,
    farcaster: deps.farcaster,
    now: deps.now,
    signIn,
    body,
    limitStart: (c) => takeLoginStart(deps.loginLimits, clientIp(c)),
  })
  addPasskeyRoutes(api, {
    get origin() {
      return deps.origin
    },
    store: deps.store,
    sealer: deps.sealer,
    now: deps.now,
    signIn,
    checkLogin: (c, b) =>
      void loginSiwxFields(
        b.siwxMessage,
        c.get('hostOrigin'),
        b.caipNetworkId === undefined ? defaultNetwork() : network(b.caipNetworkId),
      ),
    session,
    body,
    limit: (c) => takeLoginStart(deps.loginLimits, clientIp(c)),
  })
  app.route('/api', api)

  app.notFound((c) => c.json({ error: 'not_found', message: 'Not found' }, 404))
  app.onError((err, c) => {
    if (err instanceof WalletError) return c.json(err.toBody(), err.status)
    // PostgreSQL refusing the bytes of a value (NUL in text, bad UTF-8) is bad input, as the API answers it.
    const pgCode = (err as { code?: unknown }).code
    if (pgCode === '22021' || pgCode === '22P05')
      return c.json(
        new WalletError(400, 'invalid_text', 'A text value contains characters the database cannot store').toBody(),
        400,
      )
    // never echo internals (they could name a key or a row); log without request bodies
    // The message and path can carry what the visitor sent (an address, a code): the class and frames only.
    logLine('error', 'secure-site', 'request_failed', {
      method: c.req.method,
      route: routePath(c, -1),
      errorClass: errorClassOf(err),
      frames: stackFrames(err),
    })
    return c.json({ error: 'internal_error', message: 'An error occurred' }, 500)
  })
  return app
}
