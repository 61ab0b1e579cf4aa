// The page side of the frame protocol with a fake window: exact target origin, origin AND source checks, correlation
// by id, SPEC §9 time-outs on a fake clock, "An error occurred" for an empty error, dropped malformed messages.
import { describe, expect, it, vi } from 'vitest'
import { createFakeClock, UserRejectedError } from '../../kernel/index.js'
import { createFrameTransport, FrameTimeouts } from './frame.js'

const SITE = 'http://localhost:8790'
const HOST = 'http://127.0.0.1:5173'

function fakePage() {
  const listeners = new Set<(e: MessageEvent) => void>()
  const posted: Array<{ message: { type: string; id: string; payload: unknown }; target: string }> = []
  const frameWindow = { postMessage: vi.fn((message, target) => posted.push({ message, target })) }
  const iframe = {
    dataset: {} as Record<string, string>,
    src: '',
    title: '',
    setAttribute: vi.fn(),
    style: { cssText: '' },
    remove: vi.fn(),
    contentWindow: frameWindow,
  }
  const win = {
    location: { origin: HOST },
    addEventListener: (_: string, fn: (e: MessageEvent) => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: (e: MessageEvent) => void) => listeners.delete(fn),
    document: { createElement: () => iframe, body: { appendChild: vi.fn() } },
  }
  const deliver = (data: unknown, origin = SITE, source: unknown = frameWindow) => {
    for (const fn of listeners) fn({ data, origin, source } as MessageEvent)
  }
  return { win: win as unknown as Window, iframe, frameWindow, posted, deliver }
}

function setup() {
  const page = fakePage()
  const clock = createFakeClock()
  const logs: string[] = []
  const alerts: string[] = []
  const t = createFrameTransport({
    secureSiteUrl: `${SITE}/`,
    clock,
    window: page.win,
    log: (m) => logs.push(m),
    onAlert: (a, r) => alerts.push(`${a}:${r}`),
  })
  return { ...page, clock, logs, alerts, t }
}
const flush = () => new Promise((r) => setTimeout(r, 0))

describe('frame transport', () => {
  it('loads the frame for this page origin, waits for READY from the frame window only, posts to the exact origin', async () => {
    const s = setup()
    const ready = s.t.ready()
    expect(s.iframe.src).toBe(`${SITE}/frame?origin=${encodeURIComponent(HOST)}`)
    s.deliver({ type: '@foyer-frame/READY', id: 'frame', payload: {} }, 'http://evil.example')
    s.deliver({ type: '@foyer-frame/READY', id: 'frame', payload: {} }, SITE, {})
    expect(s.logs).toHaveLength(2)
    s.deliver({ type: '@foyer-frame/READY', id: 'frame', payload: {} })
    await ready
    const answer = s.t.request('CONNECT_EMAIL', { email: 'ada@example.com' })
    await flush()
    expect(s.posted[0].target).toBe(SITE)
    expect(s.posted[0].message).toMatchObject({
      type: '@foyer-app/CONNECT_EMAIL',
      payload: { email: 'ada@example.com' },
    })
    const id = s.posted[0].message.id
    // a forged answer from another origin or another window, and a malformed one, change nothing
    s.deliver(
      { type: '@foyer-frame/CONNECT_EMAIL_SUCCESS', id, payload: { action: 'VERIFY_OTP', resendAfterSeconds: 1 } },
      HOST,
      s.win,
    )
    s.deliver({ type: '@foyer-frame/CONNECT_EMAIL_SUCCESS', id, payload: { action: 'HACKED' } })
    s.deliver({
      type: '@foyer-frame/CONNECT_EMAIL_SUCCESS',
      id,
      payload: { action: 'VERIFY_OTP', resendAfterSeconds: 30 },
    })
    expect(await answer).toEqual({ action: 'VERIFY_OTP', resendAfterSeconds: 30 })
    expect(s.logs.filter((l) => l.includes('malformed'))).toHaveLength(1)
  })

  it('maps errors: no message gives "An error occurred", 4001 a user rejection', async () => {
    const s = setup()
    const ready = s.t.ready()
    s.deliver({ type: '@foyer-frame/READY', id: 'frame', payload: {} })
    await ready
    const a = s.t.request('GET_USER', {})
    const b = s.t.request(
      'RPC_REQUEST',
      { namespace: 'eip155', caipNetworkId: 'eip155:1', method: 'personal_sign', params: [] },
      { timeoutMs: 0 },
    )
    await flush()
    s.deliver({ type: '@foyer-frame/GET_USER_ERROR', id: s.posted[0].message.id, payload: { message: '' } })
    s.deliver({
      type: '@foyer-frame/RPC_REQUEST_ERROR',
      id: s.posted[1].message.id,
      payload: { message: 'User rejected the request', code: 4001 },
    })
    await expect(a).rejects.toThrow('An error occurred')
    await expect(b).rejects.toBeInstanceOf(UserRejectedError)
  })

  it('times out: frame load after 20 s (iframe_load_failed), requests after 120 s (iframe_request_timeout), sign-out after 3 s', async () => {
    const s = setup()
    const ready = s.t.ready()
    s.clock.advance(FrameTimeouts.loadMs)
    await expect(ready).rejects.toMatchObject({ code: 'iframe_load_failed' })
    expect(s.alerts).toEqual(['walletLoadFailed:iframe_load_failed'])

    const again = s.t.ready()
    s.deliver({ type: '@foyer-frame/READY', id: 'frame', payload: {} })
    await again
    const login = s.t.request('CONNECT_OTP', { otp: '123456' })
    const out = s.t.request('SIGN_OUT', {})
    const approval = s.t.request(
      'RPC_REQUEST',
      { namespace: 'eip155', caipNetworkId: 'eip155:1', method: 'eth_sendTransaction', params: [] },
      { timeoutMs: 0 },
    )
    await flush()
    s.clock.advance(FrameTimeouts.signOutMs)
    await expect(out).rejects.toMatchObject({ code: 'iframe_request_timeout' })
    // SPEC §8: the iframe request-timeout alert (APKT004) is raised with the rejection
    expect(s.alerts).toEqual(['walletLoadFailed:iframe_load_failed', 'walletRequestTimeout:iframe_request_timeout'])
    s.clock.advance(FrameTimeouts.loginMs - FrameTimeouts.signOutMs - 1)
    let settled = false
    void login.catch(() => (settled = true))
    await flush()
    expect(settled).toBe(false)
    s.clock.advance(1)
    await expect(login).rejects.toMatchObject({ code: 'iframe_request_timeout' })
    expect(s.alerts.filter((a) => a.startsWith('walletRequestTimeout'))).toHaveLength(2)
    s.t.destroy()
    await expect(approval).rejects.toThrow('closed')
  })

  it('fails with unverified_domain when the frame says the page origin is not allowed', async () => {
    const s = setup()
    const ready = s.t.ready()
    s.deliver({ type: '@foyer-frame/UNVERIFIED_DOMAIN', id: 'frame', payload: { origin: HOST } })
    await expect(ready).rejects.toMatchObject({ code: 'unverified_domain' })
    expect(s.alerts).toEqual(['unverifiedDomain:unverified_domain'])
    expect(s.iframe.remove).toHaveBeenCalled()
  })
})
