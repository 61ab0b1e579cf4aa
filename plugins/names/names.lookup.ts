// Name lookups through the API: resolution (name → address), reverse lookup (address → names) and suggestions.
// Server data is untrusted: only well-formed strings are kept.
import {
  activeCaipAddress,
  HttpError,
  parseCaipAddress,
  isEvmAddress,
  type HandlerContext,
  type RequestInput,
  type RequestOutput,
} from '../../kernel/index.js'
import { coinTypeOf, nameCache, nameServiceError } from './names.api.js'
import type { NameSuggestion } from './names.state.js'

declare module '../../kernel/index.js' {
  interface RequestMap {
    /** Availability and suggestions for a wanted name (SPEC §7); the slice keeps the answer for the current input. */
    'names/suggest': { input: { name: string }; output: { suggestions: NameSuggestion[] } }
  }
}

const str = (v: unknown, max = 255): v is string => typeof v === 'string' && v.length > 0 && v.length <= max

// The connected account's network, else the active one, when EVM: names resolve on the chain the visitor is on
// unless told otherwise.
const evmNetworkOf = (ctx: HandlerContext, given?: string) => {
  const s = ctx.getState()
  const id = given ?? parseCaipAddress(activeCaipAddress(s))?.caipNetworkId ?? s.account.activeCaipNetworkId
  return id?.startsWith('eip155:') ? id : undefined
}

/** Handles `names/resolve`: the address of a name on a network's coin type (null when it has none). */
export async function resolveName(
  { name, caipNetworkId }: RequestInput<'names/resolve'>,
  ctx: HandlerContext,
): Promise<RequestOutput<'names/resolve'>> {
  const coinType = coinTypeOf(evmNetworkOf(ctx, caipNetworkId))
  const wanted = name.trim().toLowerCase()
  const cache = nameCache(ctx)
  const key = `resolve:${coinType}:${wanted}`
  const cached = cache.get(key)
  if (cached !== undefined) return { name: wanted, address: cached as string | null }
  let address: string | null = null
  try {
    const res = await ctx.http.get<{ addresses?: Array<{ address?: unknown }> }>({
      path: `v1/names/${encodeURIComponent(wanted)}/address`,
      params: { coinType },
      signal: ctx.signal,
    })
    const first = Array.isArray(res?.addresses) ? res.addresses[0]?.address : undefined
    address = isEvmAddress(first) ? first : null
  } catch (error) {
    // not registered: a fact to remember, not a failure
    if (!(error instanceof HttpError && error.status === 404)) throw nameServiceError('resolveNameFailed', error)
  }
  cache.set(key, address)
  return { name: wanted, address }
}

/** Handles `names/reverse`: the names an address holds, most recently updated first. */
export async function reverseNames(
  { address, caipNetworkId }: RequestInput<'names/reverse'>,
  ctx: HandlerContext,
): Promise<RequestOutput<'names/reverse'>> {
  const coinType = caipNetworkId ? coinTypeOf(caipNetworkId) : undefined
  const cache = nameCache(ctx)
  const key = `reverse:${coinType ?? 'any'}:${address.toLowerCase()}`
  const cached = cache.get(key)
  if (Array.isArray(cached)) return { names: cached as string[] }
  let names: string[]
  try {
    const records = await ctx.http.get<Array<{ name?: unknown }>>({
      path: `v1/names/reverse/${encodeURIComponent(address)}`,
      params: { coinType },
      signal: ctx.signal,
    })
    names = (Array.isArray(records) ? records : []).map((r) => r?.name).filter((n): n is string => str(n))
  } catch (error) {
    throw nameServiceError('namesForAddressFailed', error)
  }
  cache.set(key, names)
  return { names }
}

/** Handles `names/suggest`: the wanted name first (registered or not), then available alternatives. */
export async function suggestNames({ name }: { name: string }, ctx: HandlerContext) {
  try {
    const res = await ctx.http.get<{ suggestions?: Array<{ name?: unknown; registered?: unknown }> }>({
      path: 'v1/names/suggestions',
      params: { name },
      signal: ctx.signal,
    })
    const suggestions = (Array.isArray(res?.suggestions) ? res.suggestions : [])
      .filter((s): s is NameSuggestion => str(s?.name) && typeof s.registered === 'boolean')
      .map((s) => ({ name: s.name, registered: s.registered }))
    ctx.emit('names/suggestionsReceived', { input: name, suggestions })
    return { suggestions }
  } catch (error) {
    const failure = nameServiceError('nameSuggestionsFailed', error)
    ctx.emit('names/suggestionsFailed', { input: name, message: failure.message })
    throw failure
  }
}
