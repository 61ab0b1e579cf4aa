// The embedded wallet's secure site (`secureSite`): one nested setting whose fields are declared here (its port and
// origin, the key-encryption key, the bundler key, SMTP) and in secure-site-logins.ts (email codes, login budgets, the
// local mailbox, social and Farcaster logins, the local OpenID provider), each with its variables, check and README row.
import { parseKek } from '../secure-site/seal.js'
import { ConfigError, checkPort, checkUrl, fail, isRecord, parseIntStrict } from './checks.js'
import { nested } from './nested.js'
import { LOGIN_FIELDS } from './secure-site-logins.js'
import { int, setting, text, type ConfigOf, type Role } from './setting.js'

/** SMTP the secure site sends codes through (host, port and user from configuration). */
export interface SmtpSettings {
  host: string
  port: number
  user?: string
  pass?: string
  secure?: boolean
  from?: string
}

const set = (v: string | undefined): v is string => v !== undefined && v !== ''

/** The secure site's own fields: where it runs, its keys and its mail. */
const SITE_FIELDS = {
  port: setting<number>({
    env: ['FOYER_SECURE_PORT'],
    parse: int,
    default: () => 8790,
    check: (v, where) => checkPort(v, where, 'secureSite.port (FOYER_SECURE_PORT)'),
    row: { meaning: 'Secure site port' },
  }),
  publicUrl: setting<string>({
    env: ['FOYER_SECURE_PUBLIC_URL'],
    parse: text,
    check: (v, where) => checkUrl(v, where, 'secureSite.publicUrl', ['http:', 'https:']),
    row: {
      default: 'see below',
      meaning: 'The origin browsers load it from; it must be another **site** than the pages embedding Foyer',
    },
  }),
  kek: setting<string>({
    env: ['FOYER_SECURE_KEK'],
    parse: text,
    // The message never repeats the key.
    check: (v, where) => {
      try {
        parseKek(String(v))
      } catch {
        throw new ConfigError(`${where}secureSite.kek (FOYER_SECURE_KEK) must be 32 bytes as 64 hex digits or base64`)
      }
    },
    row: { meaning: '32-byte key-encryption key, 64 hex digits (`openssl rand -hex 32`); the site is off without it' },
  }),
  kekFile: setting<string>({
    env: ['FOYER_SECURE_KEK_FILE'],
    parse: text,
    check: (v, where) => {
      if (typeof v !== 'string' || !v) fail(where, 'secureSite.kekFile', 'a file path', v)
    },
    row: {
      meaning: 'A file holding the KEK, created (mode 600) when missing; relative to the data directory’s parent',
    },
  }),
  kekId: setting<string>({
    env: ['FOYER_SECURE_KEK_ID'],
    parse: text,
    // Never checked: any label is stored as given.
    check: () => {},
    row: { default: '`k1`', meaning: 'Label stored with every sealed key (for rotation)' },
  }),
  bundlerKey: setting<string>({
    env: ['FOYER_BUNDLER_KEY'],
    parse: text,
    // The message never repeats the key.
    check: (v, where) => {
      if (!/^0x[0-9a-fA-F]{64}$/.test(String(v)))
        throw new ConfigError(`${where}secureSite.bundlerKey (FOYER_BUNDLER_KEY) must be a 32-byte 0x-hex private key`)
    },
    row: {
      default: 'local: a funded fixed key',
      meaning: 'The account that submits ERC-4337 user operations (`handleOps`) and is paid back by them',
    },
  }),
  smtp: setting<SmtpSettings>({
    env: [
      'FOYER_SMTP_HOST',
      'FOYER_SMTP_PORT',
      'FOYER_SMTP_USER',
      'FOYER_SMTP_PASS',
      'FOYER_SMTP_SECURE',
      'FOYER_SMTP_FROM',
    ],
    // Only a host makes an SMTP block, and it replaces the one below whole: port 587 unless set, STARTTLS unless
    // FOYER_SMTP_SECURE is exactly "true".
    read: (env) => {
      if (!set(env.FOYER_SMTP_HOST)) return undefined
      return {
        host: env.FOYER_SMTP_HOST,
        port: set(env.FOYER_SMTP_PORT) ? parseIntStrict(env.FOYER_SMTP_PORT, 'FOYER_SMTP_PORT') : 587,
        user: env.FOYER_SMTP_USER || undefined,
        pass: env.FOYER_SMTP_PASS || undefined,
        secure: env.FOYER_SMTP_SECURE === 'true',
        from: env.FOYER_SMTP_FROM || undefined,
      }
    },
    // The message never repeats the password.
    check: (s, where) => {
      if (!isRecord(s) || typeof s.host !== 'string' || !s.host)
        throw new ConfigError(`${where}secureSite.smtp.host (FOYER_SMTP_HOST) must be a host name`)
      checkPort(s.port, where, 'secureSite.smtp.port (FOYER_SMTP_PORT)')
    },
    row: {
      env: '`FOYER_SMTP_HOST`, `_PORT`, `_USER`, `_PASS`, `_SECURE`, `_FROM`',
      default: 'the local mailbox',
      meaning: 'Where one-time codes are mailed (port 587 with STARTTLS by default)',
    },
  }),
}

/** `ServerConfig.secureSite`'s fields, in the order they are read and checked. */
export const SECURE_SITE_FIELDS = { ...SITE_FIELDS, ...LOGIN_FIELDS }

/** `ServerConfig.secureSite`: the port always, every other field when set. */
export type SecureSiteSettings = ConfigOf<typeof SECURE_SITE_FIELDS>

/** The secure site's setting, its fields declared above and in secure-site-logins.ts. */
export const secureSiteSetting = nested('secureSite', SECURE_SITE_FIELDS, 'The embedded wallet’s secure site')

/** Secure-site settings: one table row per field of `secureSite`. */
export const secureSiteRole = {
  title: 'Embedded wallet',
  intro:
    'The embedded wallet (see [Embedded wallet](#embedded-wallet-secure-site)) reads `secureSite` ' +
    '(server/config/secure-site.ts and secure-site-logins.ts):',
  settings: { secureSite: secureSiteSetting },
} satisfies Role<unknown>
