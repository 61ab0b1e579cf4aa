// The name rules the client checks as the visitor types (SPEC §5) and the ENSIP-11 coin type a registration is for.
import { FoyerError } from '../../kernel/index.js'

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
export const EthCoinType = 60

/** ENSIP-11: 60 for Ethereum, 0x80000000 | chainId for other EVM chains; "Invalid chainId" from 2^31 on (SPEC §5). */
export function evmCoinType(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId < 1 || chainId >= 0x80000000) throw FoyerError.of('invalidChainId')
  // `|` gives a signed 32-bit int; `>>> 0` makes it the unsigned coin type
  return chainId === 1 ? EthCoinType : (0x80000000 | chainId) >>> 0
}
