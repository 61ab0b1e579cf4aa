// The local on-ramp provider: the embedded default adapter. It quotes at the market price the Tokens tab shows (the
// operator's table, the local pools, the price API: server/api/prices.ts) with one fee (SPEC §9), and refuses to quote
// a token that has no price; keeps quotes and orders in memory (bounded in number, forgotten once expired), and delivers from its
// hot wallets (payout.ts) when the visitor pays on its checkout page (checkout.ts). It plays a real provider so the whole buy flow settles on the local chains.
import { randomUUID } from 'node:crypto'
import type { PriceSource } from '../api/prices.js'
import type { ChainConfig, SolanaChainConfig } from '../types.js'
import {
  OnRampError,
  type OnRampOptions,
  type OnRampOrder,
  type OnRampProviderAdapter,
  type OnRampQuote,
  type PurchaseCurrency,
  type QuoteRequest,
} from './adapter.js'
import type { Payout } from './payout.js'
import {
  formatCents,
  formatUnits,
  limitViolation,
  parseCents,
  parseMicroUsd,
  quoteFigures,
  USD_LIMITS,
} from './quote.js'

/** How long a quote can be paid for. */
export const QUOTE_TTL_MS = 10 * 60_000
/** Open quotes kept at most (default of `maxQuotes`); an order lives with its quote. */
export const MAX_QUOTES = 10_000
/** How long a paid order can still be looked up. */
export const FINISHED_ORDER_TTL_MS = 24 * 3600_000

/** A quote with what the provider needs to honour it. */
export interface StoredQuote extends OnRampQuote {
  token: string
  decimals: number
  units: bigint
  used: boolean
}

/** The local provider: an adapter plus what its checkout page needs. */
export interface LocalProvider extends OnRampProviderAdapter {
  /** The stored quote, or null when unknown or expired. */
  storedQuote(id: string): StoredQuote | null
  /** Opens (or returns) the order of a quote for a wallet; throws OnRampError when the quote cannot be used. */
  openOrder(p: { quoteId: string; walletAddress: string; externalCustomerId: string }): OnRampOrder
  /** Marks the order paid and delivers; resolves with the completed (or failed) order. */
  pay(quoteId: string): Promise<OnRampOrder>
}

/** Options of createLocalProvider. */
export interface LocalProviderOptions {
  chains: ChainConfig[]
  solana: SolanaChainConfig[]
  /** The market prices (the chain-data routes' source), so a quote sells at the price the Tokens tab shows. */
  prices: PriceSource
  feeBps: number
  publicKey: string
  checkoutUrl: string
  payout: Payout
  now?: () => number
  /** Quotes (with their orders) kept at most; default MAX_QUOTES. */
  maxQuotes?: number
}

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** The currencies the provider sells on the given chains: USDC on every chain that has it, SOL on Solana. */
export function purchaseCurrencies(chains: ChainConfig[], solana: SolanaChainConfig[]): PurchaseCurrency[] {
  const usdc: PurchaseCurrency = { id: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6, networks: [] }
  const sol: PurchaseCurrency = { id: 'SOL', name: 'Solana', symbol: 'SOL', decimals: 9, networks: [] }
  for (const c of chains) {
    const t = c.tokens.find((x) => x.symbol === 'USDC' && x.decimals === 6)
    if (t) usdc.networks.push(network(c.name, c.caipNetworkId, t.address))
  }
  for (const c of solana) {
    const t = c.tokens.find((x) => x.symbol === 'USDC' && x.decimals === 6)
    if (t) usdc.networks.push(network(c.name, c.caipNetworkId, t.mint))
    sol.networks.push(network(c.name, c.caipNetworkId, ''))
  }
  return [usdc, sol].filter((p) => p.networks.length > 0)
}

function network(displayName: string, chainId: string, contract: string) {
  return { name: chainId, display_name: displayName, chain_id: chainId, contract_address: contract }
}

// A market price to whole micro-USD, rounded up: the provider never sells below the market.
function microUsdCeil(usd: string): string {
  const [whole, frac = ''] = usd.split('.')
  const micro = BigInt(whole) * 1_000_000n + BigInt(frac.slice(0, 6).padEnd(6, '0'))
  const up = /[1-9]/.test(frac.slice(6)) ? micro + 1n : micro
  return `${up / 1_000_000n}.${String(up % 1_000_000n).padStart(6, '0')}`
}

/** Creates the local provider over the given chains. */
export function createLocalProvider(opts: LocalProviderOptions): LocalProvider {
  const now = opts.now ?? Date.now
  const quotes = new Map<string, StoredQuote>()
  const orders = new Map<string, OnRampOrder>()
  const paidAt = new Map<string, number>()
  const maxQuotes = opts.maxQuotes ?? MAX_QUOTES

  // An expired quote goes with its unpaid order; a paid order stays a day for the modal to read, then goes too.
  function prune() {
    const t = now()
    for (const [id, q] of quotes) {
      const paid = paidAt.get(id)
      if (paid === undefined ? Date.parse(q.expiresAt) < t : t - paid > FINISHED_ORDER_TTL_MS) {
        quotes.delete(id)
        orders.delete(id)
        paidAt.delete(id)
      }
    }
  }
  const options: OnRampOptions = {
    purchaseCurrencies: purchaseCurrencies(opts.chains, opts.solana),
    paymentCurrencies: [{ id: 'USD', payment_method_limits: USD_LIMITS.map((l) => ({ ...l })) }],
  }

  function storedQuote(id: string): StoredQuote | null {
    const q = quotes.get(id)
    if (!q || Date.parse(q.expiresAt) < now()) return null
    return q
  }

  async function quote(req: QuoteRequest): Promise<OnRampQuote> {
    const fiat = options.paymentCurrencies.find((p) => p.id === req.paymentCurrency)
    if (!fiat)
      throw new OnRampError(`${req.paymentCurrency} is not a payment currency of this provider`, 'paymentCurrency')
    const limit = fiat.payment_method_limits.find((l) => l.id === req.paymentMethod)
    if (!limit) throw new OnRampError(`Unknown payment method ${req.paymentMethod}`, 'paymentMethod')
    const cents = parseCents(req.amount)
    if (cents === null) throw new OnRampError('The amount must be a number with at most two decimals', 'amount')
    const violation = limitViolation(cents, limit)
    if (violation) throw new OnRampError(`${violation} ${fiat.id} by ${limit.id}`, 'amount')
    const currency = options.purchaseCurrencies.find((p) => p.id === req.purchaseCurrency)
    if (!currency) throw new OnRampError(`${req.purchaseCurrency} is not sold by this provider`, 'purchaseCurrency')
    const net = currency.networks.find((n) => n.chain_id === req.network)
    if (!net) throw new OnRampError(`${currency.symbol} is not sold on ${req.network}`, 'network')
    prune()
    if (quotes.size >= maxQuotes)
      throw new OnRampError('The provider has too many open quotes; try again in a few minutes', 'amount')
    const market = await opts.prices
      .price({
        caipNetworkId: net.chain_id,
        token: net.contract_address || null,
        symbol: currency.symbol,
        decimals: currency.decimals,
      })
      .catch(() => undefined)
    const price = market ? parseMicroUsd(microUsdCeil(market.usd)) : null
    if (price === null) throw new OnRampError(`No price for ${currency.symbol} on ${net.chain_id}`, 'purchaseCurrency')
    const { feeCents, purchaseUnits } = quoteFigures(cents, opts.feeBps, price, currency.decimals)
    const q: StoredQuote = {
      id: randomUUID(),
      serviceProvider: 'local',
      purchaseAmount: { amount: formatUnits(purchaseUnits, currency.decimals), currency: currency.symbol },
      paymentAmount: { amount: formatCents(cents), currency: fiat.id },
      fee: { amount: formatCents(feeCents), currency: fiat.id, bps: opts.feeBps },
      network: net.chain_id,
      paymentMethod: limit.id,
      expiresAt: new Date(now() + QUOTE_TTL_MS).toISOString(),
      token: net.contract_address,
      decimals: currency.decimals,
      units: purchaseUnits,
      used: false,
    }
    quotes.set(q.id, q)
    const { token: _t, decimals: _d, units: _u, used: _x, ...pub } = q
    return pub
  }

  function openOrder(p: { quoteId: string; walletAddress: string; externalCustomerId: string }): OnRampOrder {
    prune()
    const existing = orders.get(p.quoteId)
    if (existing) return existing
    const q = storedQuote(p.quoteId)
    if (!q) throw new OnRampError('This quote is unknown or has expired; ask for a new one', 'quoteId')
    const valid = q.network.startsWith('solana:') ? SOLANA_ADDRESS : EVM_ADDRESS
    if (!valid.test(p.walletAddress)) throw new OnRampError(`Not a wallet address on ${q.network}`, 'walletAddress')
    if (!p.externalCustomerId) throw new OnRampError('externalCustomerId is required', 'externalCustomerId')
    const order: OnRampOrder = {
      externalCustomerId: p.externalCustomerId,
      status: 'pending',
      quoteId: q.id,
      purchaseAmount: q.purchaseAmount.amount,
      currency: q.purchaseAmount.currency,
      network: q.network,
      walletAddress: p.walletAddress,
    }
    orders.set(q.id, order)
    return order
  }

  async function pay(quoteId: string): Promise<OnRampOrder> {
    const order = orders.get(quoteId)
    const q = quotes.get(quoteId)
    if (!order || !q) throw new OnRampError('No order for this quote', 'quoteId')
    if (q.used) throw new OnRampError('This order is already paid', 'quoteId')
    q.used = true
    paidAt.set(quoteId, now())
    order.status = 'paid'
    try {
      order.transactionHash = await opts.payout.deliver({
        network: q.network,
        token: q.token,
        decimals: q.decimals,
        to: order.walletAddress,
        units: q.units,
      })
      order.status = 'completed'
    } catch (err) {
      order.status = 'failed'
      order.reason = (err as Error).message
    }
    return { ...order }
  }

  return {
    id: 'local',
    name: 'Foyer Local Pay',
    feeBps: opts.feeBps,
    namespaces: ['eip155', 'solana'],
    publicKey: opts.publicKey,
    checkoutUrl: opts.checkoutUrl,
    options: async () => structuredClone(options),
    quote,
    order: async (id) => {
      prune()
      const o = orders.get(id)
      return o ? { ...o } : null
    },
    storedQuote,
    openOrder,
    pay,
  }
}
