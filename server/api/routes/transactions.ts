// GET /v1/transactions/{address}: the address's indexed history, newest first, with opaque cursor paging. Each
// transfer the address sent or received is a fungible one (fungible_info, priced by the market) or an NFT (nft_info,
// its image served by this server); both carry the spam flag of spam.ts.
import { Hono } from 'hono'
import { formatUnits, getAddress } from 'viem'
import { InvalidCursorError, readHistory, type HistoryEntry, type HistoryTransfer } from '../../indexer/history.js'
import { readTokens, type StoredToken } from '../../indexer/tokens.js'
import type { ChainConfig } from '../../types.js'
import { marketOf, type ChainDeps, type Market } from '../chain-clients.js'
import { chainsForQuery, parseEvmAddress } from '../chain-params.js'
import { invalidField } from '../errors.js'
import { baseUrl, intParam } from '../params.js'
import { usdValue } from '../prices.js'
import { spamPolicy, type SpamPolicy } from '../spam.js'
import { tokenIconPath } from './icons.js'
import { nftImagePath } from './nfts.js'
import { approvalOf, operationType, type OperationType, type TransactionApproval } from './transaction-kinds.js'

const ZERO = '0x0000000000000000000000000000000000000000'

/** One transfer of a transaction item: fungible_info for a coin or token, nft_info for an NFT. */
export interface TransactionTransfer {
  fungible_info?: { name: string; symbol: string; icon: { url: string }; spam: boolean }
  nft_info?: {
    name: string
    collection: string
    contract: string
    tokenId: string
    image: { url: string }
    spam: boolean
  }
  direction: 'in' | 'out'
  quantity: { numeric: string; decimals: number }
  /** USD value at the current price, or null when the price is unknown. */
  value: string | null
  price: string | null
}

/** One transaction item (SPEC §3 Transaction). */
export interface TransactionItem {
  id: string
  metadata: {
    minedAt: string
    chain: string
    hash: string
    operationType: OperationType
    status: 'confirmed' | 'failed'
    sentFrom: string
    sentTo: string
    /** An approval's allowance: the token, who may spend it, and how much (`unlimited` for the all-ones amount). */
    approval?: TransactionApproval
  }
  transfers: TransactionTransfer[]
}

interface ItemContext {
  me: string
  chain: ChainConfig
  tokens: Map<string, StoredToken>
  market: Market
  spam: SpamPolicy
  base: string
}

/** GET /v1/transactions/{address}?chainId=&cursor=&limit=. */
export function transactionsRoutes(deps: ChainDeps): Hono {
  const app = new Hono()
  app.get('/v1/transactions/:address', async (c) => {
    const address = parseEvmAddress(c.req.param('address'))
    const chains = chainsForQuery(deps.config.chains, c.req.query('chainId'))
    const limit = intParam(c, 'limit', 20, 1, 100)
    const cursor = c.req.query('cursor') || undefined
    if (cursor !== undefined && cursor.length > 200)
      throw invalidField('invalid_cursor', 'cursor', 'the cursor is not one this server issued')
    let page
    try {
      page = await readHistory(deps.store, { address, chainIds: chains.map((ch) => ch.chainId), cursor, limit })
    } catch (err) {
      if (err instanceof InvalidCursorError)
        throw invalidField(
          'invalid_cursor',
          'cursor',
          'the cursor is not one this server issued; start again without it',
        )
      throw err
    }
    const market = marketOf(deps)
    const tokenAddresses = [
      ...new Set(
        page.entries.flatMap((e) => [...e.transfers.flatMap((t) => t.token ?? []), ...(e.approval?.token ?? [])]),
      ),
    ]
    const tokens = await readTokens(deps.store, [...new Set(page.entries.map((e) => e.chainId))], tokenAddresses)
    const byId = new Map(chains.map((ch) => [ch.chainId, ch]))
    const spam = spamOf(deps, market)
    const base = baseUrl(c, deps)
    const me = address.toLowerCase()
    const data = await Promise.all(
      page.entries.map((e) => toItem(e, { me, chain: byId.get(e.chainId)!, tokens, market, spam, base })),
    )
    return c.json({ data, next: page.next })
  })
  return app
}

const policies = new WeakMap<object, SpamPolicy>()
function spamOf(deps: ChainDeps, market: Market): SpamPolicy {
  let p = policies.get(deps.config)
  if (!p) policies.set(deps.config, (p = spamPolicy(deps.config, market)))
  return p
}

async function toItem(e: HistoryEntry, ctx: ItemContext): Promise<TransactionItem> {
  const mine = e.transfers.filter((t) => t.from === ctx.me || t.to === ctx.me)
  const transfers = await Promise.all(mine.map((t) => toTransfer(t, e, ctx)))
  const first = mine[0]
  const operation = operationType(e, ctx.me, mine)
  const approval =
    operation === 'approve' && e.approval ? { approval: approvalOf(e.approval, ctx.chain, ctx.tokens, ctx.base) } : {}
  return {
    id: `${ctx.chain.caipNetworkId}:${e.hash}`,
    metadata: {
      minedAt: new Date(e.blockTime * 1000).toISOString(),
      chain: ctx.chain.caipNetworkId,
      hash: e.hash,
      operationType: operation,
      status: e.status,
      // for a token transfer the counterparty matters more than the token contract the transaction called
      sentFrom: getAddress(first ? first.from : e.from),
      sentTo: getAddress(first ? first.to : (e.to ?? e.contractAddress ?? ZERO)),
      ...approval,
    },
    transfers,
  }
}

async function toTransfer(t: HistoryTransfer, e: HistoryEntry, ctx: ItemContext): Promise<TransactionTransfer> {
  const { chain, me } = ctx
  const direction = t.from === me ? 'out' : 'in'
  const stored = t.token === null ? undefined : ctx.tokens.get(`${chain.chainId}:${t.token}`)
  const configured = t.token === null ? undefined : chain.tokens.find((k) => k.address.toLowerCase() === t.token)
  const unsolicited = direction === 'in' && e.from !== me
  if (t.token !== null && t.tokenId !== null) {
    const collection = stored?.name ?? 'Unknown collection'
    const spam = await ctx.spam.isSpam({
      chain,
      token: t.token,
      standard: 'erc721',
      symbol: '',
      decimals: 0,
      unsolicited,
    })
    return {
      nft_info: {
        name: `${collection} #${t.tokenId}`,
        collection,
        contract: getAddress(t.token),
        tokenId: t.tokenId,
        image: { url: `${ctx.base}${nftImagePath(chain.caipNetworkId, t.token, t.tokenId)}` },
        spam,
      },
      direction,
      quantity: { numeric: '1', decimals: 0 },
      value: null,
      price: null,
    }
  }
  const meta =
    t.token === null
      ? { name: chain.nativeName, symbol: chain.nativeSymbol, decimals: chain.nativeDecimals }
      : {
          name: configured?.name ?? stored?.name ?? 'Unknown token',
          symbol: configured?.symbol ?? stored?.symbol ?? '?',
          decimals: configured?.decimals ?? stored?.decimals ?? 0,
        }
  const numeric = formatUnits(BigInt(t.amount), meta.decimals)
  const query = { caipNetworkId: chain.caipNetworkId, token: t.token, symbol: meta.symbol, decimals: meta.decimals }
  const [price, spam] = await Promise.all([
    ctx.market.prices.price(query),
    t.token === null ? false : ctx.spam.isSpam({ chain, token: t.token, standard: 'erc20', ...meta, unsolicited }),
  ])
  return {
    fungible_info: {
      name: meta.name,
      symbol: meta.symbol,
      icon: { url: `${ctx.base}${tokenIconPath(meta.symbol)}` },
      spam,
    },
    direction,
    quantity: { numeric, decimals: meta.decimals },
    value: price ? usdValue(numeric, price.usd) : null,
    price: price?.usd ?? null,
  }
}
