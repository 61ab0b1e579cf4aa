// The local on-ramp provider's EVM hot wallet, on its own so the API can tell its deliveries (a purchase) apart in the
// history without loading the payout code.
import { keccak256, stringToHex, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** The local provider's EVM hot wallet (a public, local-only key, like anvil's accounts). */
export const LOCAL_ONRAMP_EVM_KEY: Hex = keccak256(stringToHex('foyer local onramp hot wallet'))

/** The address the local provider delivers bought tokens from, lower-case. */
export const LOCAL_ONRAMP_EVM_ADDRESS: Address = privateKeyToAccount(
  LOCAL_ONRAMP_EVM_KEY,
).address.toLowerCase() as Address
