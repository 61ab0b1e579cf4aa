// The local exchange: plays a centralised exchange for "pay with exchange". The modal asks it (through the API) for a
// payment of an asset to a recipient; the visitor logs in on the exchange's page and the exchange's hot wallet pays
// the recipient on chain (server/onramp/payout.ts). Payments are kept in memory: pending → paying → completed | failed,
// at most `maxPayments` of them; a pending one is forgotten after 30 minutes, a finished one after a day. The public
// test account holds a balance of each asset that its payments draw on, so it cannot pay any amount to anyone.
import { randomUUID } from 'node:crypto'
import { formatUnits, parseUnits } from 'viem'
import type { Payout } from '../onramp/payout.js'
import type { ChainConfig, SolanaChainConfig } from '../types.js'
import type { ExchangePayment, ExchangePaymentRequest, OpenedPayment } from '../../protocol/wire/exchange.js'

// The payment asked for and the payment as the API shows it are the wire shapes the pay plugin reads too.
export type { ExchangePayment, ExchangePaymentRequest } from '../../protocol/wire/exchange.js'

/** A request the exchange refuses, naming the field at fault. */
export class ExchangeError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message)
  }
}

/** What the API's exchange routes need from an exchange (a real exchange's adapter has the same shape). */
export interface ExchangeAdapter {
  id: string
  name: string
  /** Namespaces whose networks it pays on. */
  namespaces: string[]
  /** Opens a payment; `url` is the exchange's page where the visitor logs in and confirms. */
  createPayment(req: ExchangePaymentRequest): Promise<OpenedPayment>
  payment(id: string): Promise<ExchangePayment | null>
}

/** The local exchange: an adapter plus what its page needs. */
export interface LocalExchange extends ExchangeAdapter {
  /** Logs the visitor in and pays; resolves with the completed or failed payment; throws ExchangeError on bad login. */
  confirm(id: string, login: { email: string; password: string }): Promise<ExchangePayment>
}

/** The exchange's test account (shown on its login page; local only). */
export const TEST_ACCOUNT = { email: 'visitor@exchange.test', password: 'foyer' } as const

/** What the test account holds of each asset at start: 10 of a native coin, 10 000 of a token. */
export const TEST_ACCOUNT_FUNDS = { native: '10', token: '10000' } as const
/** Payments kept at most (default of `maxPayments`). */
export const MAX_PAYMENTS = 10_000
/** How long a payment waits for its login before it is forgotten. */
export const PAYMENT_TTL_MS = 30 * 60_000
/** How long a finished payment can still be looked up. */
export const FINISHED_PAYMENT_TTL_MS = 24 * 3600_000

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const DECIMAL = /^\d+(\.\d+)?$/

/** Creates the local exchange over the local chains, paying from `payout`'s hot wallets. */
export function createLocalExchange(opts: {
  chains: ChainConfig[]
  solana: SolanaChainConfig[]
  payout: Payout
  pageUrl: string
  now?: () => number
  maxPayments?: number
}): LocalExchange {
  const now = opts.now ?? Date.now
  const maxPayments = opts.maxPayments ?? MAX_PAYMENTS
  const payments = new Map<
    string,
    ExchangePayment & { token: string; decimals: number; units: bigint; createdAt: number; finishedAt?: number }
  >()
  // The test account's balance by `network asset`, filled on first use.
  const balances = new Map<string, bigint>()
  const balanceKey = (p: { network: string; token: string }) => `${p.network} ${p.token}`
  const balanceOf = (p: { network: string; token: string; decimals: number }) =>
    balances.get(balanceKey(p)) ??
    parseUnits(p.token ? TEST_ACCOUNT_FUNDS.token : TEST_ACCOUNT_FUNDS.native, p.decimals)

  // Maps iterate in insertion order: the oldest payments come first.
  function prune() {
    const t = now()
    for (const [id, p] of payments) {
      const expired =
        p.finishedAt !== undefined
          ? t - p.finishedAt > FINISHED_PAYMENT_TTL_MS
          : p.status === 'pending' && t - p.createdAt > PAYMENT_TTL_MS
      if (expired) payments.delete(id)
    }
  }

  function resolve(req: ExchangePaymentRequest) {
    const evm = opts.chains.find((c) => c.caipNetworkId === req.network)
    const sol = opts.solana.find((c) => c.caipNetworkId === req.network)
    if (!evm && !sol) throw new ExchangeError(`The exchange does not pay on ${req.network}`, 'network')
    if (!(evm ? EVM_ADDRESS : BASE58).test(req.recipient))
      throw new ExchangeError('recipient is not an address on this network', 'recipient')
    let token = ''
    let decimals = evm ? evm.nativeDecimals : 9
    if (req.asset !== 'native') {
      const t = evm
        ? evm.tokens.find((x) => x.address.toLowerCase() === req.asset.toLowerCase())
        : sol!.tokens.find((x) => x.mint === req.asset)
      if (!t) throw new ExchangeError('The exchange does not hold this asset', 'asset')
      token = 'address' in t ? t.address : t.mint
      decimals = t.decimals
    }
    const [, frac = ''] = req.amount.split('.')
    if (!DECIMAL.test(req.amount) || frac.length > decimals)
      throw new ExchangeError(`amount must be a decimal number with at most ${decimals} decimals`, 'amount')
    const units = parseUnits(req.amount, decimals)
    if (units <= 0n) throw new ExchangeError('amount must be more than zero', 'amount')
    return { token, decimals, units }
  }

  const view = (p: ExchangePayment): ExchangePayment => {
    const { id, exchange, network, asset, amount, recipient, status, transactionHash, reason } = p
    return {
      id,
      exchange,
      network,
      asset,
      amount,
      recipient,
      status,
      ...(transactionHash ? { transactionHash } : {}),
      ...(reason ? { reason } : {}),
    }
  }

  return {
    id: 'local',
    name: 'Foyer Local Exchange',
    namespaces: [...(opts.chains.length ? ['eip155'] : []), ...(opts.solana.length ? ['solana'] : [])],
    async createPayment(req) {
      const resolved = resolve(req)
      const held = balanceOf({ network: req.network, ...resolved })
      if (resolved.units > held)
        throw new ExchangeError(
          `amount is more than the test account holds (${formatUnits(held, resolved.decimals)})`,
          'amount',
        )
      prune()
      if (payments.size >= maxPayments)
        throw new ExchangeError('The exchange has too many open payments; try again later', 'payment')
      const id = randomUUID()
      const { network, asset, amount, recipient } = req
      const createdAt = now()
      payments.set(id, {
        id,
        exchange: 'local',
        network,
        asset,
        amount,
        recipient,
        status: 'pending',
        createdAt,
        ...resolved,
      })
      return { id, url: `${opts.pageUrl}?payment=${id}` }
    },
    async payment(id) {
      prune()
      const p = payments.get(id)
      return p ? view(p) : null
    },
    async confirm(id, login) {
      prune()
      const p = payments.get(id)
      if (!p) throw new ExchangeError('No such payment', 'payment')
      if (p.status !== 'pending') return view(p)
      if (login.email.trim().toLowerCase() !== TEST_ACCOUNT.email || login.password !== TEST_ACCOUNT.password)
        throw new ExchangeError('Wrong email or password', 'login')
      // The balance is taken before paying (another payment may have drawn on it since this one opened) and
      // given back if the transfer fails.
      const held = balanceOf(p)
      if (p.units > held)
        throw new ExchangeError(`The test account holds ${formatUnits(held, p.decimals)} only`, 'amount')
      balances.set(balanceKey(p), held - p.units)
      p.status = 'paying'
      try {
        p.transactionHash = await opts.payout.deliver({
          network: p.network,
          token: p.token,
          decimals: p.decimals,
          to: p.recipient,
          units: p.units,
        })
        p.status = 'completed'
      } catch (err) {
        balances.set(balanceKey(p), balanceOf(p) + p.units)
        p.status = 'failed'
        p.reason = (err as Error).message
      }
      p.finishedAt = now()
      return view(p)
    },
  }
}
