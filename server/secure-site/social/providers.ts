// The social providers the secure site signs people in with, over OAuth 2.0 / OpenID Connect (openid-client): Google
// and Apple are OpenID providers (discovery, ID token checked: signature, issuer, audience, nonce); GitHub, Discord, X
// and Facebook speak plain OAuth 2.0, so the person's id and name come from each one's profile endpoint. Any provider
// given an `issuer` in its settings is treated as an OpenID provider at that issuer (the local one in the demo).
import * as client from 'openid-client'

/** SPEC §9 "Embedded-wallet social providers". */
export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const

/** One of them. */
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

/** An operator's credentials for one provider (FOYER_SOCIAL_<PROVIDER>_CLIENT_ID / _CLIENT_SECRET / _ISSUER). */
export interface SocialClientSettings {
  clientId: string
  clientSecret: string
  /** An OpenID issuer that plays this provider (discovery); default: the provider's own endpoints. */
  issuer?: string
}

/** Who the provider vouched for. */
export interface SocialIdentity {
  subject: string
  username?: string
}

interface OAuthSpec {
  authorization: string
  token: string
  profile: string
  scope: string
  auth: 'basic' | 'post'
  identity(profile: Record<string, any>): SocialIdentity
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined)
const id = (v: unknown): string => {
  const s = typeof v === 'number' ? String(v) : str(v)
  if (!s) throw new Error('the provider did not name the person')
  return s
}

/** The OpenID providers' issuers, and what each plain OAuth 2.0 provider needs (their public endpoints). */
export const PROVIDER_SPECS: Record<
  SocialProvider,
  { issuer: string; scope: string; auth: 'basic' | 'post' } | OAuthSpec
> = {
  google: { issuer: 'https://accounts.google.com', scope: 'openid email profile', auth: 'basic' },
  // Apple's client secret is a JWT the operator signs with their key (ES256, at most 6 months) and configures as is.
  apple: { issuer: 'https://appleid.apple.com', scope: 'openid', auth: 'post' },
  github: {
    authorization: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    profile: 'https://api.github.com/user',
    scope: 'read:user',
    auth: 'post',
    identity: (p) => ({ subject: id(p.id), username: str(p.login) }),
  },
  discord: {
    authorization: 'https://discord.com/oauth2/authorize',
    token: 'https://discord.com/api/oauth2/token',
    profile: 'https://discord.com/api/users/@me',
    scope: 'identify',
    auth: 'basic',
    identity: (p) => ({ subject: id(p.id), username: str(p.username) }),
  },
  x: {
    authorization: 'https://x.com/i/oauth2/authorize',
    token: 'https://api.x.com/2/oauth2/token',
    profile: 'https://api.x.com/2/users/me',
    scope: 'users.read tweet.read',
    auth: 'basic',
    identity: (p) => ({ subject: id(p.data?.id), username: str(p.data?.username) }),
  },
  facebook: {
    authorization: 'https://www.facebook.com/v21.0/dialog/oauth',
    token: 'https://graph.facebook.com/v21.0/oauth/access_token',
    profile: 'https://graph.facebook.com/me?fields=id,name',
    scope: 'public_profile',
    auth: 'post',
    identity: (p) => ({ subject: id(p.id), username: str(p.name) }),
  },
}

/** The username an OpenID provider's claims give (preferred_username, else name, else email). */
export const claimsIdentity = (claims: Record<string, unknown>): SocialIdentity => ({
  subject: id(claims.sub),
  username: str(claims.preferred_username) ?? str(claims.name) ?? str(claims.email),
})

/** A provider the site can talk to: its openid-client configuration and how to learn who signed in. */
export interface ProviderClient {
  config: client.Configuration
  scope: string
  /** True for OpenID providers (nonce and ID token expected). */
  oidc: boolean
  identity(tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers): Promise<SocialIdentity>
}

/** Builds (discovering when OpenID) the client of `provider` from the operator's settings. */
export async function providerClient(provider: SocialProvider, s: SocialClientSettings): Promise<ProviderClient> {
  const spec = PROVIDER_SPECS[provider]
  const auth = (kind: 'basic' | 'post') =>
    kind === 'basic' ? client.ClientSecretBasic(s.clientSecret) : client.ClientSecretPost(s.clientSecret)
  if (s.issuer || 'issuer' in spec) {
    const issuer = new URL(s.issuer ?? (spec as { issuer: string }).issuer)
    // plain http only for a loopback issuer (the local provider); anything else must be https
    const local = issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname)
    const config = await client.discovery(
      issuer,
      s.clientId,
      undefined,
      auth(s.issuer ? 'basic' : spec.auth),
      local ? { execute: [client.allowInsecureRequests] } : undefined,
    )
    return {
      config,
      scope: s.issuer ? 'openid profile email' : spec.scope,
      oidc: true,
      identity: async (tokens) => claimsIdentity((tokens.claims() ?? {}) as Record<string, unknown>),
    }
  }
  const o = spec as OAuthSpec
  const config = new client.Configuration(
    { issuer: new URL(o.authorization).origin, authorization_endpoint: o.authorization, token_endpoint: o.token },
    s.clientId,
    undefined,
    auth(o.auth),
  )
  return {
    config,
    scope: o.scope,
    oidc: false,
    async identity(tokens) {
      const res = await client.fetchProtectedResource(config, tokens.access_token, new URL(o.profile), 'GET')
      if (!res.ok) throw new Error(`the provider's profile answered HTTP ${res.status}`)
      return o.identity((await res.json()) as Record<string, any>)
    },
  }
}
