// SPEC §4 "Embedded-wallet requests": only the allowed methods; an unknown one opens the modal, logs, and after
// 300 ms says "RPC method not allowed" and rejects everything pending; an unsafe one shows ApproveTransaction, whose
// approve and reject buttons live in the secure frame; afterwards the modal closes, or pops one step when a
// transaction stack exists (the feature that pushed it shows the outcome).
import { AuthError, currentView, ErrorMessages, type BridgedRpcCall, type HandlerContext } from '../../kernel/index.js'
import type { FrameTransport } from './frame.js'
import { methodKind } from '../../protocol/frame/methods.js'

/** SPEC §9: pending approvals at most. */
export const PendingApprovalLimit = 99
/** SPEC §9: delay before the not-allowed message. */
export const NotAllowedDelayMs = 300

/** Rejects every request waiting for approval (the frame answers each with 4001). */
export async function rejectPending(frame: FrameTransport | undefined): Promise<void> {
  if (frame?.element()) await frame.request('CANCEL_APPROVALS', {}).catch(() => undefined)
}

async function leaveApproval(ctx: HandlerContext): Promise<void> {
  const s = ctx.getState()
  if (!s.modal.open || currentView(s) !== 'ApproveTransaction' || (s.auth?.pendingApprovals ?? 0) > 0) return
  if (s.router.transactionStack.length > 0) await ctx.request('router/back')
  else await ctx.request('modal/close')
}

/** Runs one wallet RPC call on the embedded wallet. */
export async function authRpc(
  call: BridgedRpcCall,
  ctx: HandlerContext,
  frame: FrameTransport,
  log: (message: string) => void = (m) => console.error(`[foyer] ${m}`),
): Promise<unknown> {
  const kind = methodKind(call.method)
  const payload = {
    namespace: call.namespace,
    caipNetworkId: call.caipNetworkId,
    method: call.method,
    params: call.params,
  }
  if (kind === 'safe') return (await frame.request('RPC_REQUEST', payload)).result
  if (kind === 'unknown') {
    if (!ctx.getState().modal.open) await ctx.request('modal/open', undefined)
    log(`the embedded wallet does not allow "${call.method}"`)
    ctx.clock.setTimeout(() => {
      void ctx.request('snackbar/show', { variant: 'error', message: 'RPC method not allowed' }).catch(() => undefined)
      void rejectPending(frame)
    }, NotAllowedDelayMs)
    throw new AuthError(4200, ErrorMessages.rpcMethodNotAllowed)
  }
  if ((ctx.getState().auth?.pendingApprovals ?? 0) >= PendingApprovalLimit)
    throw new AuthError(-32005, `At most ${PendingApprovalLimit} requests can wait for approval`)
  // The frame shows only what this page asked for: requests queued there by anyone else are dropped first.
  if ((ctx.getState().auth?.pendingApprovals ?? 0) === 0) void rejectPending(frame)
  ctx.emit('auth/approvalRequested', { method: call.method })
  const s = ctx.getState()
  if (!s.modal.open) await ctx.request('modal/open', { view: 'ApproveTransaction' })
  else if (currentView(s) !== 'ApproveTransaction') await ctx.request('router/push', { view: 'ApproveTransaction' })
  try {
    const { result } = await frame.request('RPC_REQUEST', payload, { timeoutMs: 0 })
    ctx.emit('auth/approvalSettled', { method: call.method, ok: true })
    await leaveApproval(ctx)
    return result
  } catch (err) {
    ctx.emit('auth/approvalSettled', { method: call.method, ok: false })
    await leaveApproval(ctx)
    throw err
  }
}
