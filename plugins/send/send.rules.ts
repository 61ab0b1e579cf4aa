// The send form's rules as pure functions: SPEC §5 address shapes (the kernel's validators; a mixed-case EVM address
// must also carry a correct EIP-55 checksum, checked with viem where the send is reviewed), exact amount parsing (a
// decimal string to base units, refused rather than rounded when it has more places than the token), and the messages.
import { isEvmAddress, isValidAddress, parseBaseUnits } from '../../kernel/index.js'

/** SPEC §5: sending needs an amount and a receiver. */
export const AmountAndReceiverRequired = 'An amount and receiver address are required'
/** SPEC §5: sending needs a token. */
export const TokenRequired = 'A token is required'
/** SPEC §4/§8: a namespace send does not support. */
export const UnsupportedChain = 'Unsupported chain'
/** A refusal in the wallet (4001). */
export const SendRejected = 'You rejected the request in your wallet.'

/** Namespaces send works on (SPEC §9: EVM and Solana). */
export const SendNamespaces: readonly string[] = ['eip155', 'solana']

/** The amount `text` in base units of a token with `decimals`; undefined when it is not a number or too precise. */
export function parseAmount(text: string, decimals: number): bigint | undefined {
  return parseBaseUnits(text.trim(), decimals)
}

/** Whether `text` has the SPEC §5 shape of an address on `namespace` (no checksum check). */
export function hasAddressShape(namespace: string, text: string): boolean {
  return SendNamespaces.includes(namespace) && isValidAddress(namespace, text)
}

/** An EVM address of the right shape with 0x; `mixed` when it has capitals (as viem, its EIP-55 checksum must hold). */
export function evmCandidate(text: string): { address: `0x${string}`; mixed: boolean } | undefined {
  if (!isEvmAddress(text)) return undefined
  const hex = text.replace(/^0x/, '')
  return { address: `0x${hex}`, mixed: hex !== hex.toLowerCase() }
}

/** The message for an address that is not one on `namespace`. */
export function invalidAddress(namespace: string): string {
  return namespace === 'eip155'
    ? 'Enter a valid address: 40 hexadecimal digits, with or without 0x'
    : 'Enter a valid Solana address: 32 to 44 base58 characters'
}

/** The message for a mixed-case EVM address whose checksum is wrong. */
export const BadChecksum = 'This address has an invalid checksum: check it, or enter it in lowercase'

/** Whether `text` looks like a name to resolve (`alice.foyer.id`) rather than an address. */
export function looksLikeName(text: string): boolean {
  return /^[^\s.]+(\.[^\s.]+)+$/.test(text) && !/^0x/i.test(text)
}
