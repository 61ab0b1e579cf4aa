// Sign-in with X (server/siwx/): the key that signs session tokens and how long sessions and nonces last.
import { fail } from './checks.js'
import { atLeast, int, setting, text, type Role } from './setting.js'

/** Sign-in settings. */
export const siwxRole = {
  title: 'Sign-in',
  intro: 'Sign-in with X sessions (server/siwx/, see [Sign in with X](#sign-in-with-x)):',
  settings: {
    siwxSigningKey: setting<string>({
      env: ['FOYER_SIWX_SIGNING_KEY'],
      parse: text,
      // The key itself is never echoed in an error: only that it is malformed.
      check: (v, where) => {
        if (typeof v !== 'string' || !/^\s*(\{|-----BEGIN PRIVATE KEY-----)/.test(v))
          fail(where, 'siwxSigningKey (FOYER_SIWX_SIGNING_KEY)', 'a private JWK (JSON) or a PKCS#8 PEM', '(hidden)')
      },
      row: {
        default: 'generated',
        meaning: 'Private P-256 key (JWK JSON or PKCS#8 PEM) signing session tokens; kept in the store when generated',
      },
    }),
    siwxSessionTtlSeconds: setting<number>({
      env: ['FOYER_SIWX_SESSION_TTL'],
      parse: int,
      default: () => 7 * 24 * 3600,
      check: atLeast('siwxSessionTtlSeconds (FOYER_SIWX_SESSION_TTL)', 60, 'an integer of at least 60 (seconds)'),
      row: {
        default: '`604800` (7 d)',
        meaning: 'Longest life of a sign-in session (a message’s expiration time can shorten it)',
      },
    }),
    siwxNonceTtlSeconds: setting<number>({
      env: ['FOYER_SIWX_NONCE_TTL'],
      parse: int,
      default: () => 300,
      check: atLeast('siwxNonceTtlSeconds (FOYER_SIWX_NONCE_TTL)', 10, 'an integer of at least 10 (seconds)'),
      row: { meaning: 'How long a sign-in nonce can be used (once)' },
    }),
  },
} satisfies Role<unknown>
