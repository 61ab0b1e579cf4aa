// Sign in with X (SPEC §3, §4): single-use expiring nonces, sessions the server verifies for real (EVM through viem
// with a client on the chain, Solana ed25519, Bitcoin BIP-322/BIP-137) and answers with a JWT whose public keys are
// at /.well-known/jwks.json; a token lists and revokes its account's sessions.
import { randomBytes, randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import { parseSiwxMessage, SiwxMessageError, type SiwxMessageData } from '../../../plugins/siwx/message.js'
import { verifySiwx } from '../../../plugins/siwx/verify/index.js'
import { consumeNonce, findSession, insertSession, issueNonce, listSessions, revokeSession } from '../../siwx/store.js'
import { loadTokenKeys, type TokenKeys } from '../../siwx/tokens.js'
import { chainClients } from '../chain-clients.js'
import type { ApiDeps } from '../deps.js'
import { ApiError, invalidField, notFound } from '../errors.js'
import { resolveAllowedOrigins } from '../features.js'
import { originAllowed } from '../origins.js'
import { checkProjectId, clip, readJson, rejectNul } from '../params.js'

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
  const issuer = (c: Context) => config.publicUrl?.replace(/\/$/, '') ?? new URL(c.req.url).origin

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
    const expiresAt = new Date(parsed.expirationTime ? Math.min(Date.parse(parsed.expirationTime), ttl) : ttl)
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

  app.get('/v1/siwx/sessions/current', async (c) => c.json({ session: view(await authorize(c)) }))

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

function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host
  } catch {
    return undefined
  }
}
