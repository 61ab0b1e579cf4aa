// Errors are wrapped with a category and reported, at most `limit` per window (SPEC §8/§9: 5 per 60 s).
import type { Clock } from './clock.js'
import { FoyerError, isUserRejection, type ErrorCategory } from './errors.js'
import type { ErrorReportBody } from '../protocol/wire/analytics.js'

/** What a report sink receives: the /e error-report body (protocol/wire/analytics.ts), typed by category. */
export interface ErrorReport extends ErrorReportBody {
  errorType: ErrorCategory
}

/** Reports errors through `send`, throttled. */
export interface ErrorReporter {
  /** Wraps and reports; returns the wrapped error and whether it was sent. */
  report(error: unknown, category?: ErrorCategory): { error: FoyerError; sent: boolean }
}

/** Creates an {@link ErrorReporter}. */
export function createErrorReporter(opts: {
  send: (r: ErrorReport) => void
  clock: Clock
  limit?: number
  windowMs?: number
}): ErrorReporter {
  const limit = opts.limit ?? 5
  const windowMs = opts.windowMs ?? 60_000
  let sentAt: number[] = []
  return {
    report(error, category) {
      const wrapped =
        error instanceof FoyerError && (!category || error.category === category)
          ? error
          : new FoyerError(error instanceof Error ? error.message : String(error), {
              code: 'FOYER_ERROR',
              category: category ?? 'INTERNAL_SDK_ERROR',
              cause: error,
            })
      const now = opts.clock.now()
      sentAt = sentAt.filter((t) => now - t < windowMs)
      // A visitor saying no is not a fault of the SDK: wrapped like any error, never sent.
      if (sentAt.length >= limit || isUserRejection(error)) return { error: wrapped, sent: false }
      sentAt.push(now)
      try {
        opts.send({
          errorType: wrapped.category,
          errorMessage: wrapped.message,
          stackTrace: (error as Error)?.stack ?? wrapped.stack ?? '',
        })
      } catch {
        /* a failing sink must not fail the caller */
      }
      return { error: wrapped, sent: true }
    },
  }
}
