// Domain failures are FoyerError subclasses with a stable code and a category; the texts are SPEC §8's.

/** Categories an error is reported under. */
export type ErrorCategory = 'INTERNAL_SDK_ERROR' | 'USER_REJECTED' | 'NETWORK' | 'CONFIGURATION' | 'WALLET' | 'SERVER'

/** The SPEC §8 catalogue of messages, by key. */
export const ErrorMessages = {
  modalClosed: 'Modal closed',
  connectionRejected: 'Connection rejected',
  popupClosed: 'Popup closed',
  socialInitFailed: 'Failed to initiate social connection',
  connectFailed: 'Failed to connect',
  farcasterFailed: 'Failed to connect to farcaster',
  noAuthConnector: 'No auth connector found',
  notConnectedToAuth: 'Not connected to email or social',
  noConnectorForConnection: 'No connector found for connection',
  invalidConnectionStatus: 'Invalid connection status',
  disconnectFailed: 'Failed to disconnect',
  disconnectChainsFailed: 'Failed to disconnect chains',
  networkNotFound: 'Network not found',
  addressOrAuthConnectorNotFound: 'Address or auth connector not found',
  resolveNameFailed: 'Error resolving name',
  nameSuggestionsFailed: 'Error fetching name suggestions',
  namesForAddressFailed: 'Error fetching names for address',
  registerNameFailed: 'Error registering name',
  unsupportedChain: 'Unsupported chain',
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  transactionsFailed: 'Failed to fetch transactions',
  siwxInitFailed: 'A problem occurred while trying initialize authentication',
  signMessageFailed: 'Error signing message',
  siwxNotEnabled: 'SIWX is not enabled',
  noActiveCaipAddress: 'No ActiveCaipAddress found',
  noActiveNetworkOrClient: 'No ActiveCaipNetwork or client found',
  invalidAppConfiguration: 'Invalid App Configuration',
  frameError: 'An error occurred',
  walletConnectConnectorNotFound: 'WalletConnectConnector not found',
  clientsNotSet: 'ConnectionControllerClient and NetworkControllerClient must be set',
  adapterNotFound: 'Adapter not found',
  caipNetworkNotFound: 'CaipNetwork not found',
  adapterOrConnectorNotFound: 'Adapter or connector not found for namespace',
  rpcMethodNotAllowed: 'RPC method not allowed',
  chainNotSupported: 'Chain is not supported',
  bitcoinChainsUnsupported: 'The connector does not support any of the requested chains.',
  siweAndSiwx: 'Cannot set both `siweConfig` and `siwx` options',
  invalidChainId: 'Invalid chainId',
  amountAndReceiverRequired: 'An amount and receiver address are required',
  tokenRequired: 'A token is required',
} as const

/** A key of {@link ErrorMessages}. */
export type ErrorKey = keyof typeof ErrorMessages

/** Wallet provider error codes (EIP-1193) the UI treats specially. */
export const WalletErrorCodes = {
  userRejected: 4001,
  unauthorized: 4100,
  disconnected: 4900,
  unrecognizedChain: 4902,
} as const

/** Options accepted by {@link FoyerError}. */
export interface FoyerErrorOptions {
  code?: string | number
  category?: ErrorCategory
  cause?: unknown
}

/** Base class of every domain failure Foyer raises. */
export class FoyerError extends Error {
  override name = 'FoyerError'
  readonly code: string | number
  readonly category: ErrorCategory
  constructor(message: string, options: FoyerErrorOptions = {}) {
    super(message, { cause: options.cause })
    this.code = options.code ?? 'FOYER_ERROR'
    this.category = options.category ?? 'INTERNAL_SDK_ERROR'
  }
  /** Creates an error with a SPEC §8 catalogue message, optionally followed by a reason. */
  static of(key: ErrorKey, options: FoyerErrorOptions & { reason?: string } = {}): FoyerError {
    const text = options.reason ? `${ErrorMessages[key]}: ${options.reason}` : ErrorMessages[key]
    return new FoyerError(text, { code: key, ...options })
  }
}

/** The visitor declined in their wallet (4001): the UI goes back instead of showing a crash. */
export class UserRejectedError extends FoyerError {
  override name = 'UserRejectedError'
  constructor(message = 'User rejected the request.', cause?: unknown) {
    super(message, { code: WalletErrorCodes.userRejected, category: 'USER_REJECTED', cause })
  }
}

/** True when `error` means the visitor said no, whatever layer raised it. */
export function isUserRejection(error: unknown): boolean {
  if (error instanceof UserRejectedError) return true
  const e = error as { code?: unknown; cause?: unknown; name?: unknown } | null
  if (!e || typeof e !== 'object') return false
  if (e.code === WalletErrorCodes.userRejected || e.name === 'UserRejectedRequestError') return true
  return e.cause !== undefined && e.cause !== error ? isUserRejection(e.cause) : false
}

/** A plain, serializable description of an error for event payloads and state. */
export interface SerializedError {
  name: string
  message: string
  code?: string | number
  category?: ErrorCategory
}

/** Turns anything thrown into a {@link SerializedError}. */
export function serializeError(error: unknown): SerializedError {
  if (error instanceof FoyerError)
    return { name: error.name, message: error.message, code: error.code, category: error.category }
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    return {
      name: error.name,
      message: error.message,
      ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    }
  }
  return { name: 'Error', message: typeof error === 'string' ? error : 'Unknown error' }
}
