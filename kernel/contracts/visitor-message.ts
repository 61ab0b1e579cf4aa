// What a visitor reads for an error: the rule every plugin showing a failure follows (a refusal reads as SPEC §8's
// "Connection rejected", an unreachable server as a plain sentence). Its own module so the first-paint chunk (which needs errors.ts) does not carry
// it: only plugins' handlers and views, which load later, turn errors into visitor text.
import { ErrorMessages, isUserRejection } from '../errors.js'

// What browsers say when a request never reached the server ("Failed to fetch", Firefox's NetworkError, Safari's "Load
// failed", undici's "fetch failed"): raw, they mean nothing to a visitor.
const Unreachable = /failed to fetch|networkerror|load failed|fetch failed|network request failed/i

/** Shown instead of a browser's raw network failure text. */
export const UnreachableMessage = 'Could not reach the server. Check your connection and try again.'

/** What a visitor reads for `error`: SPEC's message for a refusal, a plain sentence for a network failure, else its own. */
export function visitorMessage(error: unknown, fallback: string = ErrorMessages.connectFailed): string {
  if (isUserRejection(error)) return ErrorMessages.connectionRejected
  const message = error instanceof Error ? error.message : ''
  return Unreachable.test(message) ? UnreachableMessage : message || fallback
}
