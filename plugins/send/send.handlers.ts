// Send's requests: ready the form for the active account (its tokens from the portfolio), record edits (Max leaves
// the estimated fee for native sends), review (SPEC §5 messages, the receiver's address or resolved name, the balance
// and fee checked before the wallet is asked), and confirm in the wallet. Every refusal is `send/refused` with the
// message the visitor reads; a refusal in the wallet (4001) keeps the review.
import {
  activeCaipAddress,
  createTtlCache,
  explorerTxUrl,
  formatBaseUnits,
  FoyerError,
  isUserRejection,
  multiplyDecimals,
  namespaceOf,
  parseCaipAddress,
  shortHash,
  StorageKeys,
  transactionId,
  type HandlerContext,
} from '../../kernel/index.js'
import { estimateFee, sendTransfer, type Transfer } from './send.chains.js'
import {
  AmountAndReceiverRequired,
  BadChecksum,
  evmCandidate,
  hasAddressShape,
  invalidAddress,
  looksLikeName,
  parseAmount,
  SendNamespaces,
  SendRejected,
  TokenRequired,
  UnsupportedChain,
} from './send.rules.js'
import { pickedToken, sendOf, sendTokens, type SendEdit, type SendReview } from './send.state.js'

declare module '../../kernel/index.js' {
  interface RequestMap {
    /** Readies the send form for the active account and network, and loads its tokens. */
    'send/prepare': { input: void; output: void }
    /** Records the visitor's edit of the form; `max` fills the whole balance (less the fee for the native token). */
    'send/edit': { input: SendEdit & { max?: boolean }; output: void }
    /** Checks the form, resolves the receiver and estimates the fee; the preview shows the result. */
    'send/preview': { input: void; output: SendReview }
    /** Sends the reviewed transfer through the wallet and waits until it is settled; resolves its hash. */
    'send/confirm': { input: void; output: { hash: string } }
  }
}

// The account's cached balances, native balance and history share one key shape (kernel/contracts/balances.ts, the namespaces
// balance line, the activity plugin); kept here so the modal-open chunks carry none of it.
function forgetAccountCaches(ctx: HandlerContext, address: string, caipNetworkId: string): void {
  const key = `${caipNetworkId}:${address.toLowerCase()}`
  for (const k of [StorageKeys.portfolioCache, StorageKeys.nativeBalanceCache, StorageKeys.transactionsCache])
    createTtlCache(ctx.storage, k, 0, ctx.clock).delete(key)
}

const refusal = (message: string) => new FoyerError(message, { code: 'SEND_REFUSED', category: 'WALLET' })
const NativeDecimals: Record<string, number> = { eip155: 18, solana: 9 }

/** Runs `step`, saying any failure as `send/refused` (a wallet refusal in the SPEC's words) before rethrowing. */
async function reported<T>(ctx: HandlerContext, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    const message = isUserRejection(error)
      ? SendRejected
      : error instanceof Error && error.message
        ? error.message
        : 'The transfer failed'
    ctx.emit('send/refused', { message })
    throw error
  }
}

async function prepare(_input: void, ctx: HandlerContext): Promise<void> {
  const caipAddress = activeCaipAddress(ctx.getState())
  const account = parseCaipAddress(caipAddress)
  if (!caipAddress || !account) return
  ctx.emit('send/opened', { caipNetworkId: account.caipNetworkId, caipAddress })
  if (!SendNamespaces.includes(account.namespace)) return void ctx.emit('send/refused', { message: UnsupportedChain })
  if (ctx.hasRequest('portfolio/fetchBalances')) await ctx.request('portfolio/fetchBalances').catch(() => undefined)
}

/** The form's account, network and namespace; refuses namespaces send does not support. */
function target(ctx: HandlerContext) {
  const { caipNetworkId, caipAddress } = sendOf(ctx.getState())
  const ns = namespaceOf(caipNetworkId)
  if (!caipNetworkId || !caipAddress || !ns || !SendNamespaces.includes(ns)) throw refusal(UnsupportedChain)
  return { caipNetworkId, ns, from: parseCaipAddress(caipAddress)!.address }
}

const nativeOf = (ctx: HandlerContext) => sendTokens(ctx.getState()).find((t) => t.type === 'NATIVE')

async function edit(input: SendEdit & { max?: boolean }, ctx: HandlerContext): Promise<void> {
  const { max, ...change } = input
  if (!max || Object.keys(change).length > 0) ctx.emit('send/edited', change)
  if (!max) return
  await reported(ctx, async () => {
    const { caipNetworkId, ns, from } = target(ctx)
    const token = pickedToken(ctx.getState())
    if (!token) throw refusal(TokenRequired)
    let units = BigInt(token.balance)
    if (token.type === 'NATIVE') {
      // the fee of a transfer to the receiver typed so far (else to the sender: the same for a plain account)
      const typed = sendOf(ctx.getState()).receiver.trim()
      const to =
        ns === 'eip155'
          ? (evmCandidate(typed)?.address.toLowerCase() ?? from)
          : hasAddressShape(ns, typed)
            ? typed
            : from
      const probe = { caipNetworkId, to, token: token.address, native: true, decimals: token.decimals }
      const fee = await estimateFee(ctx, { ...probe, amount: 1n })
      units = units > fee ? units - fee : 0n
    }
    ctx.emit('send/edited', { amount: formatBaseUnits(units, token.decimals) })
  })
}

/** The receiver's address on `ns` for `text` (an address, or a name the names plugin resolves when it is there). */
async function receiverOf(ctx: HandlerContext, ns: string, caipNetworkId: string, text: string) {
  if (ns === 'eip155') {
    const candidate = evmCandidate(text)
    if (candidate) {
      const { getAddress } = await import('viem')
      const address = getAddress(candidate.address.toLowerCase())
      if (candidate.mixed && address !== candidate.address) throw refusal(BadChecksum)
      return { address }
    }
    if (looksLikeName(text) && ctx.hasRequest('names/resolve')) {
      // the names plugin is optional: the kernel declares its request, the plugin answers it when it is there
      const { address } = await ctx.request('names/resolve', { name: text, caipNetworkId })
      if (!address) throw refusal(`No address found for ${text}`)
      return { address: (await import('viem')).getAddress(address), name: text }
    }
  } else if (hasAddressShape(ns, text)) return { address: text }
  throw refusal(invalidAddress(ns))
}

const preview = (_input: void, ctx: HandlerContext) =>
  reported(ctx, async (): Promise<SendReview> => {
    const { caipNetworkId, ns } = target(ctx)
    const state = ctx.getState()
    const s = sendOf(state)
    const token = pickedToken(state)
    if (!token) throw refusal(TokenRequired)
    const [amountText, receiverText] = [s.amount.trim(), s.receiver.trim()]
    if (!amountText || !receiverText) throw refusal(AmountAndReceiverRequired)
    const amount = parseAmount(amountText, token.decimals)
    if (amount === undefined) throw refusal(`Enter an amount as a number with at most ${token.decimals} decimals`)
    if (amount === 0n) throw refusal('Enter an amount greater than 0')
    const receiver = await receiverOf(ctx, ns, caipNetworkId, receiverText)
    if (amount > BigInt(token.balance)) throw refusal(`Insufficient ${token.symbol} balance`)
    const native = nativeOf(ctx)
    const transfer: Transfer = {
      caipNetworkId,
      token: token.address,
      native: token.type === 'NATIVE',
      decimals: token.decimals,
      to: receiver.address,
      amount,
    }
    const fee = await estimateFee(ctx, transfer)
    const feeSymbol = native?.symbol ?? network(ctx, caipNetworkId)?.nativeSymbol ?? ''
    const nativeHeld = BigInt(native?.balance ?? '0')
    if (transfer.native && amount + fee > nativeHeld)
      throw refusal(`Insufficient ${token.symbol} balance for the amount and the network fee`)
    if (fee > nativeHeld) throw refusal(`Insufficient ${feeSymbol} balance for the network fee`)
    const feeDecimals = native?.decimals ?? NativeDecimals[ns]
    const review: SendReview = {
      caipNetworkId,
      networkName: network(ctx, caipNetworkId)?.name ?? caipNetworkId,
      token: token.address,
      symbol: token.symbol,
      decimals: token.decimals,
      amount: amount.toString(),
      to: receiver.address,
      ...(receiver.name ? { name: receiver.name } : {}),
      fee: fee.toString(),
      feeSymbol,
      feeDecimals,
      ...(native?.price ? { feeUsd: multiplyDecimals(formatBaseUnits(fee, feeDecimals), native.price) } : {}),
    }
    ctx.emit('send/reviewed', review)
    return review
  })

const network = (ctx: HandlerContext, id: string) => ctx.getState().config.networks.find((n) => n.caipNetworkId === id)

const confirm = (_input: void, ctx: HandlerContext) =>
  reported(ctx, async () => {
    const { caipNetworkId, from } = target(ctx)
    const { review, caipAddress } = sendOf(ctx.getState())
    if (!review || review.caipNetworkId !== caipNetworkId) throw refusal('Review the transfer before confirming it')
    const native = review.token.endsWith(':native')
    const amount = BigInt(review.amount)
    const transfer = { caipNetworkId, token: review.token, native, decimals: review.decimals, to: review.to }
    // the host page hears where the transfer stands (loading, success, error) and may toast it
    const tx = { id: transactionId('send'), kind: 'send' as const, caipNetworkId }
    const what = `${formatBaseUnits(amount, review.decimals)} ${review.symbol}`
    ctx.emit('transaction/status', { ...tx, status: 'loading', message: `Sending ${what}…` })
    let hash: string
    try {
      hash = await sendTransfer(ctx, { ...transfer, amount })
    } catch (error) {
      const message = isUserRejection(error) ? SendRejected : ((error as Error).message ?? 'The transfer failed')
      ctx.emit('transaction/status', { ...tx, status: 'error', message })
      throw error
    }
    // the account's balances and history just changed: the next reads go to the server, not the caches
    forgetAccountCaches(ctx, from, caipNetworkId)
    const explorerUrl = explorerTxUrl(ctx.getState(), caipNetworkId, hash)
    const link = explorerUrl ? { explorerUrl } : {}
    ctx.emit('send/succeeded', {
      hash,
      caipNetworkId,
      caipAddress: caipAddress!,
      symbol: review.symbol,
      decimals: review.decimals,
      amount: review.amount,
      to: review.to,
      ...link,
    })
    ctx.emit('transaction/status', {
      ...tx,
      status: 'success',
      hash,
      message: `Sent ${what} · ${shortHash(hash)}`,
      ...link,
    })
    return { hash }
  })

/** The send plugin's handlers. */
export const sendHandlers = {
  'send/prepare': prepare,
  'send/edit': edit,
  'send/preview': preview,
  'send/confirm': confirm,
}
