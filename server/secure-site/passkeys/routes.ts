// The secure site's passkey routes (issue 36). The secure site is the WebAuthn relying party: its hostname is the rpID
// and its origin the only origin a ceremony may come from, so the frame runs the ceremony in that origin. Every
// challenge is single use, expires quickly, and is bound to the frame session that asked for it (a secret in that
// frame's partitioned HttpOnly cookie) and to its host page; the top-level page the browser reports must be that host.
import { createHash, randomBytes } from 'node:crypto'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers'
import type { Context, Hono } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'
import type { Store } from '../../store/store.js'
import { WalletError } from '../errors.js'
import type { Sealer } from '../seal.js'
import { loginIdentity, type Identity, type WalletUser } from '../users.js'
import {
  addPasskey,
  findPasskey,
  listPasskeys,
  removePasskey,
  saveChallenge,
  takeChallenge,
  touchPasskey,
  type IssuedChallenge,
  type PasskeyPurpose,
} from './store.js'

/** The cookie holding the frame session's passkey-ceremony binding secret. */
export const PASSKEY_BINDING_COOKIE = 'foyer_passkey_binding'
/** How long a ceremony's challenge can be redeemed. */
export const PASSKEY_CHALLENGE_MS = 120_000
const RP_NAME = 'Foyer wallet'
const BINDING = /^[A-Za-z0-9_-]{43}$/
const bindingHash = (secret: string | undefined) =>
  secret && BINDING.test(secret) ? createHash('sha256').update(secret).digest('hex') : undefined

type ApiContext = Context<{ Variables: { hostOrigin: string } }>

/** What the routes need from the site. */
export interface PasskeyRouteDeps {
  readonly origin: string
  store: Store
  sealer: Sealer
  now: () => number
  /** Logs `identity` in for the frame's host page: session cookie set, the wallet's view answered. */
  signIn(c: ApiContext, identity: Identity, body: Record<string, unknown>): Promise<Response>
  /** Throws 400 on a login body's bad network or sign-in fields (before a challenge is spent on it). */
  checkLogin(c: ApiContext, body: Record<string, unknown>): void
  /** The signed-in user of the frame session; 401 without one. */
  session(c: ApiContext): Promise<WalletUser>
  body(c: Context): Promise<Record<string, unknown>>
  /** Takes one attempt from the requester's login budget; throws 429 past it. */
  limit(c: Context): Promise<void>
}

const refused = (why: string) => new WalletError(400, 'passkey_refused', `The passkey was refused: ${why}`)
const badChallenge = () =>
  new WalletError(400, 'passkey_challenge', 'This passkey request has expired or was not started here: try again')

/** Adds the passkey calls to `api` (which already checked the frame and its host). */
export function addPasskeyRoutes(api: Hono<{ Variables: { hostOrigin: string } }>, d: PasskeyRouteDeps): void {
  const rpID = () => new URL(d.origin).hostname

  api.post('/passkey/options', async (c) => {
    const { purpose } = await d.body(c)
    if (purpose !== 'create' && purpose !== 'add' && purpose !== 'login')
      throw new WalletError(400, 'invalid_params', 'purpose must be create, add or login')
    const user = purpose === 'add' ? await d.session(c) : undefined
    await d.limit(c)
    let secret = getCookie(c, PASSKEY_BINDING_COOKIE)
    if (!secret || !BINDING.test(secret)) secret = randomBytes(32).toString('base64url')
    setCookie(c, PASSKEY_BINDING_COOKIE, secret, {
      httpOnly: true,
      secure: true,
      sameSite: 'None',
      partitioned: true,
      path: '/api/passkey',
      maxAge: 15 * 60,
    })
    const issued = (challenge: string, userHandle?: string): IssuedChallenge => ({
      purpose: purpose as PasskeyPurpose,
      binding: bindingHash(secret)!,
      hostOrigin: c.get('hostOrigin'),
      ...(user ? { userId: user.id } : {}),
      ...(userHandle ? { userHandle } : {}),
      expiresMs: d.now() + PASSKEY_CHALLENGE_MS,
    })
    if (purpose === 'login') {
      // discoverable credentials: the authenticator offers the site's passkeys, no user is named beforehand
      const options = await generateAuthenticationOptions({ rpID: rpID(), userVerification: 'required' })
      await saveChallenge(d.store, options.challenge, issued(options.challenge), d.now())
      return c.json(options)
    }
    const userHandle = randomBytes(32).toString('base64url')
    const existing = user ? await listPasskeys(d.store, user.id) : []
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: rpID(),
      userID: new Uint8Array(Buffer.from(userHandle, 'base64url')),
      userName: user?.email ?? user?.username ?? `Wallet ${new Date(d.now()).toISOString().slice(0, 10)}`,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.id })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    })
    await saveChallenge(d.store, options.challenge, issued(options.challenge, userHandle), d.now())
    return c.json(options)
  })

  // The challenge the response answers, taken (single use) and checked against this frame session and host page.
  const redeem = async (c: ApiContext, response: unknown, purpose: PasskeyPurpose) => {
    const r = response as { id?: unknown; response?: { clientDataJSON?: unknown } } | undefined
    if (typeof r?.id !== 'string' || r.id.length > 1024 || typeof r.response?.clientDataJSON !== 'string')
      throw new WalletError(400, 'invalid_params', 'response must be a WebAuthn credential response')
    let client: ReturnType<typeof decodeClientDataJSON>
    try {
      client = decodeClientDataJSON(r.response.clientDataJSON)
    } catch {
      throw new WalletError(400, 'invalid_params', 'response.clientDataJSON is not valid client data')
    }
    if (typeof client.challenge !== 'string' || client.challenge.length > 512) throw badChallenge()
    const issued = await takeChallenge(d.store, client.challenge)
    const binding = bindingHash(getCookie(c, PASSKEY_BINDING_COOKIE))
    if (
      !issued ||
      issued.purpose !== purpose ||
      issued.expiresMs <= d.now() ||
      issued.binding !== binding ||
      issued.hostOrigin !== c.get('hostOrigin')
    )
      throw badChallenge()
    // Framed by the host page, the browser names the top-level page: it must be the page this session serves.
    if (client.topOrigin !== undefined && client.topOrigin !== issued.hostOrigin)
      throw refused(`it was asked for from ${String(client.topOrigin)}`)
    return { issued, challenge: client.challenge, credentialId: r.id }
  }
  const verifyRegistration = async (c: ApiContext, response: unknown, purpose: 'create' | 'add') => {
    const { issued, challenge } = await redeem(c, response, purpose)
    const verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: d.origin,
      expectedRPID: rpID(),
      requireUserVerification: true,
    }).catch((err: unknown) => {
      throw refused((err as Error).message)
    })
    if (!verified.verified) throw refused('its registration did not verify')
    const { credential } = verified.registrationInfo
    return { issued, credential }
  }

  api.post('/passkey/create', async (c) => {
    const b = await d.body(c)
    d.checkLogin(c, b)
    await d.limit(c)
    const { issued, credential } = await verifyRegistration(c, b.response, 'create')
    if (await findPasskey(d.store, credential.id))
      throw new WalletError(409, 'passkey_taken', 'This passkey is already registered to a wallet')
    const identity: Identity = { provider: 'passkey', subject: credential.id }
    // a new user with fresh keys (sealed as every login's), then the credential that logs in to it
    const user = await loginIdentity(d.store, d.sealer, identity)
    await addPasskey(
      d.store,
      { ...credential, userId: user.id, transports: credential.transports ?? [], userHandle: issued.userHandle! },
      d.now(),
    )
    return d.signIn(c, identity, b)
  })

  api.post('/passkey/add', async (c) => {
    const b = await d.body(c)
    const user = await d.session(c)
    await d.limit(c)
    const { issued, credential } = await verifyRegistration(c, b.response, 'add')
    if (issued.userId !== user.id) throw badChallenge()
    await addPasskey(
      d.store,
      { ...credential, userId: user.id, transports: credential.transports ?? [], userHandle: issued.userHandle! },
      d.now(),
    )
    return c.json({ passkeys: await listPasskeys(d.store, user.id) })
  })

  api.post('/passkey/login', async (c) => {
    const b = await d.body(c)
    d.checkLogin(c, b)
    await d.limit(c)
    const { issued, challenge, credentialId } = await redeem(c, b.response, 'login')
    const stored = await findPasskey(d.store, credentialId)
    if (!stored) throw new WalletError(400, 'passkey_unknown', 'This passkey is not registered to any wallet here')
    const verified = await verifyAuthenticationResponse({
      response: b.response as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: d.origin,
      expectedRPID: rpID(),
      expectedTopOrigin: issued.hostOrigin,
      credential: { ...stored, publicKey: new Uint8Array(stored.publicKey) },
      requireUserVerification: true,
    }).catch((err: unknown) => {
      throw refused((err as Error).message)
    })
    if (!verified.verified) throw refused('its signature did not verify')
    await touchPasskey(d.store, stored.id, verified.authenticationInfo.newCounter, d.now())
    return d.signIn(c, { provider: 'passkey', subject: stored.id }, b)
  })

  api.post('/passkey/list', async (c) => {
    const user = await d.session(c)
    return c.json({ passkeys: await listPasskeys(d.store, user.id) })
  })

  api.post('/passkey/remove', async (c) => {
    const b = await d.body(c)
    const user = await d.session(c)
    if (typeof b.id !== 'string' || b.id.length === 0 || b.id.length > 1024)
      throw new WalletError(400, 'invalid_params', 'id is required')
    await removePasskey(d.store, user.id, b.id)
    return c.json({ passkeys: await listPasskeys(d.store, user.id) })
  })
}
