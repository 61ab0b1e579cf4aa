// The connected account's name and avatar (SPEC §7 identity lookup) for the account button and Account view: EVM
// only (SPEC §9), never on testnets (SPEC §5), cached 5 min (SPEC §9); a failure clears the image except on chain 1
// (SPEC §8). Started by the manifest when the visitor connects or the account or its network changes.
import { activeCaipAddress, parseCaipAddress, safeImageUrl, type HandlerContext } from '../../kernel/index.js'
import { identityCache, type Identity } from './names.api.js'

declare module '../../kernel/index.js' {
  interface RequestMap {
    /** Looks up the active account's name and avatar; the result lands in the account slice's profile. */
    'names/fetchIdentity': { input: void; output: void }
  }
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 && v.length <= 255 ? v : null)

/** Handles `names/fetchIdentity`. */
export async function fetchIdentity(_input: void, ctx: HandlerContext): Promise<void> {
  const state = ctx.getState()
  const caipAddress = activeCaipAddress(state)
  const account = parseCaipAddress(caipAddress)
  if (!account || account.namespace !== 'eip155') return
  const { address, caipNetworkId } = account
  const resolved = (id: Identity) => {
    // the visitor may have moved on while the lookup was in flight
    if (activeCaipAddress(ctx.getState()) === caipAddress)
      ctx.emit('identity/resolved', { namespace: 'eip155', address, ...id })
  }
  if (state.config.networks.find((n) => n.caipNetworkId === caipNetworkId)?.testnet)
    return resolved({ name: null, image: null })
  const cache = identityCache(ctx)
  const key = `${caipNetworkId}:${address.toLowerCase()}`
  const cached = cache.get(key)
  if (cached) return resolved(cached)
  try {
    const res = await ctx.http.get<{ name?: unknown; avatar?: unknown }>({
      path: `v1/identity/${encodeURIComponent(address)}`,
      params: { chainId: caipNetworkId },
      signal: ctx.signal,
    })
    const id: Identity = { name: str(res?.name), image: safeImageUrl(res?.avatar) ?? null }
    cache.set(key, id)
    resolved(id)
  } catch (error) {
    ctx.emit('identity/lookupFailed', { namespace: 'eip155', address, caipNetworkId })
    throw error
  }
}
