// The secure site's settings: its own origin, the key-encryption key, SMTP, the one-time-code limits and the chains.
// From a JSON file (FOYER_SECURE_CONFIG) and FOYER_SECURE_* / FOYER_SMTP_* variables; a bad value stops the start.
import { readFileSync } from 'node:fs'
import { isHex, type Hex } from 'viem'
import { ConfigError, DEFAULT_ALLOWED_ORIGINS } from '../config.js'
import type { SmtpConfig } from '../mail/mailer.js'
import type { WalletChain } from './chains.js'
import { parseKek } from './seal.js'

/** Limits of the email one-time codes (SPEC §9: resend cooldown 30 s). */
export interface CodeLimits {
  /** How long a code is valid. */
  ttlSeconds: number
  /** Wrong tries before a code is void. */
  maxAttempts: number
  /** Wait between two codes to one address. */
  resendSeconds: number
  /** Codes per address per window, and per client IP per window (the "try again after N seconds" limit). */
  maxPerEmail: number
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
  /** Session lifetime. */
  sessionDays: number
}

/** SPEC §9 and common-sense code limits. */
export const DEFAULT_CODE_LIMITS: CodeLimits = {
  ttlSeconds: 600,
  maxAttempts: 5,
  resendSeconds: 30,
  maxPerEmail: 5,
  maxPerIp: 30,
  windowSeconds: 3600,
}

/** Fills defaults into `partial` and checks it; `kek` and `smtp` have no default. */
export function resolveSecureSiteConfig(
  given: Partial<SecureSiteConfig> & Pick<SecureSiteConfig, 'kek' | 'smtp'>,
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
    ...partial,
    codes: { ...DEFAULT_CODE_LIMITS, ...partial.codes },
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
  return config
}

/** Reads FOYER_SECURE_CONFIG (JSON) and the environment. */
export function loadSecureSiteConfig(env: NodeJS.ProcessEnv = process.env): SecureSiteConfig {
  let file: Partial<SecureSiteConfig> = {}
  if (env.FOYER_SECURE_CONFIG) {
    try {
      file = JSON.parse(readFileSync(env.FOYER_SECURE_CONFIG, 'utf8')) as Partial<SecureSiteConfig>
    } catch (err) {
      throw new ConfigError(`FOYER_SECURE_CONFIG: ${(err as Error).message}`)
    }
  }
  const num = (name: string): number | undefined => {
    const raw = env[name]
    if (raw === undefined) return undefined
    if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a non-negative integer, got "${raw}"`)
    return Number(raw)
  }
  const kek = env.FOYER_SECURE_KEK ?? file.kek
  if (!kek)
    throw new ConfigError('FOYER_SECURE_KEK must be set (32 bytes as 64 hex digits; e.g. `openssl rand -hex 32`)')
  const smtp: SmtpConfig = {
    ...file.smtp,
    host: env.FOYER_SMTP_HOST ?? file.smtp?.host ?? '',
    port: num('FOYER_SMTP_PORT') ?? file.smtp?.port ?? 587,
    user: env.FOYER_SMTP_USER ?? file.smtp?.user,
    pass: env.FOYER_SMTP_PASS ?? file.smtp?.pass,
    secure: env.FOYER_SMTP_SECURE ? env.FOYER_SMTP_SECURE === 'true' : file.smtp?.secure,
    from: env.FOYER_SMTP_FROM ?? file.smtp?.from ?? '',
  }
  return resolveSecureSiteConfig({
    ...file,
    kek,
    smtp,
    port: num('FOYER_SECURE_PORT') ?? file.port,
    host: env.FOYER_SECURE_HOST ?? file.host,
    publicUrl: env.FOYER_SECURE_PUBLIC_URL ?? file.publicUrl,
    kekId: env.FOYER_SECURE_KEK_ID ?? file.kekId,
    bundlerKey: (env.FOYER_BUNDLER_KEY as Hex | undefined) ?? file.bundlerKey,
    allowedOrigins: env.FOYER_ALLOWED_ORIGINS
      ? env.FOYER_ALLOWED_ORIGINS.split(',').map((s) => s.trim())
      : file.allowedOrigins,
  })
}
