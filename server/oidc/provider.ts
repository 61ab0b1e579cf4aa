// A real OpenID Connect provider (oidc-provider) on loopback that plays the social providers in the demo and the
// tests: one issuer, one confidential client per provider (`google`, `github`, …), PKCE required, and a sign-in page
// where a person types any user name. The same name always gives the same subject, so a returning user is the same
// user. Clients are registered once the relying party knows its redirect URI (the secure site listens after us).
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider'
import type { RunningService } from '../types.js'
import { abortedPage, signInPage } from './pages.js'

/** The providers the local issuer plays (SPEC §9 "Embedded-wallet social providers"). */
export const PLAYED_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const

/** A client of the local issuer: the credentials a relying party configures for one provider. */
export interface LocalClient {
  provider: string
  clientId: string
  clientSecret: string
}

/** A running local OpenID provider. */
export interface RunningOidcProvider extends RunningService {
  /** The issuer (discovery at `<issuer>/.well-known/openid-configuration`). */
  issuer: string
  clients: LocalClient[]
  /** Registers every client with this exact redirect URI (the relying party's callback). */
  allowRedirect(redirectUri: string): Promise<void>
}

const USER = /^[a-z0-9][a-z0-9._-]{0,63}$/

// oidc-provider keeps its models (sessions, codes, grants, clients) through an adapter; this one is a Map per issuer,
// so several issuers in one process (tests) never share entries.
function mapAdapter() {
  const rows = new Map<string, { payload: AdapterPayload; expiresAt?: number }>()
  const live = (key: string) => {
    const row = rows.get(key)
    if (row?.expiresAt && row.expiresAt < Date.now()) rows.delete(key)
    return rows.get(key)?.payload
  }
  return class MapAdapter implements Adapter {
    constructor(readonly model: string) {}
    key = (id: string) => `${this.model}:${id}`
    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      rows.set(this.key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : undefined })
      if (payload.uid) rows.set(`uid:${payload.uid}`, { payload: { id } as AdapterPayload })
    }
    async find(id: string) {
      return live(this.key(id))
    }
    async findByUid(uid: string) {
      const id = (live(`uid:${uid}`) as { id?: string } | undefined)?.id
      return id ? live(this.key(id)) : undefined
    }
    async findByUserCode() {
      return undefined
    }
    async consume(id: string) {
      const p = live(this.key(id))
      if (p) p.consumed = Math.floor(Date.now() / 1000)
    }
    async destroy(id: string) {
      rows.delete(this.key(id))
    }
    async revokeByGrantId(grantId: string) {
      for (const [k, v] of rows) if (v.payload.grantId === grantId) rows.delete(k)
    }
  }
}

const readForm = async (req: IncomingMessage): Promise<URLSearchParams> => {
  let body = ''
  for await (const chunk of req) {
    body += chunk
    if (body.length > 4096) break
  }
  return new URLSearchParams(body)
}

/** Starts the issuer on `host:port` (0 = a free port). */
export async function startOidcProvider(opts: { host?: string; port?: number } = {}): Promise<RunningOidcProvider> {
  const host = opts.host ?? '127.0.0.1'
  const server = createServer()
  await new Promise<void>((ok, fail) => {
    server.once('error', fail)
    server.listen(opts.port ?? 0, host, ok)
  })
  const issuer = `http://${host}:${(server.address() as AddressInfo).port}`
  const clients: LocalClient[] = PLAYED_PROVIDERS.map((provider) => ({
    provider,
    clientId: provider,
    clientSecret: randomBytes(24).toString('base64url'),
  }))
  const Adapter = mapAdapter()
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })
  const oidc = new Provider(issuer, {
    adapter: Adapter,
    jwks: { keys: [{ ...signingKey, use: 'sig', alg: 'RS256', kid: randomBytes(8).toString('hex') }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { methods: ['S256'], required: () => true },
    features: { devInteractions: { enabled: false } },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'], email: ['email', 'email_verified'] },
    // the claims go into the ID token too, so a relying party needs no userinfo call
    conformIdTokenClaims: false,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({
        sub,
        name: sub,
        preferred_username: sub,
        email: `${sub}@users.oidc.local`,
        email_verified: true,
      }),
    }),
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 120, AccessToken: 600, IdToken: 600 },
    renderError: (ctx, out) => {
      ctx.type = 'html'
      ctx.body = abortedPage(`${out.error}: ${out.error_description ?? ''}`)
    },
  })

  const interaction = async (req: IncomingMessage, res: ServerResponse, path: string) => {
    const [uid, action] = path.split('/').slice(2)
    const details = await oidc.interactionDetails(req, res)
    if (details.uid !== uid) throw new Error('interaction mismatch')
    const clientId = String(details.params.client_id ?? '')
    if (details.prompt.name === 'consent') {
      // a social provider the person already signed in to: grant what was asked, no second page
      const grant = new oidc.Grant({ accountId: details.session!.accountId, clientId })
      grant.addOIDCScope(String(details.params.scope ?? 'openid'))
      const grantId = await grant.save()
      return oidc.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true })
    }
    if (req.method === 'POST' && action === 'abort')
      return oidc.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The person cancelled the sign-in' },
        { mergeWithLastSubmission: false },
      )
    if (req.method === 'POST' && action === 'login') {
      const username = ((await readForm(req)).get('username') ?? '').trim().toLowerCase()
      if (USER.test(username))
        return oidc.interactionFinished(
          req,
          res,
          { login: { accountId: username } },
          { mergeWithLastSubmission: false },
        )
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
      return res.end(signInPage({ uid, provider: clientId, error: 'Use letters, digits, dot, dash or underscore.' }))
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    res.end(signInPage({ uid, provider: clientId }))
  }

  const handler = oidc.callback()
  server.on('request', (req, res) => {
    const path = new URL(req.url ?? '/', issuer).pathname
    if (!path.startsWith('/interaction/')) return void handler(req, res)
    interaction(req, res, path).catch((err: unknown) => {
      if (res.headersSent) return res.end()
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
      res.end(abortedPage((err as Error).message))
    })
  })

  return {
    url: issuer,
    issuer,
    port: (server.address() as AddressInfo).port,
    clients,
    async allowRedirect(redirectUri) {
      const adapter = new Adapter('Client')
      for (const c of clients)
        await adapter.upsert(c.clientId, {
          client_id: c.clientId,
          client_secret: c.clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        })
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections()
        server.close(() => ok())
      }),
  }
}
