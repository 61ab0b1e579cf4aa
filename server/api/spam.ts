// The spam flag of history transfers. A token is spam when the operator's deny list names it (config.spamTokens:
// CAIP-10 ids such as "eip155:1:0xabc…", or bare addresses for every chain), or by one rule: an unsolicited transfer
// (into the account, in a transaction the account did not send) of a fungible token the server does not list, that
// no price source prices and that has no pool with reserves. NFTs are flagged by the deny list only: a mint is
// unsolicited by nature and NFTs rarely have a price.
import type { ChainConfig } from '../types.js'
import type { Market } from './chain-clients.js'

/** What the rule looks at for one transfer. */
export interface SpamQuery {
  chain: ChainConfig
  /** Token contract, lower-case. */
  token: string
  standard: 'erc20' | 'erc721'
  symbol: string
  decimals: number
  /** The transfer reached the account in a transaction someone else sent. */
  unsolicited: boolean
}

/** Classifies tokens; answers are kept for the life of the process (a token's verdict rarely changes). */
export interface SpamPolicy {
  isSpam(q: SpamQuery): Promise<boolean>
}

/** The policy of a config and market. */
export function spamPolicy(config: { spamTokens: readonly string[] }, market: Market): SpamPolicy {
  const deny = new Set(config.spamTokens.map((t) => t.toLowerCase()))
  const verdicts = new Map<string, Promise<boolean>>()
  const unpriced = async (q: SpamQuery): Promise<boolean> => {
    const query = { caipNetworkId: q.chain.caipNetworkId, token: q.token, symbol: q.symbol, decimals: q.decimals }
    if (await market.prices.price(query)) return false
    return !(await market.hasLiquidity(q.chain, q.token))
  }
  return {
    async isSpam(q) {
      if (deny.has(q.token) || deny.has(`${q.chain.caipNetworkId}:${q.token}`)) return true
      if (q.standard !== 'erc20' || !q.unsolicited) return false
      if (q.chain.tokens.some((t) => t.address.toLowerCase() === q.token)) return false
      const key = `${q.chain.caipNetworkId}:${q.token}`
      let verdict = verdicts.get(key)
      if (!verdict) {
        verdict = unpriced(q).catch(() => false)
        verdicts.set(key, verdict)
      }
      return verdict
    },
  }
}
