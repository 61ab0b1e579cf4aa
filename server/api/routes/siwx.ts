// Sign in with X (SPEC §3, §4): single-use expiring nonces, sessions the server verifies for real (EVM through viem
// with a client on the chain, Solana ed25519, Bitcoin BIP-322/BIP-137) and answers with a JWT whose public keys are
// at /.well-known/jwks.json; a token lists and revokes its account's sessions, and confirms an email for its account
// with a mailed code (email capture).
import { randomBytes, randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { dateTimeMs, parseSiwxMessage, SiwxMessageError, type SiwxMessageData } from '../../../protocol/siwx/message.js'
import { verifySiwx } from '../../../protocol/siwx/verify/index.js'
import { consumeNonce, findSession, insertSession, issueNonce, listSessions, revokeSession } from '../../siwx/store.js'
import { createCodes, normalizeEmail, type Codes } from '../../secure-site/codes.js'
import { WalletError } from '../../secure-site/errors.js'
import { accountEmail, saveAccountEmail } from '../../siwx/email.js'
import { loadTokenKeys, type TokenKeys } from '../../siwx/tokens.js'
import { chainClients } from '../chain-clients.js'
import type { ApiDeps } from '../deps.js'
import { ApiError, invalidField, notFound } from '../errors.js'
import { resolveAllowedOrigins } from '../features.js'
import { clientIp } from '../operate.js'
import { originAllowed } from '../origins.js'
import { baseUrl, checkProjectId, clip, readJson, rejectNul } from '../params.js'

const Alphanumeric = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A fresh nonce: 20 random letters and digits (≈119 bits). */
export function newNonce(): string {
  return Array.from(randomBytes(20), (b) => Alphanumeric[b % 62]).join('')
}

const refused = (reason: string, field = 'signature') =>
  new ApiError(401, 'siwx_refused', `The sign-in was refused: ${reason}`, [{ field, description: reason }])
const unauthorized = (reason: string) =>
  new ApiError(401, 'invalid_token', `The session token is not valid: ${reason}`, [
    { field: 'Authorization', description: reason },
  ])

/** The public view of a stored session. */
const view = (s: Awaited<ReturnType<typeof findSession>> & object) => ({
  id: s.id,
  chainId: s.chainId,
  address: s.address,
  domain: s.domain,
  createdAt: s.createdAt,
  expiresAt: s.expiresAt,
  data: s.data,
  message: s.message,
  signature: s.signature,
})

/** The SIWX routes; see openapi/siwx.ts. */
export function siwxRoutes(deps: ApiDeps): Hono {
  const app = new Hono()
  const { config, store } = deps
  let keys: Promise<TokenKeys> | undefined
  const tokenKeys = () =>
    (keys ??= loadTokenKeys(store, config.siwxSigningKey).catch((e) => {
      keys = undefined
      throw e
    }))
  const clients = chainClients()
  const evmClient = (chainId: string) => {
    const chain = config.chains.find((c) => c.caipNetworkId === chainId)
    return chain ? clients(chain) : undefined
  }
  const issuer = (c: Context) => baseUrl(c, deps)

  // The token of `Authorization: Bearer …`, checked against the keys and the store (revocation, expiry).
  const authorize = async (c: Context) => {
    const header = c.req.header('authorization') ?? ''
    const token = /^Bearer (\S+)$/i.exec(header)?.[1]
    if (!token) throw unauthorized('send "Authorization: Bearer <token>"')
    const claims = await (await tokenKeys()).verify(token).catch((e: Error) => {
      throw unauthorized(e.message)
    })
    const session = claims.jti ? await findSession(store, claims.jti) : undefined
    if (!session || session.revokedAt) throw unauthorized('the session was revoked')
    if (Date.parse(session.expiresAt) <= Date.now()) throw unauthorized('the session expired')
    return session
  }

  app.get('/.well-known/jwks.json', async (c) => {
    c.header('Cache-Control', 'public, max-age=300')
    return c.json((await tokenKeys()).jwks)
  })

  app.post('/v1/siwx/nonces', async (c) => {
    const projectId = checkProjectId(c.req.query('projectId'))
    const nonce = newNonce()
    const expiresAt = new Date(Date.now() + config.siwxNonceTtlSeconds * 1000)
    await issueNonce(store, nonce, projectId, expiresAt)
    c.header('Cache-Control', 'no-store')
    return c.json({ nonce, expiresAt: expiresAt.toISOString() }, 201)
  })

  app.post('/v1/siwx/sessions', async (c) => {
    const projectId = checkProjectId(c.req.query('projectId'))
    const body = (await readJson(c)) as { data?: unknown; message?: unknown; signature?: unknown }
    if (typeof body?.message !== 'string' || !body.message)
      throw invalidField('invalid_body', 'message', 'the signed message text is required')
    if (typeof body.signature !== 'string' || !body.signature)
      throw invalidField('invalid_body', 'signature', 'the signature is required')
    rejectNul(body.message, 'message')
    let parsed: SiwxMessageData
    try {
      parsed = parseSiwxMessage(body.message)
    } catch (e) {
      if (e instanceof SiwxMessageError) throw invalidField('invalid_message', e.field, e.message)
      throw e
    }
    const data = (body.data && typeof body.data === 'object' ? body.data : parsed) as SiwxMessageData
    // The page asking must be the domain the visitor signed for, and that page must be allowed for the project.
    const origin = c.req.header('origin')
    if (origin !== undefined && safeHost(origin) !== parsed.domain)
      throw refused(`the message was signed for another domain (${clip(parsed.domain)}), not ${clip(origin)}`, 'domain')
    const allowed = resolveAllowedOrigins(config, projectId)
    if (!['https', 'http'].some((s) => originAllowed(`${s}://${parsed.domain}`, allowed)))
      throw refused(`the domain ${clip(parsed.domain)} is not allowed for project ${projectId}`, 'domain')
    const now = Date.now()
    const verdict = await verifySiwx({ data, message: body.message, signature: body.signature }, { now, evmClient })
    if (!verdict.ok) throw refused(verdict.reason)
    if (!(await consumeNonce(store, parsed.nonce, projectId, new Date(now))))
      throw refused('the nonce was not issued by this server, was used already or expired', 'nonce')
    const ttl = now + config.siwxSessionTtlSeconds * 1000
    const expiresAt = new Date(parsed.expirationTime ? Math.min(dateTimeMs(parsed.expirationTime), ttl) : ttl)
    const session = await insertSession(store, {
      id: randomUUID(),
      projectId,
      chainId: parsed.chainId,
      address: parsed.accountAddress,
      domain: parsed.domain,
      message: body.message,
      signature: body.signature,
      data: { ...parsed },
      expiresAt: expiresAt.toISOString(),
    })
    const token = await (
      await tokenKeys()
    ).sign({
      sessionId: session.id,
      projectId,
      issuer: issuer(c),
      chainId: session.chainId,
      address: session.address,
      domain: session.domain,
      expiresAt,
    })
    return c.json({ token, session: view(session) }, 201)
  })

  app.get('/v1/siwx/sessions/current', async (c) => {
    const session = await authorize(c)
    return c.json({ session: view(session), email: (await accountEmail(store, session))?.email ?? null })
  })

  // Email capture: the embedded wallet's codes (purpose 'capture'), keyed by a secret derived from the token key.
  let codes: Promise<Codes> | undefined
  const capture = () => {
    const ec = deps.emailCapture
    if (!ec) throw new ApiError(503, 'email_unavailable', 'Email capture needs SMTP: the server has none configured')
    return (codes ??= tokenKeys().then((k) =>
      createCodes(store, ec.budgets, ec.limits, k.derive('foyer-siwx-email-code-mac-v1'), Date.now),
    ))
  }
  const emailOf = (v: unknown) => {
    try {
      return normalizeEmail(v)
    } catch {
      throw invalidField('invalid_email', 'email', 'Enter a valid email address')
    }
  }

  app.post('/v1/siwx/email/codes', async (c) => {
    const session = await authorize(c)
    const body = (await readJson(c)) as { email?: unknown }
    const email = emailOf(body?.email)
    const ec = deps.emailCapture
    const issuing = await capture()
    await walletCall(() =>
      issuing.issue({
        email,
        purpose: 'capture',
        ip: clientIp(c, config.trustProxy),
        deliver: (code) =>
          ec!.mailer.send({
            to: email,
            subject: `${code} is your confirmation code`,
            text: `Use this code to confirm your email for ${session.domain}.\n\nYour code: ${code}\n\nIt expires in ${Math.round(ec!.limits.ttlSeconds / 60)} minutes. If you did not ask for it, ignore this message.`,
          }),
      }),
    )
    c.header('Cache-Control', 'no-store')
    return c.json({ email, resendAfterSeconds: ec!.limits.resendSeconds, expiresInSeconds: ec!.limits.ttlSeconds }, 202)
  })

  app.post('/v1/siwx/email', async (c) => {
    const session = await authorize(c)
    const body = (await readJson(c)) as { email?: unknown; code?: unknown }
    const email = emailOf(body?.email)
    if (typeof body.code !== 'string' || !body.code)
      throw invalidField('invalid_body', 'code', 'the 6-digit code is required')
    const checking = await capture()
    await walletCall(() =>
      checking.verify({
        email,
        purpose: 'capture',
        code: String(body.code).trim(),
        ip: clientIp(c, config.trustProxy),
      }),
    )
    const at = new Date()
    await saveAccountEmail(store, { ...session, email, sessionId: session.id, at })
    return c.json({ email, verifiedAt: at.toISOString() })
  })

  app.get('/v1/siwx/sessions', async (c) => {
    const me = await authorize(c)
    const chainId = c.req.query('chainId') || undefined
    const sessions = await listSessions(store, {
      projectId: me.projectId,
      address: me.address,
      chainId,
      now: new Date(),
    })
    return c.json({ sessions: sessions.map(view) })
  })

  app.delete('/v1/siwx/sessions/:id', async (c) => {
    const me = await authorize(c)
    const target = await findSession(store, c.req.param('id'))
    // Another account's session is indistinguishable from a missing one.
    if (!target || target.projectId !== me.projectId || target.address.toLowerCase() !== me.address.toLowerCase())
      throw notFound('Session')
    await revokeSession(store, target.id, new Date())
    return c.json({ revoked: true })
  })
  return app
}

// The code path's failures (wrong code, expired, too many, rate limited…) answered as the API's errors.
async function walletCall<T>(run: () => T | Promise<T>): Promise<Awaited<T>> {
  try {
    return await run()
  } catch (e) {
    if (e instanceof WalletError) throw new ApiError(e.status, e.code, e.message, [{ description: e.message }])
    throw e
  }
}

function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host
  } catch {
    return undefined
  }
}
