// The name rules the client checks as the visitor types (SPEC §5) and the ENSIP-11 coin type a registration is for.
import { FoyerError } from '../../kernel/index.js'
import { ETH_COIN_TYPE, evmChainIdToCoinType } from '../../protocol/coin-type.js'

/** SPEC §5: a registered name has at least this many characters. */
export const MinNameLength = 4
/** A DNS label has at most 63 characters (the server refuses longer names). */
export const MaxNameLength = 63

/** What the visitor reads when a name breaks a rule (SPEC §5), in the order they are checked. */
export const NameRuleMessages = {
  chars: 'A name may only contain letters, digits and hyphens',
  short: `A name has at least ${MinNameLength} characters`,
  long: `A name has at most ${MaxNameLength} characters`,
} as const

/** The rule a name breaks, or undefined when it may be registered (the label, without the service's suffix). */
export function nameRuleError(name: string): string | undefined {
  if (!/^[a-zA-Z0-9-]*$/.test(name)) return NameRuleMessages.chars
  if (name.length < MinNameLength) return NameRuleMessages.short
  if (name.length > MaxNameLength) return NameRuleMessages.long
  return undefined
}

/** SLIP-44 coin type of Ether: Ethereum mainnet's coin type under ENSIP-11. */
export const EthCoinType = ETH_COIN_TYPE

/** ENSIP-11 (protocol/coin-type.ts, the server's rule too); "Invalid chainId" from 2^31 on (SPEC §5). */
export function evmCoinType(chainId: number): number {
  try {
    return evmChainIdToCoinType(chainId)
  } catch {
    throw FoyerError.of('invalidChainId')
  }
}
