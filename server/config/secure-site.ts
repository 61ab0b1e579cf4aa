// The embedded wallet's secure site (`secureSite`): one nested setting whose fields, environment variables and
// checks live in server/secure-site/settings.ts; its README rows (mail, the OpenID provider, social and Farcaster
// logins, the local mailbox) are declared here beside it.
import {
  checkSecureSiteSettings,
  defaultSecureSiteSettings,
  secureSiteFromEnv,
  type SecureSiteSettings,
} from '../secure-site/settings.js'
import { setting, type Role } from './setting.js'

/** Secure-site settings. */
export const secureSiteRole = {
  title: 'Embedded wallet',
  intro:
    'The embedded wallet (see [Embedded wallet](#embedded-wallet-secure-site)) reads `secureSite` ' +
    '(server/secure-site/settings.ts):',
  settings: {
    secureSite: setting<SecureSiteSettings>({
      env: [],
      read: (env, base) =>
        secureSiteFromEnv(env, (base.secureSite as SecureSiteSettings | undefined) ?? defaultSecureSiteSettings()),
      default: defaultSecureSiteSettings,
      check: checkSecureSiteSettings,
      row: { env: '`FOYER_SECURE_PORT`', key: '`secureSite.port`', default: '`8790`', meaning: 'Secure site port' },
    }),
  },
  notes: [
    {
      env: '`FOYER_SECURE_PUBLIC_URL`',
      key: '`secureSite.publicUrl`',
      default: 'see below',
      meaning: 'The origin browsers load it from; it must be another **site** than the pages embedding Foyer',
    },
    {
      env: '`FOYER_SECURE_KEK`',
      key: '`secureSite.kek`',
      meaning: '32-byte key-encryption key, 64 hex digits (`openssl rand -hex 32`); the site is off without it',
    },
    {
      env: '`FOYER_SECURE_KEK_FILE`',
      key: '`secureSite.kekFile`',
      meaning: 'A file holding the KEK, created (mode 600) when missing; relative to the data directory’s parent',
    },
    {
      env: '`FOYER_SECURE_KEK_ID`',
      key: '`secureSite.kekId`',
      default: '`k1`',
      meaning: 'Label stored with every sealed key (for rotation)',
    },
    {
      env: '`FOYER_SMTP_HOST`, `_PORT`, `_USER`, `_PASS`, `_SECURE`, `_FROM`',
      key: '`secureSite.smtp`',
      default: 'the local mailbox',
      meaning: 'Where one-time codes are mailed (port 587 with STARTTLS by default)',
    },
    {
      env: '`FOYER_BUNDLER_KEY`',
      key: '`secureSite.bundlerKey`',
      default: 'local: a funded fixed key',
      meaning: 'The account that submits ERC-4337 user operations (`handleOps`) and is paid back by them',
    },
    {
      key: '`secureSite.codes`',
      default: 'SPEC §9',
      meaning:
        '`ttlSeconds` 600, `maxAttempts` 5, `resendSeconds` 30 and the budgets in [Email codes](#email-code-limits)',
    },
    {
      key: '`secureSite.logins`',
      default: '60 per 600 s',
      meaning:
        'Social starts and Farcaster channels per client address: `maxPerIp` 60 per `windowSeconds` 600 (each writes a row)',
    },
    {
      env: '`FOYER_MAILBOX_PORT`, `FOYER_MAILBOX_SMTP_PORT`',
      key: '`secureSite.mailbox`',
      default: 'off',
      meaning: 'The local mail catcher’s page and SMTP ports (`npm start`: 8791 and 2525)',
    },
    {
      env: '`FOYER_SOCIAL_<P>_CLIENT_ID`, `_CLIENT_SECRET`, `_ISSUER`',
      key: '`secureSite.social.<p>`',
      default: 'the local OpenID provider',
      meaning:
        'OAuth client of provider `<P>` (GOOGLE, GITHUB, APPLE, FACEBOOK, X, DISCORD); `_ISSUER` plays it with any OpenID issuer',
    },
    {
      env: '`FOYER_OIDC_PORT`',
      key: '`secureSite.oidc`',
      default: 'off',
      meaning:
        'The local OpenID provider that plays every social provider (`npm start`: 8796); used when no `social` is set',
    },
    {
      env: '`FOYER_FARCASTER_OPTIMISM_RPC`, `FOYER_FARCASTER_ID_REGISTRY`',
      key: '`secureSite.farcaster`',
      default: 'unset (see below)',
      meaning: 'OP Mainnet RPC and IdRegistry (default `0x00000000Fc6c…489b`) to check that the signer owns the FID',
    },
    {
      env: '`FOYER_FARCASTER_APP_URL`',
      key: '`secureSite.farcaster`',
      default: '`https://farcaster.xyz/~/siwf`',
      meaning: 'The sign-in link shown as a QR code (channel token, nonce, domain and URI added)',
    },
  ],
} satisfies Role<unknown>
