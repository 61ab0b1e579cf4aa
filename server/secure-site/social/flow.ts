// The social login's redirect dance on the secure site (SPEC §4 "Social login"). The wallet frame starts a login
// (`prepare`): the site picks the `state`, a fresh PKCE verifier and OpenID nonce, and binds the attempt to the frame
// session that asked (the hash of a secret in that frame's HttpOnly cookie). /social/start then sends the visitor to
// the provider; the provider comes back to /social/callback, whose URL is the "result URI" handed to the page that
// frame serves (by message from the popup, or in the address bar after a redirect). That frame then redeems it
// once: state unused and unexpired, same frame session, code exchanged with the PKCE verifier (state and, for OpenID
// providers, nonce and ID token checked by openid-client). A result taken elsewhere (a leaked address bar, a
// script) is worth nothing without the frame's cookie.
import { randomBytes } from 'node:crypto'
import * as client from 'openid-client'
import type { Store } from '../../store/store.js'
import { WalletError } from '../errors.js'
import {
  providerClient,
  SOCIAL_PROVIDERS,
  type ProviderClient,
  type SocialClientSettings,
  type SocialIdentity,
  type SocialProvider,
} from './providers.js'

/** How the result reaches the page: a message from the popup, or the address bar after a full-page redirect. */
export type SocialMode = 'popup' | 'redirect'

/** What the frame asks for when it starts a login. */
export interface SocialStart {
  provider: string
  /** The frame's page origin (checked by the API). */
  hostOrigin: string
  mode: SocialMode
  /** Redirect mode: the page to come back to (on the host origin). */
  returnUrl?: string
  /** sha256 of the frame session's binding secret. */
  binding: string
}

/** Where /social/callback sends its result. */
export interface SocialTarget {
  mode: SocialMode
  hostOrigin: string
  returnUrl?: string
}

/** What a `state` looks like (anything else is refused before the store sees it). */
export const SOCIAL_STATE = /^[A-Za-z0-9_-]{22,128}$/
const TTL_MS = 10 * 60_000

/** The social flows over the store, for the providers configured in `settings`. */
export function createSocialFlows(o: {
  store: Store
  settings: Partial<Record<SocialProvider, SocialClientSettings>>
  /** The site's origin (known once it listens). */
  origin: () => string
  now: () => number
}) {
  const clients = new Map<SocialProvider, Promise<ProviderClient>>()
  const configured = SOCIAL_PROVIDERS.filter((p) => o.settings[p])
  const callbackUrl = () => `${o.origin()}/social/callback`
  const clientFor = (provider: SocialProvider) => {
    let c = clients.get(provider)
    if (!c) {
      c = providerClient(provider, o.settings[provider]!)
      // a provider unreachable now (discovery failed) is tried again on the next login
      c.catch(() => clients.delete(provider))
      clients.set(provider, c)
    }
    return c
  }
  const known = (p: string): p is SocialProvider => (configured as string[]).includes(p)

  return {
    /** Providers with credentials. */
    configured: (): readonly SocialProvider[] => configured,

    /** Records the attempt for the frame session of `binding`; returns its state and the /social/start URL. */
    async prepare(s: SocialStart): Promise<{ state: string; url: string }> {
      if (!known(s.provider)) throw new WalletError(404, 'unknown_provider', `${s.provider} sign-in is not set up here`)
      if (
        s.mode === 'redirect' &&
        (!s.returnUrl || !URL.canParse(s.returnUrl) || new URL(s.returnUrl).origin !== s.hostOrigin)
      )
        throw new WalletError(400, 'invalid_return', 'The return page must be on the page origin')
      const state = randomBytes(32).toString('base64url')
      const t = o.now()
      // every new attempt sweeps the expired ones: the table holds at most one lifetime of (rate-limited) attempts
      await o.store.query('DELETE FROM wallet_social_logins WHERE expires_ms <= $1', [t])
      await o.store.query(
        `INSERT INTO wallet_social_logins (state, provider, host_origin, mode, return_url, code_verifier, nonce, created_ms, expires_ms, binding)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          state,
          s.provider,
          s.hostOrigin,
          s.mode,
          s.mode === 'redirect' ? s.returnUrl : null,
          client.randomPKCECodeVerifier(),
          randomBytes(16).toString('base64url'),
          t,
          t + TTL_MS,
          s.binding,
        ],
      )
      const url = new URL('/social/start', o.origin())
      url.searchParams.set('state', state)
      return { state, url: url.href }
    },

    /** The provider's authorization URL for a prepared `state`; throws when the provider cannot be reached. */
    async authorizationUrl(state: string): Promise<URL> {
      const { rows } = await o.store.query<{ provider: string; code_verifier: string; nonce: string }>(
        'SELECT provider, code_verifier, nonce FROM wallet_social_logins WHERE state = $1 AND expires_ms > $2 AND NOT used',
        [state, o.now()],
      )
      const row = rows[0]
      if (!row) throw new WalletError(400, 'social_expired', 'This sign-in has expired or was already used')
      const provider = row.provider as SocialProvider
      const c = await clientFor(provider).catch((err: unknown) => {
        console.error(`[secure-site] ${provider} is unreachable: ${(err as Error).message}`)
        throw new WalletError(502, 'provider_unreachable', `${provider} cannot be reached`)
      })
      return client.buildAuthorizationUrl(c.config, {
        redirect_uri: callbackUrl(),
        scope: c.scope,
        state,
        code_challenge: await client.calculatePKCECodeChallenge(row.code_verifier),
        code_challenge_method: 'S256',
        ...(c.oidc ? { nonce: row.nonce } : {}),
      })
    },

    /** Where the callback of `state` delivers its result; undefined for an unknown or expired state. */
    async target(state: string): Promise<SocialTarget | undefined> {
      if (!SOCIAL_STATE.test(state)) return undefined
      const { rows } = await o.store.query<{ mode: SocialMode; host_origin: string; return_url: string | null }>(
        'SELECT mode, host_origin, return_url FROM wallet_social_logins WHERE state = $1 AND expires_ms > $2 AND NOT used',
        [state, o.now()],
      )
      const r = rows[0]
      return r && { mode: r.mode, hostOrigin: r.host_origin, ...(r.return_url ? { returnUrl: r.return_url } : {}) }
    },

    /** Redeems a result URI for the frame session of `binding` on `hostOrigin`: once, before it expires. */
    async finish(
      resultUri: string,
      hostOrigin: string,
      binding: string | undefined,
    ): Promise<{ provider: SocialProvider } & SocialIdentity> {
      let url: URL
      try {
        url = new URL(resultUri)
      } catch {
        throw new WalletError(400, 'invalid_result', 'The result URI is not a URL')
      }
      if (`${url.origin}${url.pathname}` !== callbackUrl())
        throw new WalletError(400, 'invalid_result', 'The result URI is not this site’s callback')
      const state = url.searchParams.get('state') ?? ''
      if (!SOCIAL_STATE.test(state)) throw new WalletError(400, 'invalid_result', 'The result URI names no sign-in')
      // only the frame session that started it spends it: anyone else's try leaves it to its owner
      const { rows } = await o.store.query<{ provider: string; code_verifier: string; nonce: string }>(
        `UPDATE wallet_social_logins SET used = true
         WHERE state = $1 AND NOT used AND expires_ms > $2 AND host_origin = $3 AND binding = $4
         RETURNING provider, code_verifier, nonce`,
        [state, o.now(), hostOrigin, binding ?? ''],
      )
      const row = rows[0]
      if (!row) {
        const live = await o.store.query<{ host_origin: string }>(
          'SELECT host_origin FROM wallet_social_logins WHERE state = $1 AND NOT used AND expires_ms > $2',
          [state, o.now()],
        )
        const other = live.rows[0]
        if (!other) throw new WalletError(400, 'social_expired', 'This sign-in has expired or was already used')
        if (other.host_origin !== hostOrigin)
          throw new WalletError(403, 'social_origin', 'This sign-in began on another page')
        throw new WalletError(403, 'social_session', 'This sign-in began in another window')
      }
      const error = url.searchParams.get('error')
      if (error) throw new WalletError(400, 'social_refused', `The provider refused the sign-in (${error})`)
      const provider = row.provider as SocialProvider
      try {
        const c = await clientFor(provider)
        const tokens = await client.authorizationCodeGrant(c.config, url, {
          pkceCodeVerifier: row.code_verifier,
          expectedState: state,
          ...(c.oidc ? { expectedNonce: row.nonce } : { idTokenExpected: false }),
        })
        return { provider, ...(await c.identity(tokens)) }
      } catch (err) {
        console.error(`[secure-site] ${provider} sign-in failed: ${(err as Error).message}`)
        throw new WalletError(502, 'social_failed', `${provider} did not confirm the sign-in`)
      }
    },
  }
}

/** The social flows. */
export type SocialFlows = ReturnType<typeof createSocialFlows>
