// GET /v1/balances/{address}: native and ERC20 balances read live from each chain's RPC, valued with the price
// source. Testnets answer an empty list (SPEC §5); zero balances are left out.
import { Hono } from 'hono'
import { erc20Abi, formatUnits, type Address, type PublicClient } from 'viem'
import type { ChainConfig } from '../../types.js'
import { chainClients, priceSourceOf, rpcFailure, type ChainDeps } from '../chain-clients.js'
import { chainsForQuery, parseEvmAddress } from '../chain-params.js'
import { invalidField } from '../errors.js'
import { clip } from '../params.js'
import { tokenIconUrl, usdValue, type PriceSource } from '../prices.js'

/** One balance entry of the response (SPEC §3 Token balance). */
export interface BalanceItem {
  name: string
  symbol: string
  /** CAIP-2 chain id. */
  chainId: string
  /** CAIP-10 id of the token contract; absent for the native token. */
  address?: string
  value: number
  price: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

/** GET /v1/balances/{address}?chainId=&currency=usd. */
export function balancesRoutes(deps: ChainDeps): Hono {
  const app = new Hono()
  const clientOf = chainClients()
  const prices = priceSourceOf(deps)
  app.get('/v1/balances/:address', async (c) => {
    const address = parseEvmAddress(c.req.param('address'))
    const currency = c.req.query('currency') ?? 'usd'
    if (currency.toLowerCase() !== 'usd')
      throw invalidField('invalid_currency', 'currency', `"${clip(currency)}" is not supported; only usd`)
    const chains = chainsForQuery(deps.config.chains, c.req.query('chainId'))
    const lists = await Promise.all(
      chains.filter((ch) => !ch.testnet).map((ch) => chainBalances(ch, address, clientOf(ch), prices)),
    )
    return c.json({ balances: lists.flat() })
  })
  return app
}

async function chainBalances(
  chain: ChainConfig,
  owner: Address,
  client: PublicClient,
  prices: PriceSource,
): Promise<BalanceItem[]> {
  let raw: bigint[]
  try {
    // no multicall contract on a fresh anvil: parallel calls, which the batching transport sends as one request
    raw = await Promise.all([
      client.getBalance({ address: owner }),
      ...chain.tokens.map((t) =>
        client.readContract({ address: t.address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
      ),
    ])
  } catch (err) {
    throw rpcFailure(chain, err)
  }
  const entries = [
    {
      name: chain.nativeName,
      symbol: chain.nativeSymbol,
      decimals: chain.nativeDecimals,
      address: null as string | null,
    },
    ...chain.tokens.map((t) => ({
      name: t.name,
      symbol: t.symbol,
      decimals: t.decimals,
      address: t.address as string | null,
    })),
  ]
  const items: BalanceItem[] = []
  for (const [i, e] of entries.entries()) {
    if (raw[i] === 0n) continue
    const numeric = formatUnits(raw[i], e.decimals)
    const price = await prices.priceUsd({ chain, symbol: e.symbol, address: e.address })
    items.push({
      name: e.name,
      symbol: e.symbol,
      chainId: chain.caipNetworkId,
      ...(e.address ? { address: `${chain.caipNetworkId}:${e.address}` } : {}),
      value: usdValue(numeric, price),
      price,
      quantity: { decimals: String(e.decimals), numeric },
      iconUrl: tokenIconUrl(e.symbol),
    })
  }
  return items
}
