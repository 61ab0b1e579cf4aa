// GET /v1/balances/{address}: native and token balances read live from each chain — EVM addresses from the chains'
// RPC (native + configured ERC-20s), Solana addresses from the Solana nodes (SOL + configured SPL mints) — priced by
// the market (chain-clients.ts), each price naming its source; a token without a price has price and value null.
// Testnets answer an empty list (SPEC §5); zero balances are left out.
import { Hono } from 'hono'
import { erc20Abi, formatUnits, type Address, type PublicClient } from 'viem'
import type { ChainConfig, SolanaChainConfig } from '../../types.js'
import { chainClients, priceSourceOf, rpcFailure, type ChainDeps } from '../chain-clients.js'
import { EVM_ADDRESS_PATTERN, chainsForQuery, parseChainId, parseEvmAddress } from '../chain-params.js'
import { invalidField } from '../errors.js'
import { baseUrl, clip } from '../params.js'
import { usdValue, type PriceSource } from '../prices.js'
import { readSolanaBalances, SOLANA_ADDRESS_PATTERN, SOLANA_TESTNETS } from '../solana-reads.js'
import { tokenIconPath } from './icons.js'

/** One balance: a SPEC §5 wallet asset plus the SPEC §3/§7 token-balance fields. */
export interface BalanceItem {
  /** CAIP-10 id of the token (ERC-20 contract, SPL mint); `<CAIP-2>:native` for the native token. */
  address: string
  /** Base units, decimal string. */
  balance: string
  /** NATIVE, or ERC20 for any fungible token (an ERC-20 contract or an SPL mint). */
  type: 'NATIVE' | 'ERC20'
  metadata: { name: string; symbol: string; decimals: number; price: string | null; iconUrl: string }
  /** CAIP-2 id of the chain. */
  chainId: string
  symbol: string
  quantity: { decimals: string; numeric: string }
  /** USD value (quantity × price), or null when the price is unknown. */
  value: string | null
  /** Where the price came from, or null when no source knows it. */
  priceSource: string | null
}

/** What one balance is built from. */
interface Holding {
  chainId: string
  token: string | null
  name: string
  symbol: string
  decimals: number
  amount: bigint
}

/** GET /v1/balances/{address}?chainId=&currency=usd. */
export function balancesRoutes(deps: ChainDeps): Hono {
  const app = new Hono()
  const clientOf = chainClients()
  app.get('/v1/balances/:address', async (c) => {
    const raw = c.req.param('address')
    const currency = c.req.query('currency') ?? 'usd'
    if (currency.toLowerCase() !== 'usd')
      throw invalidField('invalid_currency', 'currency', `"${clip(currency)}" is not supported; only usd`)
    const chainId = c.req.query('chainId')
    let holdings: Holding[][]
    if (!EVM_ADDRESS_PATTERN.test(raw) && SOLANA_ADDRESS_PATTERN.test(raw)) {
      const chains = solanaChainsForQuery(deps.config.solanaChains, chainId)
      holdings = await Promise.all(chains.filter((ch) => !ch.testnet).map((ch) => solanaHoldings(ch, raw)))
    } else {
      if (!EVM_ADDRESS_PATTERN.test(raw))
        throw invalidField('invalid_address', 'address', `"${clip(raw)}" is neither an EVM nor a Solana address`)
      const address = parseEvmAddress(raw)
      const chains = chainsForQuery(deps.config.chains, chainId)
      holdings = await Promise.all(
        chains.filter((ch) => !ch.testnet).map((ch) => evmHoldings(ch, address, clientOf(ch))),
      )
    }
    const prices = priceSourceOf(deps)
    const base = baseUrl(c, deps)
    const items = holdings.flat().filter((h) => h.amount > 0n)
    return c.json({ balances: await Promise.all(items.map((h) => toItem(h, prices, base))) })
  })
  return app
}

async function toItem(h: Holding, prices: PriceSource, base: string): Promise<BalanceItem> {
  const numeric = formatUnits(h.amount, h.decimals)
  const price = await prices.price({ caipNetworkId: h.chainId, token: h.token, symbol: h.symbol, decimals: h.decimals })
  const iconUrl = `${base}${tokenIconPath(h.symbol)}`
  return {
    address: `${h.chainId}:${h.token ?? 'native'}`,
    balance: h.amount.toString(),
    type: h.token === null ? 'NATIVE' : 'ERC20',
    metadata: { name: h.name, symbol: h.symbol, decimals: h.decimals, price: price?.usd ?? null, iconUrl },
    chainId: h.chainId,
    symbol: h.symbol,
    quantity: { decimals: String(h.decimals), numeric },
    value: price ? usdValue(numeric, price.usd) : null,
    priceSource: price?.source ?? null,
  }
}

async function evmHoldings(chain: ChainConfig, owner: Address, client: PublicClient): Promise<Holding[]> {
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
  const native = { token: null, name: chain.nativeName, symbol: chain.nativeSymbol, decimals: chain.nativeDecimals }
  return [native, ...chain.tokens.map((t) => ({ ...t, token: t.address as string }))].map((t, i) => ({
    chainId: chain.caipNetworkId,
    token: t.token,
    name: t.name,
    symbol: t.symbol,
    decimals: t.decimals,
    amount: raw[i],
  }))
}

async function solanaHoldings(chain: SolanaChainConfig, owner: string): Promise<Holding[]> {
  const { lamports, tokens } = await readSolanaBalances(chain, owner)
  const sol = { chainId: chain.caipNetworkId, token: null, name: 'Solana', symbol: 'SOL', decimals: 9 }
  return [
    { ...sol, amount: lamports },
    ...chain.tokens.map((t) => ({
      ...t,
      chainId: chain.caipNetworkId,
      token: t.mint,
      amount: tokens.get(t.mint) ?? 0n,
    })),
  ]
}

/** The Solana chains a query reads: all when absent, none for a known testnet not configured, else the one (or 400). */
function solanaChainsForQuery(chains: SolanaChainConfig[], raw: string | undefined): SolanaChainConfig[] {
  if (!raw) return chains
  const parsed = parseChainId(raw)
  if (parsed.namespace !== 'solana')
    throw invalidField(
      'invalid_chain_id',
      'chainId',
      `"${clip(raw)}" is not a Solana chain, and the address is Solana's`,
    )
  const chain = chains.find((ch) => ch.caipNetworkId === raw)
  if (chain) return [chain]
  if (SOLANA_TESTNETS.has(raw)) return []
  const known = chains.map((ch) => ch.caipNetworkId).join(', ') || 'none'
  throw invalidField('unknown_chain', 'chainId', `chain "${clip(raw)}" is not served here (configured: ${known})`)
}
