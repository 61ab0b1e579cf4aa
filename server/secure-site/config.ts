// What a running secure site needs: its own origin, the key-encryption key, SMTP, the one-time-code limits and the
// chains. The service (service.ts) builds it from ServerConfig.secureSite (declared in server/config/secure-site.ts)
// and the running services.
import { isHex, type Hex } from 'viem'
import { ConfigError, DEFAULT_ALLOWED_ORIGINS } from '../config.js'
import type { SmtpConfig } from '../mail/mailer.js'
import type { TrustProxy } from '../net/client-address.js'
import type { WalletChain } from './chains.js'
import type { FarcasterRegistry } from './farcaster/verify.js'
import type { SocialClientSettings, SocialProvider } from './social/providers.js'
import { parseKek } from './seal.js'

/**
 * Limits of the email one-time codes (SPEC §9: resend cooldown 30 s). Requests are counted per requester (the client
 * address, IPv6 by prefix) as well as per address, so a stranger asking for codes to someone's address spends their
 * own budget, not the owner's.
 */
export interface CodeLimits {
  /** How long a code is valid. */
  ttlSeconds: number
  /** Wrong tries before a code is void. */
  maxAttempts: number
  /** Wait between two codes to one address from one requester. */
  resendSeconds: number
  /** Codes to one address per requester per window (the "try again after N seconds" limit). */
  maxPerEmail: number
  /** Codes to one address per window from requesters that never logged in to it (bounds the mail to one inbox). */
  maxPerEmailTotal: number
  /** Codes per requester per window, to any addresses. */
  maxPerIp: number
  /** Code checks for one address per requester per window. */
  maxVerifyPerEmail: number
  /** Code checks per requester per window, for any addresses. */
  maxVerifyPerIp: number
  windowSeconds: number
}

/** How many logins (social starts, Farcaster channels) one client address may start per window: each writes a row. */
export interface LoginStartLimits {
  maxPerIp: number
  windowSeconds: number
}

/** A Solana network the wallet signs for (sending needs an RPC). */
export interface SolanaNetwork {
  caipNetworkId: string
  rpcUrl?: string
}

/** Everything the secure site needs. */
export interface SecureSiteConfig {
  port: number
  host: string
  /** The origin browsers load the site from; it must be another site than the host pages (e.g. localhost vs 127.0.0.1). */
  publicUrl?: string
  /** 32-byte key-encryption key (hex or base64). Never logged. */
  kek: string
  /** Label stored with each sealed key, for rotation. */
  kekId: string
  smtp: SmtpConfig
  /** Page origins allowed to embed the frame (SPEC §5 patterns); others get "unverified domain". */
  allowedOrigins: string[]
  chains: WalletChain[]
  solana: SolanaNetwork[]
  /** Key of the account that submits user operations (handleOps) and is paid back by the accounts. */
  bundlerKey?: Hex
  codes: CodeLimits
  /** Which proxies' X-Forwarded-For to believe for the client address (ServerConfig.trustProxy); default none. */
  trustProxy: TrustProxy
  /** Social starts and Farcaster channels per client address. */
  logins: LoginStartLimits
  /** Session lifetime. */
  sessionDays: number
  /** Social providers with the operator's client credentials (the others are not offered). */
  social: Partial<Record<SocialProvider, SocialClientSettings>>
  /** Farcaster: the sign-in link the app opens, and where FID ownership is checked (see farcaster/verify.ts). */
  farcaster: { appUrl: string; registry?: FarcasterRegistry }
}

/** The Farcaster app's sign-in link (its channel token and nonce are added as query parameters). */
export const FARCASTER_APP_URL = 'https://farcaster.xyz/~/siwf'

/** SPEC §9 and common-sense code limits. */
export const DEFAULT_CODE_LIMITS: CodeLimits = {
  ttlSeconds: 600,
  maxAttempts: 5,
  resendSeconds: 30,
  maxPerEmail: 5,
  maxPerEmailTotal: 20,
  maxPerIp: 30,
  maxVerifyPerEmail: 20,
  maxVerifyPerIp: 60,
  windowSeconds: 3600,
}

/** Default login-start budget: a person signs in a few times; a loop writing rows is stopped within a minute. */
export const DEFAULT_LOGIN_STARTS: LoginStartLimits = { maxPerIp: 60, windowSeconds: 600 }

/** Fills defaults into `partial` and checks it; `kek` and `smtp` have no default. */
export function resolveSecureSiteConfig(
  given: Partial<Omit<SecureSiteConfig, 'codes' | 'farcaster' | 'logins'>> &
    Pick<SecureSiteConfig, 'kek' | 'smtp'> & {
      codes?: Partial<CodeLimits>
      logins?: Partial<LoginStartLimits>
      farcaster?: Partial<SecureSiteConfig['farcaster']>
    },
): SecureSiteConfig {
  const partial = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as typeof given
  const config: SecureSiteConfig = {
    port: 8790,
    host: '127.0.0.1',
    kekId: 'k1',
    allowedOrigins: [...DEFAULT_ALLOWED_ORIGINS],
    chains: [],
    solana: [],
    sessionDays: 30,
    social: {},
    trustProxy: false,
    ...partial,
    farcaster: { appUrl: FARCASTER_APP_URL, ...partial.farcaster },
    codes: { ...DEFAULT_CODE_LIMITS, ...partial.codes },
    logins: { ...DEFAULT_LOGIN_STARTS, ...partial.logins },
  }
  try {
    parseKek(config.kek)
  } catch (err) {
    throw new ConfigError((err as Error).message)
  }
  if (!config.smtp.host || !Number.isInteger(config.smtp.port) || !config.smtp.from)
    throw new ConfigError('FOYER_SMTP_HOST, FOYER_SMTP_PORT and FOYER_SMTP_FROM must be set')
  if (config.bundlerKey !== undefined && !(isHex(config.bundlerKey) && config.bundlerKey.length === 66))
    throw new ConfigError('FOYER_BUNDLER_KEY must be a 32-byte 0x-hex private key')
  for (const [k, v] of Object.entries(config.codes))
    if (!Number.isInteger(v) || v <= 0) throw new ConfigError(`codes.${k} must be a positive integer, got ${String(v)}`)
  for (const [k, v] of Object.entries(config.logins))
    if (!Number.isInteger(v) || v <= 0)
      throw new ConfigError(`logins.${k} must be a positive integer, got ${String(v)}`)
  return config
}
