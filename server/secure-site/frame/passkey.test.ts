// @vitest-environment happy-dom
// The frame's passkey panel when the page asks again while a ceremony runs: the page's view can mount twice (its
// cleanup cancels the first request, then it asks anew), and the visitor's passkey, already used, must answer the
// request now waiting instead of being lost with the cancelled one.
import { describe, expect, it, vi } from 'vitest'
import type { EmbeddedLogin } from '../../../protocol/frame/messages.js'

vi.mock('@simplewebauthn/browser', () => ({
  WebAuthnError: class extends Error {},
  startAuthentication: vi.fn(async () => ({ id: 'credential' })),
  startRegistration: vi.fn(async () => ({ id: 'credential' })),
}))
const { createPasskeyPanel } = await import('./passkey.js')

const user = { email: null, address: '0xa' } as unknown as EmbeddedLogin
const target = {} as never

/** An API whose /passkey/login answers only when the test lets it. */
function slowApi() {
  let release!: () => void
  const loginAnswered = new Promise<void>((r) => (release = r))
  const api = vi.fn(async (path: string) => {
    if (path === '/passkey/login') {
      await loginAnswered
      return user
    }
    return {}
  }) as unknown as <T>(path: string, body?: unknown) => Promise<T>
  return { api, release }
}

const click = (root: HTMLElement, testId: string) =>
  (root.querySelector(`[data-testid="${testId}"]`) as HTMLButtonElement).click()
const tick = () => new Promise((r) => setTimeout(r, 0))

describe('the passkey panel', () => {
  it('a login finished after its request was replaced answers the new request and closes its panel', async () => {
    const root = document.createElement('div')
    const { api, release } = slowApi()
    const panel = createPasskeyPanel(root, api)
    const first = { done: vi.fn(), reject: vi.fn() }
    panel.show({ kind: 'login', target, ...first })
    click(root, 'passkey-login')
    await tick()
    // the view mounted again: its cleanup cancels, then it asks anew while the prompt is answered
    panel.cancel()
    const second = { done: vi.fn(), reject: vi.fn() }
    panel.show({ kind: 'login', target, ...second })
    release()
    await vi.waitFor(() => expect(second.done).toHaveBeenCalledWith(user))
    expect(first.reject).toHaveBeenCalledWith('User rejected the request', 4001)
    expect(second.reject).not.toHaveBeenCalled()
    expect(root.hidden).toBe(true)
  })

  it('a login finished while nothing asks leaves a later panel alone', async () => {
    const root = document.createElement('div')
    const { api, release } = slowApi()
    const panel = createPasskeyPanel(root, api)
    const first = { done: vi.fn(), reject: vi.fn() }
    panel.show({ kind: 'login', target, ...first })
    click(root, 'passkey-login')
    await tick()
    panel.cancel()
    const adding = { done: vi.fn(), reject: vi.fn() }
    panel.show({ kind: 'add', ...adding })
    release()
    await tick()
    await tick()
    expect(adding.done).not.toHaveBeenCalled()
    expect(root.hidden).toBe(false)
    expect(root.querySelector('[data-testid="passkey-add"]')).not.toBeNull()
  })
})
