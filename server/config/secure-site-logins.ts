// How visitors log in to the secure site (`secureSite`'s other fields, see secure-site.ts): the email codes' limits
// and the local mailbox that catches them, the login-start budget, social providers, Farcaster and the local OpenID
// provider that plays every social provider.
import type { CodeLimits, LoginStartLimits } from '../secure-site/config.js'
import { SOCIAL_PROVIDERS, type SocialClientSettings, type SocialProvider } from '../secure-site/social/providers.js'
import { ConfigError, checkPort, checkUrl, fail, isRecord, parseIntStrict } from './checks.js'
import { setting, type Env } from './setting.js'

const set = (env: Env, n: string) => env[n] !== undefined && env[n] !== ''
const int = (env: Env, n: string) => parseIntStrict(env[n] as string, n)
const FARCASTER_ENV = ['FOYER_FARCASTER_OPTIMISM_RPC', 'FOYER_FARCASTER_ID_REGISTRY', 'FOYER_FARCASTER_APP_URL']
const socialEnv = (p: string) => `FOYER_SOCIAL_${p.toUpperCase()}`

/** `secureSite`'s login fields, in the order they are read and checked (after the site's own). */
export const LOGIN_FIELDS = {
  codes: setting<Partial<CodeLimits>>({
    env: [],
    check: (v, where) => {
      if (!isRecord(v)) fail(where, 'secureSite.codes', 'an object', v)
      for (const [k, n] of Object.entries(v))
        if (!Number.isInteger(n) || (n as number) <= 0) fail(where, `secureSite.codes.${k}`, 'a positive integer', n)
    },
    row: {
      default: 'SPEC §9',
      meaning:
        '`ttlSeconds` 600, `maxAttempts` 5, `resendSeconds` 30 and the budgets in [Email codes](#email-code-limits)',
    },
  }),
  logins: setting<Partial<LoginStartLimits>>({
    env: [],
    check: (v, where) => {
      if (!isRecord(v)) fail(where, 'secureSite.logins', 'an object', v)
      for (const [k, n] of Object.entries(v))
        if (!['maxPerIp', 'windowSeconds'].includes(k) || !Number.isInteger(n) || (n as number) <= 0)
          fail(where, `secureSite.logins.${k}`, 'maxPerIp or windowSeconds, a positive integer', n)
    },
    row: {
      default: '60 per 600 s',
      meaning:
        'Social starts and Farcaster channels per client address: `maxPerIp` 60 per `windowSeconds` 600 (each writes a row)',
    },
  }),
  mailbox: setting<{ port: number; smtpPort: number }>({
    env: ['FOYER_MAILBOX_PORT', 'FOYER_MAILBOX_SMTP_PORT'],
    // Either variable makes the mailbox; the other port stays the block's below (0 = any free one when none).
    read: (env, below) => {
      if (!set(env, 'FOYER_MAILBOX_PORT') && !set(env, 'FOYER_MAILBOX_SMTP_PORT')) return undefined
      const base = below.mailbox as { port?: number; smtpPort?: number } | undefined
      return {
        port: set(env, 'FOYER_MAILBOX_PORT') ? int(env, 'FOYER_MAILBOX_PORT') : (base?.port ?? 0),
        smtpPort: set(env, 'FOYER_MAILBOX_SMTP_PORT') ? int(env, 'FOYER_MAILBOX_SMTP_PORT') : (base?.smtpPort ?? 0),
      }
    },
    check: (v, where) => {
      if (!isRecord(v)) fail(where, 'secureSite.mailbox', 'an object { port, smtpPort }', v)
      checkPort(v.port, where, 'secureSite.mailbox.port (FOYER_MAILBOX_PORT)')
      checkPort(v.smtpPort, where, 'secureSite.mailbox.smtpPort (FOYER_MAILBOX_SMTP_PORT)')
    },
    row: {
      default: 'off',
      meaning: 'The local mail catcher’s page and SMTP ports (`npm start`: 8791 and 2525)',
    },
  }),
  social: setting<Partial<Record<SocialProvider, SocialClientSettings>>>({
    env: SOCIAL_PROVIDERS.flatMap((p) => ['CLIENT_ID', 'CLIENT_SECRET', 'ISSUER'].map((k) => `${socialEnv(p)}_${k}`)),
    // A provider with an id or a secret in the environment replaces its block below; the other providers stay.
    read: (env, below) => {
      let out = below.social as Partial<Record<SocialProvider, SocialClientSettings>> | undefined
      for (const p of SOCIAL_PROVIDERS) {
        const v = (k: string) => env[`${socialEnv(p)}_${k}`] || undefined
        if (v('CLIENT_ID') || v('CLIENT_SECRET'))
          out = {
            ...out,
            [p]: { clientId: v('CLIENT_ID') ?? '', clientSecret: v('CLIENT_SECRET') ?? '', issuer: v('ISSUER') },
          }
      }
      return out
    },
    check: (v, where) => {
      if (!isRecord(v)) fail(where, 'secureSite.social', 'an object of providers', v)
      for (const [p, c] of Object.entries(v)) {
        const env = socialEnv(p)
        if (!(SOCIAL_PROVIDERS as readonly string[]).includes(p))
          fail(where, `secureSite.social.${p}`, `one of ${SOCIAL_PROVIDERS.join(', ')}`, p)
        if (
          !isRecord(c) ||
          typeof c.clientId !== 'string' ||
          !c.clientId ||
          typeof c.clientSecret !== 'string' ||
          !c.clientSecret
        )
          throw new ConfigError(
            `${where}secureSite.social.${p} needs clientId and clientSecret (${env}_CLIENT_ID, ${env}_CLIENT_SECRET)`,
          )
        if (c.issuer !== undefined)
          checkUrl(c.issuer, where, `secureSite.social.${p}.issuer (${env}_ISSUER)`, ['http:', 'https:'])
      }
    },
    row: {
      env: '`FOYER_SOCIAL_<P>_CLIENT_ID`, `_CLIENT_SECRET`, `_ISSUER`',
      key: '`secureSite.social.<p>`',
      default: 'the local OpenID provider',
      meaning: `OAuth client of provider \`<P>\` (${SOCIAL_PROVIDERS.map((p) => p.toUpperCase()).join(', ')}); \`_ISSUER\` plays it with any OpenID issuer`,
    },
  }),
  farcaster: setting<{ optimismRpcUrl?: string; idRegistry?: string; appUrl?: string }>({
    env: FARCASTER_ENV,
    // Any of the three replaces the block below whole.
    read: (env) => {
      if (!FARCASTER_ENV.some((n) => set(env, n))) return undefined
      return {
        optimismRpcUrl: env.FOYER_FARCASTER_OPTIMISM_RPC || undefined,
        idRegistry: env.FOYER_FARCASTER_ID_REGISTRY || undefined,
        appUrl: env.FOYER_FARCASTER_APP_URL || undefined,
      }
    },
    check: (f, where) => {
      if (!isRecord(f)) fail(where, 'secureSite.farcaster', 'an object', f)
      const web = ['http:', 'https:']
      if (f.optimismRpcUrl !== undefined)
        checkUrl(f.optimismRpcUrl, where, 'secureSite.farcaster.optimismRpcUrl (FOYER_FARCASTER_OPTIMISM_RPC)', web)
      if (f.idRegistry !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(String(f.idRegistry)))
        fail(where, 'secureSite.farcaster.idRegistry (FOYER_FARCASTER_ID_REGISTRY)', 'a 0x address', f.idRegistry)
      if (f.appUrl !== undefined)
        checkUrl(f.appUrl, where, 'secureSite.farcaster.appUrl (FOYER_FARCASTER_APP_URL)', web)
    },
    row: {
      env: '`FOYER_FARCASTER_OPTIMISM_RPC`, `_ID_REGISTRY`, `_APP_URL`',
      default: 'unset; link `https://farcaster.xyz/~/siwf`',
      meaning:
        'OP Mainnet RPC and IdRegistry (default `0x00000000Fc6c…489b`) that check the signer owns the FID; the sign-in link shown as a QR code',
    },
  }),
  oidc: setting<{ port: number }>({
    env: ['FOYER_OIDC_PORT'],
    read: (env) => (set(env, 'FOYER_OIDC_PORT') ? { port: int(env, 'FOYER_OIDC_PORT') } : undefined),
    check: (v, where) => {
      if (!isRecord(v)) fail(where, 'secureSite.oidc', 'an object { port }', v)
      checkPort(v.port, where, 'secureSite.oidc.port (FOYER_OIDC_PORT)')
    },
    row: {
      default: 'off',
      meaning:
        'The local OpenID provider that plays every social provider (`npm start`: 8796); used when no `social` is set',
    },
  }),
}
