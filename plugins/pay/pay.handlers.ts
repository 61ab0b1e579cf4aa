// Pay requests: `pay/checkout` (the host's `foyer.pay`) opens the Pay view and settles once a payment is mined;
// `pay/withWallet` pays with the kernel's `wallet/transfer` (EVM native or ERC-20, SOL or an SPL token on Solana) and
// follows it until mined; `pay/withExchange` opens a payment on an exchange (its page opens; the visitor logs in there)
// and follows it.
import {
  addressOf,
  isFeatureEnabled,
  namespaceOf,
  parseBaseUnits,
  type HandlerContext,
  PaymentError,
  type PaymentRequest,
  type PaymentResult,
  safeWebUrl,
} from '../../kernel/index.js'
import type {
  ExchangePayment,
  ExchangePaymentRequest,
  ExchangesAnswer,
  OpenedPayment,
} from '../../protocol/wire/exchange.js'
import { payOf } from './pay.state.js'
import { checkPayment } from './payment.js'
import { mintDecimals, solanaConfirmed } from './solana.js'

declare module '../../kernel/index.js' {
  interface RequestMap {
    'pay/withWallet': { input: void; output: void }
    'pay/withExchange': { input: { exchange: string }; output: void }
    'pay/cancel': { input: void; output: void }
  }
}

/** How often an exchange payment is asked for. */
export const PayPollMs = 1000
const FollowMs = 15 * 60_000

// What the checkout reads of an ERC-20 token to show it
const TokenAbi = ['decimals', 'symbol'].map((name) => ({
  type: 'function',
  name,
  stateMutability: 'view',
  inputs: [],
  outputs: [{ name: '', type: name === 'symbol' ? 'string' : 'uint8' }],
}))

/** Handlers sharing the one open checkout's promise. */
export function payHandlers() {
  let pending: { resolve(r: PaymentResult): void; reject(e: Error): void } | null = null
  const settle = (ctx: HandlerContext, outcome: { hash: string } | { reason: string }) => {
    const p = pending
    const payment = payOf(ctx.getState()).payment
    pending = null
    if (!p || !payment) return
    if ('hash' in outcome) {
      ctx.emit('pay/progressed', { status: 'completed', hash: outcome.hash })
      p.resolve({ hash: outcome.hash, caipNetworkId: payment.network })
    } else {
      ctx.emit('pay/progressed', { status: 'failed', reason: outcome.reason })
      p.reject(new PaymentError('PAYMENT_FAILED', outcome.reason))
    }
  }
  const sleep = (ctx: HandlerContext, ms: number) =>
    new Promise<void>((resolve) => {
      const t = ctx.clock.setTimeout(resolve, ms)
      ctx.signal.addEventListener('abort', () => (ctx.clock.clearTimeout(t), resolve()), { once: true })
    })
  const open = (ctx: HandlerContext) => {
    const s = ctx.getState()
    const p = payOf(s)
    if (!pending || !p.payment || !p.asset) throw new PaymentError('NO_PAYMENT', 'No payment is open')
    if (['signing', 'exchange', 'confirming'].includes(p.status))
      throw new PaymentError('PAYMENT_UNDER_WAY', 'The payment is under way')
    return { payment: p.payment, asset: p.asset }
  }

  return {
    async 'pay/checkout'(input: PaymentRequest, ctx: HandlerContext): Promise<PaymentResult> {
      const s = ctx.getState()
      if (!isFeatureEnabled(s, 'payments'))
        throw new PaymentError('PAYMENTS_OFF', 'Payments are off: set features.payments to true to use pay()')
      const payment = checkPayment(input, s.config.networks)
      if (pending) throw new PaymentError('PAYMENT_OPEN', 'A payment is already open')
      const ns = namespaceOf(payment.network)!
      let asset = {
        symbol: s.config.networks.find((n) => n.caipNetworkId === payment.network)!.nativeSymbol,
        decimals: ns === 'solana' ? 9 : 18,
      }
      if (payment.asset !== 'native' && ns === 'solana') {
        // an SPL mint carries no symbol on chain: the payment shows its shortened address
        const mint = payment.asset
        asset = {
          symbol: `${mint.slice(0, 4)}…${mint.slice(-4)}`,
          decimals: await mintDecimals(ctx, payment.network, mint),
        }
      } else if (payment.asset !== 'native') {
        const read = (functionName: string) =>
          ctx.request('chain/readContract', {
            caipNetworkId: payment.network,
            address: payment.asset,
            abi: TokenAbi,
            functionName,
          })
        const [decimals, symbol] = await Promise.all([read('decimals'), read('symbol')])
        asset = { symbol: String(symbol), decimals: Number(decimals) }
      }
      if (parseBaseUnits(payment.amount, asset.decimals) === undefined)
        throw new PaymentError(
          'INVALID_PAYMENT',
          `amount must have at most ${asset.decimals} decimals for ${asset.symbol}`,
        )
      const result = new Promise<PaymentResult>((resolve, reject) => (pending = { resolve, reject }))
      ctx.emit('pay/started', { payment, asset })
      await ctx.request('modal/open', { view: 'Pay' })
      if (isFeatureEnabled(s, 'payWithExchange'))
        ctx.http
          .get<Partial<ExchangesAnswer>>({ path: 'v1/exchanges', signal: ctx.signal })
          .then((r) => {
            const exchanges = (r.exchanges ?? []).filter((e) => e.namespaces.includes(ns))
            ctx.emit('pay/exchangesReceived', { exchanges })
          })
          .catch(() => undefined) // no exchange offered: the wallet remains
      return result
    },

    async 'pay/withWallet'(_: void, ctx: HandlerContext) {
      const { payment, asset } = open(ctx)
      const ns = namespaceOf(payment.network)!
      const connection = ctx.getState().account.namespaces[ns]
      const from = connection?.status === 'connected' ? addressOf(connection.caipAddress) : undefined
      if (!from)
        throw new PaymentError(
          'WALLET_NOT_CONNECTED',
          `Connect a wallet on ${ns === 'solana' ? 'Solana' : 'an EVM network'} first`,
        )
      const transfer = {
        caipNetworkId: payment.network,
        to: payment.recipient,
        amount: parseBaseUnits(payment.amount, asset.decimals)!.toString(),
        ...(payment.asset === 'native' ? {} : { token: payment.asset, decimals: asset.decimals }),
      }
      ctx.emit('pay/progressed', { status: 'signing', method: 'wallet' })
      let hash: string
      try {
        hash = (await ctx.request('wallet/transfer', transfer)).hash
      } catch (err) {
        // A refusal in the wallet leaves the checkout open: the visitor may try again or pay another way.
        ctx.emit('pay/progressed', { status: 'ready', reason: (err as Error).message })
        throw err
      }
      ctx.emit('pay/progressed', { status: 'confirming', hash })
      if (ns === 'solana') {
        const failure = await solanaConfirmed(ctx, payment.network, hash, (ms) => sleep(ctx, ms))
        return settle(ctx, failure ? { reason: failure } : { hash })
      }
      const receipt = await ctx.request('chain/waitForTransaction', { caipNetworkId: payment.network, hash })
      settle(ctx, receipt.status === 'success' ? { hash } : { reason: `The transaction ${hash} reverted` })
    },

    async 'pay/withExchange'({ exchange }: { exchange: string }, ctx: HandlerContext) {
      const { payment } = open(ctx)
      // Opened before any await, so the popup belongs to the visitor's click; its address follows.
      const tab = window.open('', '_blank')
      ctx.emit('pay/progressed', { status: 'exchange', method: 'exchange' })
      let opened: OpenedPayment
      try {
        opened = await ctx.http.post<OpenedPayment>({
          path: `v1/exchanges/${encodeURIComponent(exchange)}/payments`,
          body: payment satisfies ExchangePaymentRequest,
          signal: ctx.signal,
        })
      } catch (err) {
        tab?.close()
        const body = (err as { body?: { reasons?: Array<{ description?: string }> } }).body
        const reason = body?.reasons?.[0]?.description ?? (err as Error).message
        ctx.emit('pay/progressed', { status: 'ready', reason })
        throw new PaymentError('EXCHANGE_REFUSED', reason, err)
      }
      // Server data (DESIGN §5): the blank tab shares the page's origin, so only an http(s) page may load in it.
      const page = safeWebUrl(opened.url)
      if (!page) {
        tab?.close()
        ctx.emit('pay/progressed', { status: 'ready', reason: 'The exchange answered a link that is not a web page' })
        throw new PaymentError('EXCHANGE_LINK_UNSAFE', 'The exchange answered a link that is not a web page')
      }
      if (tab) tab.location.href = page
      else window.open(page, '_blank')
      const path = `v1/exchanges/${encodeURIComponent(exchange)}/payments/${opened.id}`
      for (let until = ctx.clock.now() + FollowMs; ctx.clock.now() < until && !ctx.signal.aborted && pending;) {
        await sleep(ctx, PayPollMs)
        const now = await ctx.http.get<Partial<ExchangePayment>>({ path }).catch(() => null) // a network blip is retried
        if (now?.status === 'paying' && payOf(ctx.getState()).status !== 'confirming')
          ctx.emit('pay/progressed', { status: 'confirming' })
        if (now?.status === 'completed' && now.transactionHash) return settle(ctx, { hash: now.transactionHash })
        if (now?.status === 'failed') return settle(ctx, { reason: now.reason ?? 'The exchange could not pay' })
      }
    },

    'pay/cancel'(_: void, ctx: HandlerContext) {
      if (!pending) return
      const last = payOf(ctx.getState()).reason
      const p = pending
      pending = null
      ctx.emit('pay/progressed', { status: 'cancelled' })
      p.reject(
        new PaymentError(
          'PAYMENT_CANCELLED',
          last ? `The payment was cancelled: ${last}` : 'The payment was cancelled',
        ),
      )
    },
  }
}
