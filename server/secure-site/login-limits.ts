// The budget of login starts: every social start and Farcaster channel writes a row, so each client address gets a
// limited number per window (secureSite.logins), counted by the server's one limiter (server/rate-limit) on the
// store the code limits use, so it holds across processes.
import { openLimits, type LimitStore, type Limits } from '../rate-limit/limiter.js'
import type { LoginStartLimits } from './config.js'
import { WalletError } from './errors.js'

/** The login-start budget, counted per client address. */
export type LoginLimits = Limits<'ip'>

/** Opens the login-start budget on `store` (memory when it names no Redis or PostgreSQL). */
export function openLoginLimits(limits: LoginStartLimits, store: LimitStore): Promise<LoginLimits> {
  return openLimits({
    ...store,
    name: 'login',
    budgets: { ip: { points: limits.maxPerIp, seconds: limits.windowSeconds } },
  })
}

/** Takes one start from `ip`'s budget; a 429 naming the wait past it. */
export async function takeLoginStart(limits: LoginLimits, ip: string): Promise<void> {
  const verdict = await limits.take([['ip', ip]])
  if (!verdict.ok)
    throw new WalletError(
      429,
      'too_many_logins',
      `Too many sign-ins from this address: try again in ${verdict.retryAfterSeconds} seconds`,
    )
}
