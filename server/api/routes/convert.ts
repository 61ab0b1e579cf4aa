// The swap endpoints (SPEC §7 swap tokens, gas price, swap allowance; plus quotes and the transactions to sign), on
// the chain's Uniswap V2 deployment. Paths follow the modal's convert API: /v1/convert/….
import { Hono, type Context } from 'hono'
import { chainClients, priceSourceOf, rpcFailure, type ChainDeps } from '../chain-clients.js'
import { parseEvmAddress } from '../chain-params.js'
import { ApiError, invalidField } from '../errors.js'
import { clip, readJson } from '../params.js'
import { insufficientBalance, quoteForUser } from '../swap/account.js'
import { maximumSold, minimumReceived } from '../swap/math.js'
import { quoteSwap, type SwapKind } from '../swap/quote.js'
import { poolToken, swapChain, swapTokens, type PoolToken, type SwapChain } from '../swap/tokens.js'
import {
  amountNeeded,
  approveTransaction,
  balanceOf,
  gasPrice,
  routerAllowance,
  spendLimit,
  swapTransaction,
  swapDeadline,
  withGas,
} from '../swap/transactions.js'

/** Parses a positive amount in a token's smallest units; 400 invalid_amount otherwise. */
export function parseAmount(raw: unknown, field: string): bigint {
  if (typeof raw !== 'string' || !/^\d{1,78}$/.test(raw))
    throw invalidField('invalid_amount', field, `"${clip(String(raw ?? ''))}" is not an amount in smallest units`)
  const n = BigInt(raw)
  if (n === 0n) throw invalidField('invalid_amount', field, 'the amount must be greater than 0')
  return n
}

function pair(chain: SwapChain, fromRaw: unknown, toRaw: unknown): [PoolToken, PoolToken] {
  const from = poolToken(chain, typeof fromRaw === 'string' ? fromRaw : undefined, 'from')
  const to = poolToken(chain, typeof toRaw === 'string' ? toRaw : undefined, 'to')
  if (from.pool === to.pool)
    throw invalidField('same_token', 'to', 'the token to buy must differ from the token to sell')
  return [from, to]
}

/** GET tokens, quotes, gas-price, allowance, build-approve; POST build-transaction. */
export function convertRoutes(deps: ChainDeps): Hono {
  const app = new Hono()
  const clientOf = chainClients()
  const prices = priceSourceOf(deps)
  const chainOf = (c: Context) => swapChain(deps.config.chains, c.req.query('chainId'))
  const rpc = async <T>(chain: SwapChain, run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } catch (err) {
      throw err instanceof ApiError ? err : rpcFailure(chain, err)
    }
  }

  app.get('/v1/convert/tokens', (c) => c.json({ tokens: swapTokens(chainOf(c)) }))

  app.get('/v1/convert/gas-price', async (c) => {
    const chain = chainOf(c)
    return c.json(await rpc(chain, () => gasPrice(clientOf(chain))))
  })

  app.get('/v1/convert/allowance', async (c) => {
    const chain = chainOf(c)
    const token = poolToken(chain, c.req.query('tokenAddress'), 'tokenAddress')
    const user = parseEvmAddress(c.req.query('userAddress'), 'userAddress')
    const allowance = await rpc(chain, () => routerAllowance(clientOf(chain), chain, token, user))
    // the native token is spent as the transaction's value: nothing to approve
    return c.json({ allowance: allowance === null ? null : String(allowance), spender: chain.uniswapV2.router })
  })

  app.get('/v1/convert/build-approve', async (c) => {
    const chain = chainOf(c)
    const token = poolToken(chain, c.req.query('tokenAddress'), 'tokenAddress')
    const user = parseEvmAddress(c.req.query('userAddress'), 'userAddress')
    const amount = parseAmount(c.req.query('amount'), 'amount')
    if (!token.erc20) throw invalidField('native_token', 'tokenAddress', `${token.symbol} needs no approval`)
    const tx = approveTransaction(chain, token.erc20, user, amount)
    return c.json({ tx: await withGas(clientOf(chain), tx).catch(() => tx) })
  })

  app.get('/v1/convert/quotes', async (c) => {
    const chain = chainOf(c)
    const [from, to] = pair(chain, c.req.query('from'), c.req.query('to'))
    const exactOut = c.req.query('toAmount') !== undefined
    if (exactOut === (c.req.query('amount') !== undefined))
      throw invalidField('invalid_amount', 'amount', 'give either amount (to sell) or toAmount (to buy)')
    const kind: SwapKind = exactOut ? 'exactOut' : 'exactIn'
    const amount = parseAmount(
      exactOut ? c.req.query('toAmount') : c.req.query('amount'),
      exactOut ? 'toAmount' : 'amount',
    )
    const rawUser = c.req.query('userAddress')
    const user = rawUser === undefined ? undefined : parseEvmAddress(rawUser, 'userAddress')
    const client = clientOf(chain)
    const quote = await quoteSwap(client, chain, from, to, kind, amount)
    if (!user) return c.json({ quote })
    const extra = await rpc(chain, () => quoteForUser(client, chain, { from, to, quote, user, prices }))
    return c.json({ quote: { ...quote, ...extra } })
  })

  app.post('/v1/convert/build-transaction', async (c) => {
    const body = await readJson(c)
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw invalidField('invalid_body', 'body', 'expected a JSON object')
    const b = body as Record<string, unknown>
    const chain = swapChain(deps.config.chains, typeof b.chainId === 'string' ? b.chainId : undefined)
    const [from, to] = pair(chain, b.from, b.to)
    const user = parseEvmAddress(typeof b.userAddress === 'string' ? b.userAddress : undefined, 'userAddress')
    if (b.kind !== 'exactIn' && b.kind !== 'exactOut')
      throw invalidField('invalid_kind', 'kind', 'expected "exactIn" or "exactOut"')
    const fromAmount = parseAmount(b.fromAmount, 'fromAmount')
    const toAmount = parseAmount(b.toAmount, 'toAmount')
    const client = clientOf(chain)
    // The server quotes again and bounds the swap by that fresh quote and the SPEC 1 % slippage: the caller's amounts
    // only say what it sells (exactIn) or buys (exactOut) and what price it was shown, never the bound itself.
    const quote = await quoteSwap(client, chain, from, to, b.kind, b.kind === 'exactIn' ? fromAmount : toAmount)
    const fresh = { from: BigInt(quote.fromAmount), to: BigInt(quote.toAmount) }
    // A price that moved more than the slippage since the visitor saw it asks for a new look, not a worse trade.
    if (b.kind === 'exactIn' ? fresh.to < minimumReceived(toAmount) : fresh.from > maximumSold(fromAmount))
      throw quoteExpired()
    const [block, balance, allowance] = await rpc(chain, () =>
      Promise.all([client.getBlock(), balanceOf(client, from, user), routerAllowance(client, chain, from, user)]),
    )
    const needed = amountNeeded(from, b.kind, fresh.from)
    if (balance < needed) throw insufficientBalance(from, balance, needed)
    const limit = spendLimit(b.kind, fresh.from)
    const deadline = swapDeadline(block.timestamp)
    const tx = swapTransaction(chain, {
      from,
      to,
      kind: b.kind,
      fromAmount: fresh.from,
      toAmount: fresh.to,
      path: quote.path,
      user,
      deadline,
    })
    // a swap still waiting for its approval cannot be estimated: the wallet sets its gas (or batches it after approve)
    if (allowance !== null && allowance < limit) return c.json({ tx, approvalRequired: true })
    try {
      return c.json({ tx: await withGas(client, tx), approvalRequired: false })
    } catch {
      throw quoteExpired()
    }
  })
  return app
}

function quoteExpired(): ApiError {
  return new ApiError(409, 'quote_expired', 'The price moved more than 1 % since the quote', [
    { field: 'toAmount', description: 'The price moved more than the 1 % slippage since the quote: get a new quote' },
  ])
}
