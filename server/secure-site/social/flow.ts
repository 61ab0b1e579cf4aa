// The social login's redirect dance on the secure site (SPEC §4 "Social login"). /social/start records the page's
// `state` with a fresh PKCE verifier and OpenID nonce and sends the visitor to the provider; the provider comes back to
// /social/callback, whose URL is the "result URI" handed to the page (by message from the popup, or in the address bar
// after a redirect). The wallet frame then redeems it once: state unused and unexpired, same host page, code exchanged
// with the PKCE verifier (state and, for OpenID providers, nonce and ID token checked by openid-client).
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

/** What /social/start needs. */
export interface SocialStart {
  provider: string
  state: string
  hostOrigin: string
  mode: SocialMode
  /** Redirect mode: the page to come back to (on the host origin). */
  returnUrl?: string
}

/** Where /social/callback sends its result. */
export interface SocialTarget {
  mode: SocialMode
  hostOrigin: string
  returnUrl?: string
}

const STATE = /^[A-Za-z0-9_-]{22,128}$/
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

    /** Records the attempt and returns the provider's authorization URL. */
    async start(s: SocialStart): Promise<URL> {
      if (!known(s.provider)) throw new WalletError(404, 'unknown_provider', `${s.provider} sign-in is not set up here`)
      if (!STATE.test(s.state)) throw new WalletError(400, 'invalid_state', 'state must be 22-128 URL-safe characters')
      if (s.mode === 'redirect' && (!s.returnUrl || new URL(s.returnUrl).origin !== s.hostOrigin))
        throw new WalletError(400, 'invalid_return', 'The return page must be on the page origin')
      const c = await clientFor(s.provider).catch((err: unknown) => {
        console.error(`[secure-site] ${s.provider} is unreachable: ${(err as Error).message}`)
        throw new WalletError(502, 'provider_unreachable', `${s.provider} cannot be reached`)
      })
      const verifier = client.randomPKCECodeVerifier()
      const nonce = randomBytes(16).toString('base64url')
      const t = o.now()
      const inserted = await o.store.query(
        `INSERT INTO wallet_social_logins (state, provider, host_origin, mode, return_url, code_verifier, nonce, created_ms, expires_ms)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (state) DO NOTHING RETURNING state`,
        [s.state, s.provider, s.hostOrigin, s.mode, s.returnUrl ?? null, verifier, nonce, t, t + TTL_MS],
      )
      if (!inserted.rows.length) throw new WalletError(409, 'state_used', 'This state was used before')
      return client.buildAuthorizationUrl(c.config, {
        redirect_uri: callbackUrl(),
        scope: c.scope,
        state: s.state,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        ...(c.oidc ? { nonce } : {}),
      })
    },

    /** Where the callback of `state` delivers its result; undefined for an unknown or expired state. */
    async target(state: string): Promise<SocialTarget | undefined> {
      const { rows } = await o.store.query<{ mode: SocialMode; host_origin: string; return_url: string | null }>(
        'SELECT mode, host_origin, return_url FROM wallet_social_logins WHERE state = $1 AND expires_ms > $2 AND NOT used',
        [state, o.now()],
      )
      const r = rows[0]
      return r && { mode: r.mode, hostOrigin: r.host_origin, ...(r.return_url ? { returnUrl: r.return_url } : {}) }
    },

    /** Redeems a result URI for the page on `hostOrigin`: once, before it expires. */
    async finish(resultUri: string, hostOrigin: string): Promise<{ provider: SocialProvider } & SocialIdentity> {
      let url: URL
      try {
        url = new URL(resultUri)
      } catch {
        throw new WalletError(400, 'invalid_result', 'The result URI is not a URL')
      }
      if (`${url.origin}${url.pathname}` !== callbackUrl())
        throw new WalletError(400, 'invalid_result', 'The result URI is not this site’s callback')
      const { rows } = await o.store.query<{
        provider: string
        host_origin: string
        code_verifier: string
        nonce: string
      }>(
        `UPDATE wallet_social_logins SET used = true WHERE state = $1 AND NOT used AND expires_ms > $2
         RETURNING provider, host_origin, code_verifier, nonce`,
        [url.searchParams.get('state') ?? '', o.now()],
      )
      const row = rows[0]
      if (!row) throw new WalletError(400, 'social_expired', 'This sign-in has expired or was already used')
      if (row.host_origin !== hostOrigin)
        throw new WalletError(403, 'social_origin', 'This sign-in began on another page')
      const error = url.searchParams.get('error')
      if (error) throw new WalletError(400, 'social_refused', `The provider refused the sign-in (${error})`)
      const provider = row.provider as SocialProvider
      try {
        const c = await clientFor(provider)
        const tokens = await client.authorizationCodeGrant(c.config, url, {
          pkceCodeVerifier: row.code_verifier,
          expectedState: url.searchParams.get('state')!,
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
