// GET /v1/identity/{address}: the profile name and avatar of an address, from registered names. Testnets and
// non-EVM chains answer nulls (SPEC §5: no name or avatar lookup there).
import { Hono } from 'hono'
import type { ApiDeps } from '../deps.js'
import { isTestnet, parseChainId, parseEvmAddress } from '../chain-params.js'
import { invalidField } from '../errors.js'
import { ETH_COIN_TYPE, evmChainIdToCoinType } from '../../../protocol/coin-type.js'
import { namesForAddress } from '../../names/store.js'
import { safeAvatar } from '../../names/attributes.js'

/** The identity response. */
export interface Identity {
  name: string | null
  avatar: string | null
}

const NONE: Identity = { name: null, avatar: null }

/** GET /v1/identity/{address}?chainId=. */
export function identityRoutes(deps: ApiDeps): Hono {
  const app = new Hono()
  app.get('/v1/identity/:address', async (c) => {
    const address = parseEvmAddress(c.req.param('address'))
    const raw = c.req.query('chainId')
    let coinType = ETH_COIN_TYPE
    if (raw) {
      const parsed = parseChainId(raw)
      if (parsed.chainId === null || isTestnet(deps.config.chains, parsed.chainId)) return c.json(NONE)
      try {
        coinType = evmChainIdToCoinType(parsed.chainId)
      } catch (err) {
        throw invalidField('invalid_chain_id', 'chainId', (err as Error).message)
      }
    }
    // a name registered for this chain wins; otherwise any name the address holds
    const exact = await namesForAddress(deps.store, address, coinType)
    const record = exact[0] ?? (await namesForAddress(deps.store, address, null))[0]
    if (!record) return c.json(NONE)
    // records stored before the attribute checks may hold any avatar: only an http(s) one goes out
    return c.json({ name: record.name, avatar: safeAvatar(record.attributes.avatar) } satisfies Identity)
  })
  return app
}
