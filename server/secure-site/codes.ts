// Email one-time codes: 6 digits, sent by mail, valid for a while, void after too many wrong tries; a resend waits
// out the cooldown (SPEC §9: 30 s) and requests are limited per window (SPEC §8 "try again after N seconds"). Codes are
// stored as an HMAC under a key derived from the KEK, never in clear. The cooldown and the budgets are counted by the
// server's one limiter (server/rate-limit), so they hold across processes sharing its Redis or PostgreSQL.
// Against strangers (issue 29): every budget of a request is per requester (its client address) as well as per
// address, and a requester's new code replaces only its own earlier ones, so asking for codes to someone else's address
// spends the stranger's budget and leaves the owner's code and budget alone. One cap counts all requesters of an
// address, to bound the mail one inbox gets; a requester that has logged in to that address before is not held by it.
// A check takes one try from every live code of the address in one statement before comparing, so parallel guesses
// get no more than the tries a code allows.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { openLimits, type LimitStore, type Limits } from '../rate-limit/limiter.js'
import type { Store } from '../store/store.js'
import type { CodeLimits } from './config.js'
import { WalletError } from './errors.js'

/** What a code is for: logging in, confirming the current / new address of an email change, or email capture. */
export type CodePurpose = 'login' | 'update-current' | 'update-new' | 'capture'

/**
 * The budgets codes take from: the resend cooldown per (purpose, address, requester), codes per (address, requester),
 * per address from requesters new to it (`inbox`), per requester (`ip`); checks per (address, requester) and per
 * requester.
 */
export type CodeScope = 'resend' | 'email' | 'inbox' | 'ip' | 'verify' | 'verify-ip'

/** Issues and checks codes; `now` is the site's clock (epoch ms); `ip` is the requester's client address. */
export interface Codes {
  /** Creates a code for `email` (already normalized) and hands it to `deliver`; throws 429 past a limit. */
  issue(opts: { email: string; purpose: CodePurpose; ip: string; deliver(code: string): Promise<void> }): Promise<void>
  /** Checks a code; consumes it when right, counts a try when wrong; throws 429 past a limit. */
  verify(opts: { email: string; purpose: CodePurpose; code: string; ip: string }): Promise<void>
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
  const window = (points: number) => ({ points, seconds: limits.windowSeconds })
  return openLimits({
    ...store,
    name: 'email',
    budgets: {
      resend: { points: 1, seconds: limits.resendSeconds },
      email: window(limits.maxPerEmail),
      inbox: window(limits.maxPerEmailTotal),
      ip: window(limits.maxPerIp),
      verify: window(limits.maxVerifyPerEmail),
      'verify-ip': window(limits.maxVerifyPerIp),
    },
    // no store, no count: better a failed login than unlimited mail to anyone's address
    onStoreError: 'throw',
  })
}

const tooMany = (seconds: number) =>
  new WalletError(429, 'rate_limited', `Too many requests. Try again after ${seconds} seconds`)

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
  // A requester that once logged in to the address with a code (only a right code sets `used`; a replaced one expires).
  const knownTo = async (email: string, who: string) =>
    (await store.query(`SELECT 1 FROM wallet_codes WHERE email = $1 AND client_ip = $2 AND used LIMIT 1`, [email, who]))
      .rows.length > 0

  return {
    async issue({ email, purpose, ip, deliver }) {
      const t = now()
      const who = budgets.address(ip)
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      // the cooldown first: of two tabs asking at once only one passes; a refusal gives back what it took
      const taken: Array<readonly [CodeScope, string]> = [
        ['resend', `${purpose} ${email} ${who}`],
        ['email', `${email} ${who}`],
        ['ip', who],
      ]
      if (!(await knownTo(email, who))) taken.push(['inbox', email])
      const verdict = await budgets.take(taken)
      if (!verdict.ok)
        throw verdict.scope === 'resend'
          ? new WalletError(
              429,
              'resend_too_soon',
              `Wait ${verdict.retryAfterSeconds} seconds before asking for a new code`,
            )
          : tooMany(verdict.retryAfterSeconds)
      let id: string
      try {
        id = await store.transaction(async (tx) => {
          // only this requester's earlier codes make way: a stranger's request leaves the owner's code alone
          await tx.query(
            `UPDATE wallet_codes SET expires_ms = LEAST(expires_ms, $4)
             WHERE email = $1 AND purpose = $2 AND client_ip = $3 AND NOT used`,
            [email, purpose, who, t],
          )
          const inserted = await tx.query<{ id: string }>(
            `INSERT INTO wallet_codes (purpose, email, code_mac, client_ip, created_ms, expires_ms)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
            [purpose, email, mac(purpose, email, code), who, t, t + limits.ttlSeconds * 1000],
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

    async verify({ email, purpose, code, ip }) {
      const who = budgets.address(ip)
      const verdict = await budgets.take([
        ['verify', `${email} ${who}`],
        ['verify-ip', who],
      ])
      if (!verdict.ok) throw tooMany(verdict.retryAfterSeconds)
      const t = now()
      // One statement takes a try from every live code before any is compared: concurrent checks queue on the rows'
      // locks and see each other's tries, so no code is compared more than maxAttempts times.
      const { rows } = await store.query<{ id: string; code_mac: string; attempts: number }>(
        `UPDATE wallet_codes SET attempts = attempts + 1
         WHERE email = $1 AND purpose = $2 AND NOT used AND expires_ms > $3 AND attempts < $4
         RETURNING id, code_mac, attempts`,
        [email, purpose, t, limits.maxAttempts],
      )
      if (rows.length === 0) throw await whyNoCode(store, email, purpose, t, limits.maxAttempts)
      const given = Buffer.from(mac(purpose, email, code), 'hex')
      const right = /^\d{6}$/.test(code)
        ? rows.find((r) => timingSafeEqual(Buffer.from(r.code_mac, 'hex'), given))
        : undefined
      if (right) {
        const consumed = await store.query(
          `UPDATE wallet_codes SET used = true WHERE id = $1 AND NOT used RETURNING id`,
          [right.id],
        )
        // a parallel request consumed it first
        if (consumed.rows.length === 0)
          throw new WalletError(400, 'no_code', 'This code was already used. Ask for a new one.')
        // the other codes mailed to this address are done with
        await store.query(
          `UPDATE wallet_codes SET expires_ms = LEAST(expires_ms, $3) WHERE email = $1 AND purpose = $2 AND NOT used`,
          [email, purpose, t],
        )
        return
      }
      const left = limits.maxAttempts - Math.min(...rows.map((r) => r.attempts))
      if (left <= 0) throw new WalletError(400, 'too_many_attempts', 'Too many wrong codes. Ask for a new one.')
      throw new WalletError(400, 'wrong_code', `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left.`)
    },
  }
}

/** Why no live code took the try: the newest code of the address says it (none, used, expired, or out of tries). */
async function whyNoCode(store: Store, email: string, purpose: CodePurpose, t: number, maxAttempts: number) {
  const { rows } = await store.query<{ expires_ms: string; attempts: number; used: boolean }>(
    `SELECT expires_ms, attempts, used FROM wallet_codes
     WHERE email = $1 AND purpose = $2 ORDER BY created_ms DESC, id DESC LIMIT 1`,
    [email, purpose],
  )
  const row = rows[0]
  if (!row || row.used)
    return new WalletError(400, 'no_code', 'No code is waiting for this address. Ask for a new one.')
  if (Number(row.expires_ms) <= t)
    return new WalletError(400, 'code_expired', 'This code has expired. Ask for a new one.')
  if (row.attempts >= maxAttempts)
    return new WalletError(400, 'too_many_attempts', 'Too many wrong codes. Ask for a new one.')
  return new WalletError(400, 'no_code', 'No code is waiting for this address. Ask for a new one.')
}
