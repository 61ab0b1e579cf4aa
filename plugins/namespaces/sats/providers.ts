// The pure parts of the Bitcoin adapter: account order,
// network names ↔ CAIP-2 ids, wallet error codes. No SDK needed.
import { FoyerError, UserRejectedError } from '../../../kernel/index.js'
import type { ConnectedAccount } from '../adapter.js'
import { bitcoin, bitcoinSignet, bitcoinTestnet } from '../networks.js'

export { BitcoinConnectorPrefix, providerIdOf, readBtcProviders, type BtcProviderInfo } from './discovery.js'

/** A sats-connect address entry (the fields Foyer reads). */
export interface SatsAddress {
  address: string
  publicKey?: string
  purpose: string
  addressType?: string
}

/** sats-connect error codes (ENVIRONMENT.md). */
export const BitcoinErrorCodes = {
  userRejection: -32000,
  methodNotSupported: -32001,
  accessDenied: -32002,
  methodNotFound: -32601,
} as const

/** SPEC §9 account order: index 0 payment, index 1 ordinal; other purposes (stacks, ...) are dropped. */
export function orderAccounts(addresses: readonly SatsAddress[] | undefined): ConnectedAccount[] {
  const valid = (addresses ?? []).filter((a) => a && typeof a.address === 'string' && a.address)
  const pick = (purpose: string, type: 'payment' | 'ordinal') =>
    valid
      .filter((a) => a.purpose === purpose)
      .map((a) => ({
        address: a.address,
        type,
        ...(typeof a.publicKey === 'string' ? { publicKey: a.publicKey } : {}),
      }))
  return [...pick('payment', 'payment'), ...pick('ordinals', 'ordinal')]
}

/** The CAIP-2 id of a sats-connect network name; undefined for networks Foyer does not define (Regtest). */
export function caipOfBitcoinNetwork(name: unknown): string | undefined {
  if (name === 'Mainnet') return bitcoin.caipNetworkId
  if (name === 'Testnet' || name === 'Testnet4') return bitcoinTestnet.caipNetworkId
  if (name === 'Signet') return bitcoinSignet.caipNetworkId
  return undefined
}

/** The sats-connect network name of a CAIP-2 id. */
export function bitcoinNetworkName(caipNetworkId: string): 'Mainnet' | 'Testnet' | 'Signet' | undefined {
  return caipNetworkId === bitcoin.caipNetworkId
    ? 'Mainnet'
    : caipNetworkId === bitcoinTestnet.caipNetworkId
      ? 'Testnet'
      : caipNetworkId === bitcoinSignet.caipNetworkId
        ? 'Signet'
        : undefined
}

/** The network an address belongs to by its prefix, when the wallet does not say (testnet and signet share it). */
export function caipOfAddress(address: string): string | undefined {
  if (/^(bc1|[13])/.test(address)) return bitcoin.caipNetworkId
  if (/^(tb1|[mn2])/.test(address)) return bitcoinTestnet.caipNetworkId
  return undefined
}

/** SPEC §5: the wallet's network must be one of the requested (configured) Bitcoin chains. */
export function assertSupportedChain(walletNetwork: string | undefined, requested: readonly string[]): string {
  if (!walletNetwork || !requested.includes(walletNetwork))
    throw FoyerError.of('bitcoinChainsUnsupported', { category: 'WALLET' })
  return walletNetwork
}

/** Turns a sats-connect error response into an error: -32000 is the visitor saying no (4001 for the UI). */
export function bitcoinError(error: { code?: unknown; message?: unknown } | undefined): Error {
  const message = typeof error?.message === 'string' && error.message ? error.message : 'Bitcoin wallet request failed'
  if (error?.code === BitcoinErrorCodes.userRejection) return new UserRejectedError(message, error)
  return new FoyerError(message, {
    code: typeof error?.code === 'number' ? error.code : 'BITCOIN_WALLET',
    category: 'WALLET',
    cause: error,
  })
}
