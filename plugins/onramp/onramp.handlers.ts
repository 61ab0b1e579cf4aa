// On-ramp requests: the offer, the visitor's choices, amounts checked against the method limits before any quote
// (SPEC §9), quotes with the loading flag and reset (SPEC §4), and the provider's page opened with the SPEC §7
// parameters, then the order followed until the tokens arrive.
import {
  activeCaipAddress,
  addressOf,
  explorerTxUrl,
  FoyerError,
  loadBalances,
  namespaceOf,
  shortHash,
  transactionId,
  type HandlerContext,
  type KernelState,
  safeWebUrl,
} from '../../kernel/index.js'
import { amountError, providerList } from './limits.js'
import type { OnRampOrder, QuotesAnswer, QuotesBody } from '../../protocol/wire/onramp.js'
import { onrampOf, type OnRampOffer, type OnRampOrderState } from './onramp.state.js'

declare module '../../kernel/index.js' {
  interface RequestMap {
    'onramp/fetchOptions': { input: void; output: void }
    'onramp/select': { input: { kind: 'token' | 'fiat' | 'method'; id: string }; output: void }
    'onramp/changeAmount': { input: { amount: string }; output: void }
    'onramp/openProvider': { input: { provider: string }; output: void }
  }
}

/** How often an open order is asked for, and for how long. */
export const OrderPollMs = 1000
const OrderFollowMs = 15 * 60_000

const network = (s: KernelState) => s.account.activeCaipNetworkId ?? ''

/** The token offered by default: SOL on Solana, else USDC (SPEC §7, §9). */
export const defaultToken = (s: KernelState): string => (namespaceOf(network(s)) === 'solana' ? 'SOL' : 'USDC')

/** The limit of the chosen fiat and method. */
export function chosenLimit(s: KernelState) {
  const o = onrampOf(s)
  return o.offer?.paymentCurrencies.find((f) => f.id === o.fiat)?.payment_method_limits.find((l) => l.id === o.method)
}

/** The on-ramp's handlers; `customerId` names this page to the providers. */
export function onrampHandlers(customerId: () => string) {
  let quoteSeq = 0
  const sleep = (ctx: HandlerContext, ms: number) =>
    new Promise<void>((resolve) => {
      const t = ctx.clock.setTimeout(resolve, ms)
      ctx.signal.addEventListener('abort', () => (ctx.clock.clearTimeout(t), resolve()), { once: true })
    })

  async function quote(ctx: HandlerContext): Promise<void> {
    const s = ctx.getState()
    const o = onrampOf(s)
    const seq = ++quoteSeq
    if (!o.amount || o.limitError || !o.offer) return void ctx.emit('onramp/quoteReset', {})
    ctx.emit('onramp/quoteRequested', {})
    try {
      const res = await ctx.http.post<QuotesAnswer>({
        path: 'v1/onramp/quotes',
        body: {
          purchaseCurrency: o.token ?? defaultToken(s),
          paymentCurrency: o.fiat,
          amount: o.amount,
          network: network(s),
          paymentMethod: o.method,
          providers: o.offer.providers.map((p) => p.id),
        } satisfies QuotesBody,
        signal: ctx.signal,
      })
      if (seq === quoteSeq) ctx.emit('onramp/quoteReceived', { quotes: res.quotes })
    } catch (err) {
      const body = (err as { body?: { reasons?: Array<{ description?: string }> } }).body
      const message = body?.reasons?.[0]?.description ?? (err as Error).message
      if (seq === quoteSeq) ctx.emit('onramp/quoteFailed', { message })
    }
  }

  async function follow(ctx: HandlerContext, order: OnRampOrderState, address: string): Promise<void> {
    const until = ctx.clock.now() + OrderFollowMs
    let last = order
    // the host page hears the purchase as a transaction: loading while paid for and delivered, then success or error
    const tx = { id: transactionId('buy'), kind: 'buy' as const, caipNetworkId: order.network }
    const what = `${order.amount} ${order.currency}`
    const tell = (o: OnRampOrderState) => {
      const hash = o.transactionHash
      const explorerUrl = hash ? explorerTxUrl(ctx.getState(), o.network, hash) : undefined
      if (o.status === 'completed')
        ctx.emit('transaction/status', {
          ...tx,
          status: 'success',
          message: `Bought ${what}${hash ? ` · ${shortHash(hash)}` : ''}`,
          ...(hash ? { hash } : {}),
          ...(explorerUrl ? { explorerUrl } : {}),
        })
      else if (o.status === 'failed')
        ctx.emit('transaction/status', { ...tx, status: 'error', message: o.reason ?? 'The purchase failed.' })
      else ctx.emit('transaction/status', { ...tx, status: 'loading', message: `Buying ${what}…` })
    }
    while (!ctx.signal.aborted && ctx.clock.now() < until) {
      await sleep(ctx, OrderPollMs)
      const now = await ctx.http
        .get<Partial<OnRampOrder>>({ path: `v1/onramp/orders/${last.provider}/${last.quoteId}` })
        .catch(() => null) // 404 until the page opened the order; a network blip is retried
      if (!now || now.status === last.status) continue
      last = { ...last, status: now.status!, transactionHash: now.transactionHash, reason: now.reason }
      ctx.emit('onramp/orderUpdated', { order: last })
      tell(last)
      if (last.status === 'failed') return
      if (last.status === 'completed') break
    }
    if (last.status !== 'completed') return
    // the tokens arrived: every reader of the account's balances (the Tokens tab) reads them afresh, and so does this
    ctx.emit('tokens/balancesChanged', { caipNetworkId: last.network, address })
    const balances = await loadBalances(ctx, address, last.network, true)
    const token = balances.find((b) => b.symbol === last.currency)
    ctx.emit('onramp/orderUpdated', { order: { ...last, balance: token?.quantity ?? '0' } })
  }

  return {
    async 'onramp/fetchOptions'(_: void, ctx: HandlerContext) {
      // The features in force: the remote config's provider list when it answered (SPEC §5), else the host's own
      // (validated here: a clear configuration error).
      const wanted = providerList(ctx.getState().config.features.onramp)
      const offer = await ctx.http.get<OnRampOffer>({ path: 'v1/onramp/options', signal: ctx.signal })
      const ns = namespaceOf(network(ctx.getState())) ?? ''
      const providers = offer.providers.filter((p) => (!wanted || wanted.includes(p.id)) && p.namespaces.includes(ns))
      ctx.emit('onramp/offerReceived', { offer: { ...offer, providers } })
      if (!onrampOf(ctx.getState()).token) ctx.emit('onramp/tokenSelected', { id: defaultToken(ctx.getState()) })
      await quote(ctx)
    },
    async 'onramp/select'({ kind, id }: { kind: 'token' | 'fiat' | 'method'; id: string }, ctx: HandlerContext) {
      ctx.emit(
        kind === 'token' ? 'onramp/tokenSelected' : kind === 'fiat' ? 'onramp/fiatSelected' : 'onramp/methodSelected',
        { id },
      )
      const s = ctx.getState()
      const o = onrampOf(s)
      if (o.amount)
        ctx.emit('onramp/amountChanged', {
          amount: o.amount,
          limitError: amountError(o.amount, chosenLimit(s), o.fiat),
        })
      if (kind !== 'method' && s.router.history.at(-1)?.view !== 'OnRampProviders') await ctx.request('router/back')
      await quote(ctx)
    },
    async 'onramp/changeAmount'({ amount }: { amount: string }, ctx: HandlerContext) {
      const s = ctx.getState()
      const limitError = amount.trim() ? amountError(amount, chosenLimit(s), onrampOf(s).fiat) : null
      ctx.emit('onramp/amountChanged', { amount: amount.trim(), limitError })
      await quote(ctx)
    },
    async 'onramp/openProvider'({ provider }: { provider: string }, ctx: HandlerContext) {
      const s = ctx.getState()
      const o = onrampOf(s)
      const p = o.offer?.providers.find((x) => x.id === provider)
      const q = o.quotes.find((x) => x.serviceProvider === provider)
      const caipAddress = activeCaipAddress(s)
      const walletAddress = addressOf(caipAddress)
      if (!p || !q) throw new FoyerError('Get a quote from this provider first', { code: 'NO_QUOTE' })
      if (!walletAddress) throw new FoyerError('Connect a wallet first', { code: 'WALLET_NOT_CONNECTED' })
      // Server data (DESIGN §5): only an http(s) page may open, never a script or data URL.
      const safe = safeWebUrl(p.url)
      if (!safe)
        throw new FoyerError(`The provider's link is not a web page: ${p.id}`, { code: 'PROVIDER_LINK_UNSAFE' })
      const url = new URL(safe)
      url.search = new URLSearchParams({
        publicKey: p.publicKey,
        destinationCurrencyCode: q.purchaseAmount.currency,
        walletAddress,
        externalCustomerId: customerId(),
        quoteId: q.id,
      }).toString()
      window.open(url.toString(), '_blank')
      const order: OnRampOrderState = {
        provider,
        quoteId: q.id,
        status: 'opened',
        amount: q.purchaseAmount.amount,
        currency: q.purchaseAmount.currency,
        network: q.network,
      }
      ctx.emit('onramp/orderUpdated', { order })
      void follow(ctx, order, walletAddress).catch(() => undefined)
    },
  }
}
