// Email one-time codes: 6 digits, sent by mail, valid for a while, void after too many wrong tries; a resend waits
// out the cooldown (SPEC §9: 30 s) and each address and client IP get a limited number per window (SPEC §8 "try
// again after N seconds"). Codes are stored as an HMAC under a key derived from the KEK, never in clear. The cooldown
// and the budgets are counted by the server's one limiter (server/rate-limit), so they hold across processes sharing
// its Redis or PostgreSQL.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { openLimits, type LimitStore, type Limits } from '../rate-limit/limiter.js'
import type { Store } from '../store/store.js'
import type { CodeLimits } from './config.js'
import { WalletError } from './errors.js'

/** What a code is for: logging in, confirming the current / new address of an email change, or email capture. */
export type CodePurpose = 'login' | 'update-current' | 'update-new' | 'capture'

/** The budgets a code takes from: the resend cooldown per (purpose, address), per address, per client IP. */
export type CodeScope = 'resend' | 'email' | 'ip'

/** Issues and checks codes; `now` is the site's clock (epoch ms). */
export interface Codes {
  /** Creates a code for `email` (already normalized) and hands it to `deliver`; throws 429 past a limit. */
  issue(opts: { email: string; purpose: CodePurpose; ip: string; deliver(code: string): Promise<void> }): Promise<void>
  /** Checks a code; consumes it when right, counts a try when wrong. */
  verify(opts: { email: string; purpose: CodePurpose; code: string }): Promise<void>
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/

/** The trimmed, lower-cased address, or a 400 "Enter a valid email address" (at most 254 characters). */
export function normalizeEmail(v: unknown): string {
  const email = typeof v === 'string' ? v.trim().toLowerCase() : ''
  if (email.length > 254 || !EMAIL.test(email))
    throw new WalletError(400, 'invalid_email', 'Enter a valid email address')
  return email
}

/** Opens the code budgets on `store` (memory when it names no Redis or PostgreSQL). */
export function openCodeLimits(limits: CodeLimits, store: LimitStore): Promise<Limits<CodeScope>> {
  return openLimits({
    ...store,
    name: 'email',
    budgets: {
      resend: { points: 1, seconds: limits.resendSeconds },
      email: { points: limits.maxPerEmail, seconds: limits.windowSeconds },
      ip: { points: limits.maxPerIp, seconds: limits.windowSeconds },
    },
    // no store, no count: better a failed login than unlimited mail to anyone's address
    onStoreError: 'throw',
  })
}

/** Codes over the store, limited by `budgets`. */
export function createCodes(
  store: Store,
  budgets: Limits<CodeScope>,
  limits: CodeLimits,
  macKey: Uint8Array,
  now: () => number,
): Codes {
  const mac = (purpose: string, email: string, code: string) =>
    createHmac('sha256', macKey).update(`${purpose}\0${email}\0${code}`).digest('hex')

  return {
    async issue({ email, purpose, ip, deliver }) {
      const t = now()
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      // the cooldown first: of two tabs asking at once only one passes; a refusal gives back what it took
      const taken = [
        ['resend', `${purpose}:${email}`],
        ['email', email],
        ['ip', ip],
      ] as const
      const verdict = await budgets.take(taken)
      if (!verdict.ok)
        throw verdict.scope === 'resend'
          ? new WalletError(
              429,
              'resend_too_soon',
              `Wait ${verdict.retryAfterSeconds} seconds before asking for a new code`,
            )
          : new WalletError(
              429,
              'rate_limited',
              `Too many requests. Try again after ${verdict.retryAfterSeconds} seconds`,
            )
      let id: string
      try {
        id = await store.transaction(async (tx) => {
          await tx.query(`UPDATE wallet_codes SET used = true WHERE email = $1 AND purpose = $2 AND NOT used`, [
            email,
            purpose,
          ])
          const inserted = await tx.query<{ id: string }>(
            `INSERT INTO wallet_codes (purpose, email, code_mac, client_ip, created_ms, expires_ms)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
            [purpose, email, mac(purpose, email, code), ip, t, t + limits.ttlSeconds * 1000],
          )
          return inserted.rows[0].id
        })
      } catch (err) {
        await budgets.refund(taken)
        throw err
      }
      try {
        await deliver(code)
      } catch (err) {
        // an undelivered code must not hold the cooldown or count against the limits
        await Promise.all([store.query('DELETE FROM wallet_codes WHERE id = $1', [id]), budgets.refund(taken)])
        console.error(`[secure-site] sending a code failed: ${(err as Error).message}`)
        throw new WalletError(502, 'mail_failed', 'The code could not be sent. Try again in a moment.')
      }
    },

    async verify({ email, purpose, code }) {
      const { rows } = await store.query<{
        id: string
        code_mac: string
        expires_ms: string
        attempts: number
        used: boolean
      }>(
        `SELECT id, code_mac, expires_ms, attempts, used FROM wallet_codes
         WHERE email = $1 AND purpose = $2 ORDER BY created_ms DESC LIMIT 1`,
        [email, purpose],
      )
      const row = rows[0]
      if (!row || row.used)
        throw new WalletError(400, 'no_code', 'No code is waiting for this address. Ask for a new one.')
      if (Number(row.expires_ms) <= now())
        throw new WalletError(400, 'code_expired', 'This code has expired. Ask for a new one.')
      if (row.attempts >= limits.maxAttempts)
        throw new WalletError(400, 'too_many_attempts', 'Too many wrong codes. Ask for a new one.')
      const expected = Buffer.from(row.code_mac, 'hex')
      const given = Buffer.from(mac(purpose, email, code), 'hex')
      if (/^\d{6}$/.test(code) && timingSafeEqual(expected, given)) {
        const consumed = await store.query(
          `UPDATE wallet_codes SET used = true WHERE id = $1 AND NOT used RETURNING id`,
          [row.id],
        )
        // a parallel request consumed it first
        if (consumed.rows.length === 0)
          throw new WalletError(400, 'no_code', 'This code was already used. Ask for a new one.')
        return
      }
      const { rows: after } = await store.query<{ attempts: number }>(
        `UPDATE wallet_codes SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts`,
        [row.id],
      )
      const left = limits.maxAttempts - (after[0]?.attempts ?? limits.maxAttempts)
      if (left <= 0) throw new WalletError(400, 'too_many_attempts', 'Too many wrong codes. Ask for a new one.')
      throw new WalletError(400, 'wrong_code', `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left.`)
    },
  }
}
