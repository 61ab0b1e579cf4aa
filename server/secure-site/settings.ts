// The embedded wallet's settings inside ServerConfig (`secureSite`): the secure site's port and origin, the
// key-encryption key (or a file holding one), SMTP, the bundler key, code limits, and the local mailbox that
// `npm start` runs. Parsed from FOYER_SECURE_* / FOYER_SMTP_* / FOYER_MAILBOX_* here; server/config/secure-site.ts
// declares it as the `secureSite` setting with its README rows (server/config/readme.test.ts checks every variable).
import { ConfigError, checkPort, checkUrl, fail, isRecord, parseIntStrict } from '../config/checks.js'
import type { CodeLimits, LoginStartLimits } from './config.js'
import { parseKek } from './seal.js'
import { SOCIAL_PROVIDERS, type SocialClientSettings, type SocialProvider } from './social/providers.js'

/** SMTP the secure site sends codes through (host, port and user from configuration). */
export interface SmtpSettings {
  host: string
  port: number
  user?: string
  pass?: string
  secure?: boolean
  from?: string
}

/** `ServerConfig.secureSite`. */
export interface SecureSiteSettings {
  /** Port of the secure site (0 = any free one). */
  port: number
  /** The origin browsers load it from; default http://localhost:<port> (another site than pages on 127.0.0.1). */
  publicUrl?: string
  /** The 32-byte key-encryption key (64 hex digits or base64). Never logged. */
  kek?: string
  /** A file holding the KEK, created with a random one when missing (the local stack's choice). */
  kekFile?: string
  /** Label stored next to each sealed key. */
  kekId?: string
  /** The account that submits user operations; on local chains a fixed key is funded when absent. */
  bundlerKey?: string
  /** Outgoing mail; default: the local mailbox when it runs in the same process. */
  smtp?: SmtpSettings
  /** One-time-code limits over the defaults (config/config.ts DEFAULT_CODE_LIMITS). */
  codes?: Partial<CodeLimits>
  /** Social starts and Farcaster channels per client address over the defaults (DEFAULT_LOGIN_STARTS). */
  logins?: Partial<LoginStartLimits>
  /** The local mailbox (SMTP catcher and its page); off when absent. */
  mailbox?: { port: number; smtpPort: number }
  /** Social providers' client credentials; a provider without them is not offered. */
  social?: Partial<Record<SocialProvider, SocialClientSettings>>
  /** Farcaster: an OP Mainnet RPC to check FID ownership in the ID registry, its address, the app's sign-in link. */
  farcaster?: { optimismRpcUrl?: string; idRegistry?: string; appUrl?: string }
  /** The local OpenID provider that plays every social provider (demo, tests); off when absent. */
  oidc?: { port: number }
}

/** The settings when nothing is set: the site on 8790, off until a KEK (or KEK file) is given. */
export const defaultSecureSiteSettings = (): SecureSiteSettings => ({ port: 8790 })

/** Reads FOYER_SECURE_* / FOYER_SMTP_* / FOYER_MAILBOX_* over `base`; undefined when none is set. */
export function secureSiteFromEnv(env: NodeJS.ProcessEnv, base: SecureSiteSettings): SecureSiteSettings | undefined {
  const has = (n: string) => env[n] !== undefined && env[n] !== ''
  const names = Object.keys(env).filter(
    (k) => /^FOYER_(SECURE|SMTP|MAILBOX|BUNDLER|SOCIAL|FARCASTER|OIDC)_/.test(k) && has(k),
  )
  if (names.length === 0) return undefined
  const int = (n: string) => parseIntStrict(env[n] as string, n)
  const out: SecureSiteSettings = { ...base }
  if (has('FOYER_SECURE_PORT')) out.port = int('FOYER_SECURE_PORT')
  if (has('FOYER_SECURE_PUBLIC_URL')) out.publicUrl = env.FOYER_SECURE_PUBLIC_URL
  if (has('FOYER_SECURE_KEK')) out.kek = env.FOYER_SECURE_KEK
  if (has('FOYER_SECURE_KEK_FILE')) out.kekFile = env.FOYER_SECURE_KEK_FILE
  if (has('FOYER_SECURE_KEK_ID')) out.kekId = env.FOYER_SECURE_KEK_ID
  if (has('FOYER_BUNDLER_KEY')) out.bundlerKey = env.FOYER_BUNDLER_KEY
  if (has('FOYER_SMTP_HOST')) {
    out.smtp = {
      host: env.FOYER_SMTP_HOST as string,
      port: has('FOYER_SMTP_PORT') ? int('FOYER_SMTP_PORT') : 587,
      user: env.FOYER_SMTP_USER || undefined,
      pass: env.FOYER_SMTP_PASS || undefined,
      secure: env.FOYER_SMTP_SECURE === 'true',
      from: env.FOYER_SMTP_FROM || undefined,
    }
  }
  if (has('FOYER_MAILBOX_PORT') || has('FOYER_MAILBOX_SMTP_PORT'))
    out.mailbox = {
      port: has('FOYER_MAILBOX_PORT') ? int('FOYER_MAILBOX_PORT') : (base.mailbox?.port ?? 0),
      smtpPort: has('FOYER_MAILBOX_SMTP_PORT') ? int('FOYER_MAILBOX_SMTP_PORT') : (base.mailbox?.smtpPort ?? 0),
    }
  for (const p of SOCIAL_PROVIDERS) {
    const v = (k: string) => env[`FOYER_SOCIAL_${p.toUpperCase()}_${k}`] || undefined
    if (v('CLIENT_ID') || v('CLIENT_SECRET'))
      out.social = {
        ...out.social,
        [p]: { clientId: v('CLIENT_ID') ?? '', clientSecret: v('CLIENT_SECRET') ?? '', issuer: v('ISSUER') },
      }
  }
  if (has('FOYER_FARCASTER_OPTIMISM_RPC') || has('FOYER_FARCASTER_ID_REGISTRY') || has('FOYER_FARCASTER_APP_URL'))
    out.farcaster = {
      optimismRpcUrl: env.FOYER_FARCASTER_OPTIMISM_RPC || undefined,
      idRegistry: env.FOYER_FARCASTER_ID_REGISTRY || undefined,
      appUrl: env.FOYER_FARCASTER_APP_URL || undefined,
    }
  if (has('FOYER_OIDC_PORT')) out.oidc = { port: int('FOYER_OIDC_PORT') }
  return out
}

/** Checks `secureSite`; messages never repeat the KEK, the bundler key or the SMTP password. */
export function checkSecureSiteSettings(v: unknown, where: string): void {
  const field = 'secureSite'
  if (!isRecord(v)) fail(where, field, 'an object', v)
  checkPort(v.port, where, `${field}.port (FOYER_SECURE_PORT)`)
  if (v.publicUrl !== undefined) checkUrl(v.publicUrl, where, `${field}.publicUrl`, ['http:', 'https:'])
  if (v.kek !== undefined) {
    try {
      parseKek(String(v.kek))
    } catch {
      throw new ConfigError(`${where}${field}.kek (FOYER_SECURE_KEK) must be 32 bytes as 64 hex digits or base64`)
    }
  }
  if (v.kekFile !== undefined && (typeof v.kekFile !== 'string' || !v.kekFile))
    fail(where, `${field}.kekFile`, 'a file path', v.kekFile)
  if (v.bundlerKey !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(String(v.bundlerKey)))
    throw new ConfigError(`${where}${field}.bundlerKey (FOYER_BUNDLER_KEY) must be a 32-byte 0x-hex private key`)
  if (v.smtp !== undefined) {
    const s = v.smtp
    if (!isRecord(s) || typeof s.host !== 'string' || !s.host)
      throw new ConfigError(`${where}${field}.smtp.host (FOYER_SMTP_HOST) must be a host name`)
    checkPort(s.port, where, `${field}.smtp.port (FOYER_SMTP_PORT)`)
  }
  if (v.codes !== undefined) {
    if (!isRecord(v.codes)) fail(where, `${field}.codes`, 'an object', v.codes)
    for (const [k, n] of Object.entries(v.codes))
      if (!Number.isInteger(n) || (n as number) <= 0) fail(where, `${field}.codes.${k}`, 'a positive integer', n)
  }
  if (v.logins !== undefined) {
    if (!isRecord(v.logins)) fail(where, `${field}.logins`, 'an object', v.logins)
    for (const [k, n] of Object.entries(v.logins))
      if (!['maxPerIp', 'windowSeconds'].includes(k) || !Number.isInteger(n) || (n as number) <= 0)
        fail(where, `${field}.logins.${k}`, 'maxPerIp or windowSeconds, a positive integer', n)
  }
  if (v.mailbox !== undefined) {
    if (!isRecord(v.mailbox)) fail(where, `${field}.mailbox`, 'an object { port, smtpPort }', v.mailbox)
    checkPort(v.mailbox.port, where, `${field}.mailbox.port (FOYER_MAILBOX_PORT)`)
    checkPort(v.mailbox.smtpPort, where, `${field}.mailbox.smtpPort (FOYER_MAILBOX_SMTP_PORT)`)
  }
  if (v.social !== undefined) {
    if (!isRecord(v.social)) fail(where, `${field}.social`, 'an object of providers', v.social)
    for (const [p, c] of Object.entries(v.social)) {
      const env = `FOYER_SOCIAL_${p.toUpperCase()}`
      if (!(SOCIAL_PROVIDERS as readonly string[]).includes(p))
        fail(where, `${field}.social.${p}`, `one of ${SOCIAL_PROVIDERS.join(', ')}`, p)
      if (
        !isRecord(c) ||
        typeof c.clientId !== 'string' ||
        !c.clientId ||
        typeof c.clientSecret !== 'string' ||
        !c.clientSecret
      )
        throw new ConfigError(
          `${where}${field}.social.${p} needs clientId and clientSecret (${env}_CLIENT_ID, ${env}_CLIENT_SECRET)`,
        )
      if (c.issuer !== undefined)
        checkUrl(c.issuer, where, `${field}.social.${p}.issuer (${env}_ISSUER)`, ['http:', 'https:'])
    }
  }
  if (v.farcaster !== undefined) {
    const f = v.farcaster
    if (!isRecord(f)) fail(where, `${field}.farcaster`, 'an object', f)
    if (f.optimismRpcUrl !== undefined)
      checkUrl(f.optimismRpcUrl, where, `${field}.farcaster.optimismRpcUrl (FOYER_FARCASTER_OPTIMISM_RPC)`, [
        'http:',
        'https:',
      ])
    if (f.idRegistry !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(String(f.idRegistry)))
      fail(where, `${field}.farcaster.idRegistry (FOYER_FARCASTER_ID_REGISTRY)`, 'a 0x address', f.idRegistry)
    if (f.appUrl !== undefined)
      checkUrl(f.appUrl, where, `${field}.farcaster.appUrl (FOYER_FARCASTER_APP_URL)`, ['http:', 'https:'])
  }
  if (v.oidc !== undefined) {
    if (!isRecord(v.oidc)) fail(where, `${field}.oidc`, 'an object { port }', v.oidc)
    checkPort(v.oidc.port, where, `${field}.oidc.port (FOYER_OIDC_PORT)`)
  }
}
