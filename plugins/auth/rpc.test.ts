// SPEC §4 embedded-wallet requests on a test kernel with a scripted frame: allowed methods only, the 300 ms
// not-allowed message, ApproveTransaction with close-or-pop afterwards, the 99 pending limit.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createTestKernel, flush, type TestKernel } from '../../kernel/testing/test-kernel.js'
import { definePlugin } from '../../kernel/index.js'
import { authSlice } from './auth.state.js'
import type { FrameTransport } from './frame.js'
import { createAuthPlugin } from './index.js'
import { authRpc, NotAllowedDelayMs, PendingApprovalLimit } from './rpc.js'

const kernels: TestKernel[] = []
afterEach(() => {
  for (const k of kernels.splice(0)) k.dispose()
  vi.restoreAllMocks()
})

function setup(extra: ReturnType<typeof definePlugin>[] = [], reactions = false) {
  const sent: Array<{ kind: string; payload: unknown }> = []
  const answers: Array<{ resolve(v: unknown): void; reject(e: unknown): void }> = []
  const frame = {
    ready: async () => {},
    element: () => ({}) as HTMLIFrameElement,
    destroy: () => {},
    request: (kind: string, payload: unknown) => {
      sent.push({ kind, payload })
      if (kind !== 'RPC_REQUEST') return Promise.resolve({})
      return new Promise((resolve, reject) => answers.push({ resolve, reject }))
    },
  } as unknown as FrameTransport
  const k = createTestKernel({
    plugins: [
      definePlugin({
        id: 'auth',
        state: authSlice,
        handlers: { 'auth/rpc': (c, hc) => authRpc(c, hc, frame) },
        // the plugin's own reactions (SPEC §4: the native balance refreshes after an approved request)
        ...(reactions ? { reactions: createAuthPlugin().reactions } : {}),
      }),
      ...extra,
    ],
  })
  kernels.push(k)
  const call = (method: string) =>
    k.request('auth/rpc', { namespace: 'eip155', caipNetworkId: 'eip155:1', method, params: [] })
  return { k, sent, answers, call }
}
const view = (k: TestKernel) => k.getState().router.history.at(-1)?.view

describe('auth/rpc', () => {
  it('answers a safe method without the modal', async () => {
    const { k, answers, call } = setup()
    const r = call('eth_chainId')
    await flush()
    answers[0].resolve({ result: '0x1' })
    expect(await r).toBe('0x1')
    expect(k.getState().modal.open).toBe(false)
  })

  it('an unknown method opens the modal, logs, and after 300 ms says "RPC method not allowed" and rejects the pending', async () => {
    const { k, sent, call } = setup()
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(call('eth_sign')).rejects.toMatchObject({ message: 'RPC method not allowed', code: 4200 })
    expect(k.getState().modal.open).toBe(true)
    expect(error).toHaveBeenCalled()
    k.clock.advance(NotAllowedDelayMs - 1)
    await flush()
    expect(k.getState().snackbar.open).toBe(false)
    k.clock.advance(1)
    await flush()
    expect(k.getState().snackbar).toMatchObject({ open: true, variant: 'error', message: 'RPC method not allowed' })
    expect(sent.map((s) => s.kind)).toEqual(['CANCEL_APPROVALS'])
  })

  it('an unsafe method opens ApproveTransaction; success closes the modal, and with a transaction stack pops instead', async () => {
    const { k, answers, call } = setup()
    const first = call('eth_sendTransaction')
    await flush()
    expect(view(k)).toBe('ApproveTransaction')
    expect(k.getState().auth?.pendingApprovals).toBe(1)
    answers[0].resolve({ result: '0xhash' })
    expect(await first).toBe('0xhash')
    expect(k.getState().modal.open).toBe(false)

    await k.request('modal/open', { view: 'Account' })
    await k.request('router/pushTransaction', { id: 'send-1' })
    const second = call('personal_sign')
    await flush()
    expect(view(k)).toBe('ApproveTransaction')
    answers[1].reject(Object.assign(new Error('User rejected the request'), { code: 4001 }))
    await expect(second).rejects.toMatchObject({ code: 4001 })
    expect(k.getState().modal.open).toBe(true)
    expect(view(k)).toBe('Account')
  })

  it('refreshes the native balance after an approved request, not after a refused one (SPEC §4)', async () => {
    let fetched = 0
    const balance = definePlugin({ id: 'balance-stand-in', handlers: { 'account/fetchBalance': () => void fetched++ } })
    const { answers, call } = setup([balance], true)
    const approved = call('eth_sendTransaction')
    await flush()
    answers[0].resolve({ result: '0xhash' })
    await approved
    await flush()
    expect(fetched).toBe(1)
    const refused = call('eth_sendTransaction')
    await flush()
    answers[1].reject(Object.assign(new Error('User rejected the request'), { code: 4001 }))
    await expect(refused).rejects.toMatchObject({ code: 4001 })
    await flush()
    expect(fetched).toBe(1)
  })

  it('refuses a 100th request waiting for approval', async () => {
    const { k, call } = setup()
    for (let i = 0; i < PendingApprovalLimit; i++) void call('eth_sendTransaction').catch(() => {})
    await flush()
    expect(k.getState().auth?.pendingApprovals).toBe(PendingApprovalLimit)
    await expect(call('eth_sendTransaction')).rejects.toMatchObject({ code: -32005 })
  })
})
