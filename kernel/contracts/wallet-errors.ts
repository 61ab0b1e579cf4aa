// The wallet contract's 4100 and 4900 answers as errors (SPEC §8), apart from errors.ts and wallet.ts: only the wallet requests' lazy code
// raises them, so the first-paint chunk, which carries errors.ts, does not carry them.
import { FoyerError, WalletErrorCodes } from '../errors.js'

/** What a visitor reads when the wallet answers 4100 (EIP-1193 unauthorized). */
export const UnauthorizedMessage =
  'Your wallet has not authorized this site for that account or request. Connect the wallet again to allow it.'

/** What a visitor reads when the wallet answers 4900 (EIP-1193 disconnected). */
export const DisconnectedMessage = 'Your wallet is disconnected. Connect it again to continue.'

/** The wallet refused because this site or account is not authorized in it (4100): connecting again asks anew. */
export class UnauthorizedError extends FoyerError {
  override name = 'UnauthorizedError'
  constructor(cause?: unknown) {
    super(UnauthorizedMessage, { code: WalletErrorCodes.unauthorized, category: 'WALLET', cause })
  }
}

/** The wallet is disconnected from every chain (4900): the connection it belonged to has ended. */
export class DisconnectedError extends FoyerError {
  override name = 'DisconnectedError'
  constructor(cause?: unknown) {
    super(DisconnectedMessage, { code: WalletErrorCodes.disconnected, category: 'WALLET', cause })
  }
}
