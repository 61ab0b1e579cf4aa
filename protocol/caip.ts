// CAIP-2 chain ids and CAIP-10 account ids: parsing, formatting and the SPEC §5 address rules. No dependencies.

/** Chain namespaces Foyer knows (SPEC §1). */
export const KnownNamespaces = ['eip155', 'solana', 'bip122'] as const

/** A known chain namespace. */
export type KnownNamespace = (typeof KnownNamespaces)[number]

/** A parsed CAIP-2 chain id. */
export interface CaipNetwork {
  namespace: KnownNamespace
  reference: string
}

/** A parsed CAIP-10 account id. */
export interface CaipAccount extends CaipNetwork {
  address: string
  caipNetworkId: string
}

const NAMESPACE = /^[-a-z0-9]{3,8}$/
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const ACCOUNT = /^[-.%a-zA-Z0-9]{1,128}$/
const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** True for a namespace Foyer supports. */
export function isKnownNamespace(ns: unknown): ns is KnownNamespace {
  return typeof ns === 'string' && (KnownNamespaces as readonly string[]).includes(ns)
}

/** EVM address: 40 hex digits with an optional 0x prefix (SPEC §5). */
export function isEvmAddress(address: unknown): address is string {
  return typeof address === 'string' && EVM_ADDRESS.test(address)
}

/** Solana address: 32 to 44 base58 characters (SPEC §5). */
export function isSolanaAddress(address: unknown): address is string {
  return typeof address === 'string' && BASE58.test(address)
}

/** True when `address` is well formed for `namespace` (Bitcoin: any CAIP-10 account text). */
export function isValidAddress(namespace: string, address: unknown): boolean {
  if (namespace === 'eip155') return isEvmAddress(address)
  if (namespace === 'solana') return isSolanaAddress(address)
  return namespace === 'bip122' && typeof address === 'string' && ACCOUNT.test(address)
}

/** Parses `namespace:reference` with a known namespace; undefined when malformed. */
export function parseCaipNetworkId(id: unknown): CaipNetwork | undefined {
  if (typeof id !== 'string') return undefined
  const parts = id.split(':')
  if (parts.length !== 2) return undefined
  const [namespace, reference] = parts
  if (!NAMESPACE.test(namespace) || !isKnownNamespace(namespace) || !REFERENCE.test(reference)) return undefined
  if (namespace === 'eip155' && !/^[1-9][0-9]*$/.test(reference)) return undefined
  return { namespace, reference }
}

/** Formats a CAIP-2 id; throws on a malformed one. */
export function formatCaipNetworkId(namespace: string, reference: string | number): string {
  const id = `${namespace}:${reference}`
  if (!parseCaipNetworkId(id)) throw new Error(`Invalid CAIP-2 chain id "${id}"`)
  return id
}

/** Parses a CAIP-10 account id: exactly 3 non-empty parts, a known namespace, a valid address (SPEC §5). */
export function parseCaipAddress(caipAddress: unknown): CaipAccount | undefined {
  if (typeof caipAddress !== 'string') return undefined
  const parts = caipAddress.split(':')
  if (parts.length !== 3 || parts.some((p) => p.length === 0)) return undefined
  const network = parseCaipNetworkId(`${parts[0]}:${parts[1]}`)
  if (!network || !isValidAddress(network.namespace, parts[2])) return undefined
  return { ...network, address: parts[2], caipNetworkId: `${parts[0]}:${parts[1]}` }
}

/** True for a well-formed CAIP-10 account id. */
export function isCaipAddress(caipAddress: unknown): caipAddress is string {
  return parseCaipAddress(caipAddress) !== undefined
}

/** Formats a CAIP-10 id from a CAIP-2 id and an address; throws when either is malformed. */
export function formatCaipAddress(caipNetworkId: string, address: string): string {
  const id = `${caipNetworkId}:${address}`
  if (!parseCaipAddress(id)) throw new Error(`Invalid CAIP-10 account id "${id}"`)
  return id
}

/** The EVM CAIP-2 id of a numeric chain id (`1` → `eip155:1`). */
export function evmCaipNetworkId(chainId: number): string {
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new Error(`Invalid EVM chain id ${chainId}`)
  return `eip155:${chainId}`
}

/** The numeric chain id of an EVM CAIP-2 id; undefined for other namespaces or malformed ids. */
export function evmChainId(caipNetworkId: string): number | undefined {
  const n = parseCaipNetworkId(caipNetworkId)
  return n?.namespace === 'eip155' ? Number(n.reference) : undefined
}

export { addressOf, namespaceOf, networkOfAddress, referenceOf } from './caip-parts.js'
