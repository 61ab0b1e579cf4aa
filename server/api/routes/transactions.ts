// GET /v1/transactions/{address}: the address's indexed history, newest first, with opaque cursor paging.
import { Hono } from 'hono'
import { formatUnits, getAddress } from 'viem'
import { InvalidCursorError, readHistory, type HistoryEntry, type HistoryTransfer } from '../../indexer/history.js'
import type { ChainConfig } from '../../types.js'
import { priceSourceOf, type ChainDeps } from '../chain-clients.js'
import { chainsForQuery, parseEvmAddress } from '../chain-params.js'
import { invalidField } from '../errors.js'
import { intParam } from '../params.js'
import { tokenIconUrl, usdValue, type PriceSource } from '../prices.js'

const ZERO = '0x0000000000000000000000000000000000000000'

/** One transfer of a transaction item. */
export interface TransactionTransfer {
  fungible_info: { name: string; symbol: string; icon: { url: string }; spam: boolean }
  direction: 'in' | 'out'
  quantity: { numeric: string; decimals: number }
  value: number
  price: number
}

/** One transaction item (SPEC §3 Transaction). */
export interface TransactionItem {
  id: string
  metadata: {
    minedAt: string
    chain: string
    hash: string
    operationType: 'send' | 'receive' | 'mint' | 'burn' | 'deploy' | 'execute'
    status: 'confirmed' | 'failed'
    sentFrom: string
    sentTo: string
  }
  transfers: TransactionTransfer[]
}

/** GET /v1/transactions/{address}?chainId=&cursor=&limit=. */
export function transactionsRoutes(deps: ChainDeps): Hono {
  const app = new Hono()
  const prices = priceSourceOf(deps)
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
    const byId = new Map(chains.map((ch) => [ch.chainId, ch]))
    const data = await Promise.all(
      page.entries.map((e) => toItem(e, address.toLowerCase(), byId.get(e.chainId)!, prices)),
    )
    return c.json({ data, next: page.next })
  })
  return app
}

async function toItem(e: HistoryEntry, me: string, chain: ChainConfig, prices: PriceSource): Promise<TransactionItem> {
  const known = new Set(chain.tokens.map((k) => k.address.toLowerCase()))
  // transfers of a token no longer configured have no metadata to show: leave them out
  const mine = e.transfers.filter((t) => (t.from === me || t.to === me) && (t.token === null || known.has(t.token)))
  const transfers = await Promise.all(mine.map((t) => toTransfer(t, me, chain, prices)))
  const first = mine[0]
  return {
    id: `${chain.caipNetworkId}:${e.hash}`,
    metadata: {
      minedAt: new Date(e.blockTime * 1000).toISOString(),
      chain: chain.caipNetworkId,
      hash: e.hash,
      operationType: operationType(e, me, mine),
      status: e.status,
      // for a token transfer the counterparty matters more than the token contract the transaction called
      sentFrom: getAddress(first ? first.from : e.from),
      sentTo: getAddress(first ? first.to : (e.to ?? e.contractAddress ?? ZERO)),
    },
    transfers,
  }
}

function operationType(
  e: HistoryEntry,
  me: string,
  mine: HistoryTransfer[],
): TransactionItem['metadata']['operationType'] {
  if (e.from === me && e.to === null) return 'deploy'
  if (mine.some((t) => t.to === me && t.from === ZERO)) return 'mint'
  if (mine.some((t) => t.from === me && t.to === ZERO)) return 'burn'
  if (mine.some((t) => t.from === me)) return 'send'
  if (mine.some((t) => t.to === me)) return 'receive'
  return e.from === me ? 'execute' : 'receive'
}

async function toTransfer(
  t: HistoryTransfer,
  me: string,
  chain: ChainConfig,
  prices: PriceSource,
): Promise<TransactionTransfer> {
  const token = t.token === null ? undefined : chain.tokens.find((k) => k.address.toLowerCase() === t.token)
  const meta = token ?? { name: chain.nativeName, symbol: chain.nativeSymbol, decimals: chain.nativeDecimals }
  const numeric = formatUnits(BigInt(t.amount), meta.decimals)
  const price = await prices.priceUsd({ chain, symbol: meta.symbol, address: token ? token.address : null })
  return {
    fungible_info: { name: meta.name, symbol: meta.symbol, icon: { url: tokenIconUrl(meta.symbol) }, spam: false },
    direction: t.from === me ? 'out' : 'in',
    quantity: { numeric, decimals: meta.decimals },
    value: usdValue(numeric, price),
    price,
  }
}
