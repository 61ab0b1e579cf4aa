// What a wallet's answer means, once for every transport: a refusal is EIP-1193's 4001, WalletConnect's USER_REJECTED
// family (5000–5003) or sats-connect's -32000 on bip122, and always surfaces as a UserRejectedError (code 4001); a
// method the wallet lacks is 4200 (EIP-1193), -32601 (JSON-RPC) or 5101 (WalletConnect UNSUPPORTED_METHODS). EIP-1193's
// 4100 (unauthorized) and 4900 (disconnected) become their own errors, which the requests handle (requests/session.ts).
import {
  DisconnectedError,
  FoyerError,
  UnauthorizedError,
  UserRejectedError,
  WalletErrorCodes,
  isUserRejection,
} from '../../kernel/index.js'

const RejectionCodes: readonly number[] = [4001, 5000, 5001, 5002, 5003]
const UnsupportedCodes: readonly number[] = [4200, -32601, 5101]

/** The error code of a provider error, looking through common wrappers. */
export function errorCode(error: unknown): number | undefined {
  const e = error as { code?: unknown; data?: { originalError?: { code?: unknown } }; cause?: unknown } | null
  if (!e || typeof e !== 'object') return undefined
  if (typeof e.code === 'number') return e.code
  if (typeof e.data?.originalError?.code === 'number') return e.data.originalError.code
  return e.cause && e.cause !== error ? errorCode(e.cause) : undefined
}

/** True when the wallet said it does not implement the method. */
export function isUnsupportedMethod(error: unknown): boolean {
  return UnsupportedCodes.includes(errorCode(error) ?? 0)
}

/** `error` as the wallet requests promise it: refusals become UserRejectedError, plain objects become Errors. */
export function walletError(namespace: string, error: unknown): Error {
  if (error instanceof UserRejectedError || error instanceof UnauthorizedError || error instanceof DisconnectedError)
    return error
  const code = errorCode(error)
  if (code === WalletErrorCodes.unauthorized) return new UnauthorizedError(error)
  if (code === WalletErrorCodes.disconnected) return new DisconnectedError(error)
  if (isUserRejection(error) || RejectionCodes.includes(code ?? 0) || (namespace === 'bip122' && code === -32000))
    return new UserRejectedError(undefined, error)
  if (error instanceof Error) return error
  // WalletConnect rejects with the wallet's JSON-RPC error object as it came.
  const message = (error as { message?: unknown } | null)?.message
  return new FoyerError(typeof message === 'string' && message ? message : 'The wallet request failed', {
    // the wallet's own code when it gave one; else that the wallet's request failed
    code: code ?? 'WALLET_REQUEST_FAILED',
    category: 'WALLET',
    cause: error,
  })
}
