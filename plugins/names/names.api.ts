// What the names plugin shares between its handlers: SPEC §8 failures with the server's first reason, the 5-minute
// caches (SPEC §9: name service, identity) and the coin type of a network.
import {
  CacheLifetimes,
  createTtlCache,
  FoyerError,
  HttpError,
  NameServiceError,
  parseCaipNetworkId,
  StorageKeys,
  type NameServiceErrorCode,
  type HandlerContext,
  type TtlCache,
} from '../../kernel/index.js'
import { EthCoinType, evmCoinType } from './names.rules.js'

/** The server's first reason description when present, else the SPEC §8 text of `key` (both exactly). */
export function nameServiceError(key: NameServiceErrorCode, error: unknown): NameServiceError {
  if (error instanceof NameServiceError && error.code === key) return error
  if (error instanceof FoyerError && error.code === key) return new NameServiceError(key, error.message, error)
  return new NameServiceError(key, error instanceof HttpError ? error.reason : undefined, error)
}

/** The name-service cache (resolutions and reverse lookups), 5 min. */
export const nameCache = (ctx: Pick<HandlerContext, 'storage' | 'clock'>): TtlCache<unknown> =>
  createTtlCache(ctx.storage, StorageKeys.nameCache, CacheLifetimes.name, ctx.clock)

/** The identity cache (name and avatar per network and address), 5 min. */
export const identityCache = (ctx: Pick<HandlerContext, 'storage' | 'clock'>): TtlCache<Identity> =>
  createTtlCache(ctx.storage, StorageKeys.identityCache, CacheLifetimes.identity, ctx.clock)

/** A profile as the identity endpoint gives it (avatar already checked). */
export interface Identity {
  name: string | null
  image: string | null
}

/** The ENSIP-11 coin type of an EVM network (60 for anything that is not EVM, as a default lookup). */
export function coinTypeOf(caipNetworkId: string | undefined): number {
  const n = parseCaipNetworkId(caipNetworkId)
  return n?.namespace === 'eip155' ? evmCoinType(Number(n.reference)) : EthCoinType
}
