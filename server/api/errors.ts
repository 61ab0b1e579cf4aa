// One error type for every 4xx/5xx the API answers, rendered as the shared ApiErrorBody.
import type { ApiErrorBody } from '../types.js'

/** One reason entry of an error body. */
export type ErrorReason = ApiErrorBody['reasons'][number]

/** An error that becomes a JSON ApiErrorBody response with `status`. */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503,
    readonly code: string,
    message: string,
    readonly reasons: ErrorReason[] = [],
  ) {
    super(message)
  }

  /** The JSON body; reasons default to one entry repeating the message so clients can always show reasons[0]. */
  toBody(): ApiErrorBody {
    return {
      error: this.code,
      message: this.message,
      reasons: this.reasons.length > 0 ? this.reasons : [{ description: this.message }],
    }
  }
}

/** 400 for one bad field (query, path or body); the description says what was expected. */
export function invalidField(code: string, field: string, description: string): ApiError {
  return new ApiError(400, code, `Invalid ${field}: ${description}`, [{ field, description }])
}

/** 404 for a missing resource. */
export function notFound(what: string): ApiError {
  return new ApiError(404, 'not_found', `${what} not found`)
}
