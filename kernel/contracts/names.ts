// The name-service requests any plugin may call (the send plugin for receiver names, Activity for counterparties):
// declared here so callers need not import the plugin that answers them (plugins/names). Their failures are
// NameServiceErrors, coded by SPEC §8's catalogue key.
import { ErrorMessages, FoyerError } from '../errors.js'

/** A name resolved to an address: `address` is null when the name has none for that network (or is not registered). */
export interface ResolvedName {
  name: string
  address: string | null
}

/** A code of {@link NameServiceError}: the SPEC §8 catalogue key of the name service's failure. */
export type NameServiceErrorCode =
  'resolveNameFailed' | 'namesForAddressFailed' | 'nameSuggestionsFailed' | 'registerNameFailed'

/** A name-service failure: the server's first reason when it gave one, else SPEC §8's text for `code`. */
export class NameServiceError extends FoyerError {
  override name = 'NameServiceError'
  declare readonly code: NameServiceErrorCode
  constructor(code: NameServiceErrorCode, reason?: string, cause?: unknown) {
    super(reason || ErrorMessages[code], { code, category: 'SERVER', cause })
  }
}

declare module '../types.js' {
  interface RequestMap {
    /**
     * Resolves a registered name (`alice` or `alice.foyer.id`) to its address on `caipNetworkId` (default: the active
     * EVM network, else Ethereum). Cached 5 min (SPEC §9). Fails with the server's first reason, else "Error resolving
     * name" (SPEC §8).
     */
    'names/resolve': { input: { name: string; caipNetworkId?: string }; output: ResolvedName; error: NameServiceError }
    /**
     * The names an EVM address holds, most recently updated first (on `caipNetworkId`'s coin type when given, else on
     * any). Cached 5 min. Fails with the server's first reason, else "Error fetching names for address".
     */
    'names/reverse': {
      input: { address: string; caipNetworkId?: string }
      output: { names: string[] }
      error: NameServiceError
    }
  }
}
