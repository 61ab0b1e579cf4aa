// Running the quoted swap. When the router's allowance is short: with a wallet that reports atomic batching (EIP-5792)
// approve and swap go out as ONE wallet prompt through `wallet/sendCalls`; otherwise the visitor approves first
// (`swap/approve`, mined before the swap is built, so the swap's gas is estimated against the granted allowance) and
// then swaps. Every step goes through the kernel's wallet requests; a refusal (4001) has its own message.
import {
  explorerTxUrl,
  formatBaseUnits,
  FoyerError,
  HttpError,
  isUserRejection,
  shortHash,
  transactionId,
  type EvmTransactionRequest,
  type HandlerContext,
  type TransactionKind,
} from '../../kernel/index.js'
import { accountAddress, buildApprove, buildSwap } from './swap.api.js'
import { blockingIssue } from './swap.issues.js'
import { currentQuote, swapOf, tokenOf, type SwapQuote, type SwapState, type SwapToken } from './swap.state.js'

declare module '../../kernel/index.js' {
  interface RequestMap {
    /** Approves the router to spend the quoted amount of the token to sell; resolves once mined. */
    'swap/approve': { input: void; output: { hash: string } }
    /** Swaps as quoted (in one batch with the approval when the wallet batches); resolves once mined. */
    'swap/execute': { input: void; output: { hashes: string[] } }
  }
}

/** What a refusal in the wallet (code 4001) shows. */
export const SwapRejected = 'You rejected the request in your wallet.'

const fail = (code: string, message: string) => new FoyerError(message, { code, category: 'WALLET' })

interface Ready {
  s: SwapState & { caipNetworkId: string; caipAddress: string }
  quote: SwapQuote
  from: SwapToken
  to: SwapToken
  user: string
}

/** The form, checked: a current quote, no issue. */
function ready(ctx: HandlerContext): Ready {
  const s = swapOf(ctx.getState())
  const issue = blockingIssue(ctx.getState())
  if (issue) throw fail(issue.code, issue.message)
  const quote = currentQuote(s)
  const from = tokenOf(s, s.from)
  const to = tokenOf(s, s.to)
  if (!quote || !from || !to || !s.caipNetworkId || !s.caipAddress)
    throw fail('no_quote', 'Wait for a current quote before swapping')
  return { s: s as Ready['s'], quote, from, to, user: accountAddress(s.caipAddress) }
}

async function mined(ctx: HandlerContext, caipNetworkId: string, hash: string): Promise<void> {
  const r = await ctx.request('chain/waitForTransaction', { caipNetworkId, hash })
  if (r.status !== 'success') throw fail('reverted', `The transaction ${hash} reverted`)
}

async function send(ctx: HandlerContext, caipNetworkId: string, tx: EvmTransactionRequest): Promise<string> {
  const { hash } = await ctx.request('wallet/sendTransaction', { ...tx, caipNetworkId })
  await mined(ctx, caipNetworkId, hash)
  return hash
}

// the fee (and the trade) moved the account's balances: every reader of them reads the chain afresh
const changed = (ctx: HandlerContext, caipNetworkId: string, address: string) =>
  ctx.emit('tokens/balancesChanged', { caipNetworkId, address })

const approval = (ctx: HandlerContext, r: Ready) =>
  buildApprove(ctx, {
    chainId: r.s.caipNetworkId,
    token: r.from.address,
    user: r.user,
    amount: r.quote.maximumSold ?? r.quote.fromAmount,
  })

const swapTx = (ctx: HandlerContext, r: Ready) =>
  buildSwap(ctx, {
    chainId: r.s.caipNetworkId,
    userAddress: r.user,
    from: r.from.address,
    to: r.to.address,
    kind: r.quote.kind,
    fromAmount: r.quote.fromAmount,
    toAmount: r.quote.toAmount,
  })

/** Runs `step`, turning any failure into `swap/failed` with the message the visitor should read. */
async function reported<T>(ctx: HandlerContext, step: () => Promise<T>): Promise<T> {
  try {
    return await step()
  } catch (error) {
    const rejected = isUserRejection(error)
    const reason = error instanceof HttpError ? error.reason : undefined
    const code = rejected ? '4001' : error instanceof FoyerError ? String(error.code) : 'failed'
    const message = rejected ? SwapRejected : (reason ?? (error instanceof Error ? error.message : 'The swap failed'))
    ctx.emit('swap/failed', { code, message })
    throw error
  }
}

/**
 * Runs the wallet part of a step, telling the host page where it stands (`transaction/status`: loading, then success
 * with the last hash, or error with the visitor's message); `doing` and `done` say what it is ("Swapping …").
 */
async function told<T extends string | string[]>(
  ctx: HandlerContext,
  t: { kind: TransactionKind; caipNetworkId: string; doing: string; done: string },
  step: () => Promise<T>,
): Promise<T> {
  const tx = { id: transactionId(t.kind), kind: t.kind, caipNetworkId: t.caipNetworkId }
  ctx.emit('transaction/status', { ...tx, status: 'loading', message: `${t.doing}…` })
  try {
    const out = await step()
    const hash = typeof out === 'string' ? out : out.at(-1)!
    const explorerUrl = explorerTxUrl(ctx.getState(), t.caipNetworkId, hash)
    const message = `${t.done} · ${shortHash(hash)}`
    ctx.emit('transaction/status', { ...tx, status: 'success', hash, message, ...(explorerUrl ? { explorerUrl } : {}) })
    return out
  } catch (error) {
    const message = isUserRejection(error) ? SwapRejected : error instanceof Error ? error.message : 'The swap failed'
    ctx.emit('transaction/status', { ...tx, status: 'error', message })
    throw error
  }
}

const approve = (_input: void, ctx: HandlerContext) =>
  reported(ctx, async () => {
    const r = ready(ctx)
    if (!r.quote.approvalRequired) throw fail('no_approval_needed', `${r.from.symbol} is already approved`)
    ctx.emit('swap/stepStarted', { step: 'approving' })
    const caipNetworkId = r.s.caipNetworkId
    const hash = await told(
      ctx,
      { kind: 'approve', caipNetworkId, doing: `Approving ${r.from.symbol}`, done: `Approved ${r.from.symbol}` },
      async () => send(ctx, caipNetworkId, await approval(ctx, r)),
    )
    ctx.emit('swap/approved', { hash })
    changed(ctx, caipNetworkId, r.user)
    return { hash }
  })

// The swap's hashes once mined: approve and swap in one batch when the allowance is short (the wallet batches), or
// the swap alone.
async function swapHashes(ctx: HandlerContext, r: Ready): Promise<string[]> {
  const { caipNetworkId } = r.s
  if (r.quote.approvalRequired) {
    const caps = await ctx.request('wallet/getCapabilities', { caipNetworkId })
    if (caps.atomic === 'unsupported') throw fail('approval_required', `Approve ${r.from.symbol} first`)
    // one prompt; the wallet sets each call's gas (the swap's can't be estimated before the approval exists)
    const calls = (await Promise.all([approval(ctx, r), swapTx(ctx, r)])).map((t) => ({
      to: t.to,
      data: t.data,
      value: t.value,
    }))
    const sent = await ctx.request('wallet/sendCalls', { caipNetworkId, calls, atomicRequired: true })
    for (const hash of sent.hashes) await mined(ctx, caipNetworkId, hash)
    return sent.hashes
  }
  return [await send(ctx, caipNetworkId, await swapTx(ctx, r))]
}

const execute = (_input: void, ctx: HandlerContext) =>
  reported(ctx, async () => {
    const r = ready(ctx)
    const { caipNetworkId, caipAddress } = r.s
    ctx.emit('swap/stepStarted', { step: 'swapping' })
    const pair = `${formatBaseUnits(r.quote.fromAmount, r.from.decimals)} ${r.from.symbol} → ${r.to.symbol}`
    const hashes = await told(
      ctx,
      { kind: 'swap', caipNetworkId, doing: `Swapping ${pair}`, done: `Swapped ${pair}` },
      () => swapHashes(ctx, r),
    )
    const { fromAmount, toAmount } = r.quote
    ctx.emit('swap/succeeded', {
      caipNetworkId,
      caipAddress,
      hashes,
      fromAmount,
      toAmount,
      fromSymbol: r.from.symbol,
      toSymbol: r.to.symbol,
      fromDecimals: r.from.decimals,
      toDecimals: r.to.decimals,
    })
    changed(ctx, caipNetworkId, r.user)
    return { hashes }
  })

/** The handlers that approve and swap. */
export const executeHandlers = { 'swap/approve': approve, 'swap/execute': execute }
