// Issue 34 item 3: every failure the auth plugin raises is an AuthError (kernel/contracts/auth.ts) with its code, and
// the visitor reads the same text as before; a failure the frame answered keeps the frame's own code and text.
import { afterEach, describe, expect, it } from 'vitest'
import {
  AuthError,
  corePlugins,
  createFakeClock,
  createKernel,
  createStorage,
  definePlugin,
  FoyerError,
  memoryBackend,
  type AuthUser,
  type Kernel,
  type RequestError,
} from '../../kernel/index.js'
import { authHandlers } from './auth.handlers.js'
import { authSlice } from './auth.state.js'
import { createFrameTransport, type FrameTransport } from './frame.js'

const kernels: Kernel[] = []
afterEach(() => {
  for (const k of kernels.splice(0)) k.dispose()
})

const user: AuthUser = {
  email: 'ada@example.com',
  caipNetworkId: 'eip155:1',
  address: '0x1234567890abcdef1234567890abcdef1234abcd',
  accountType: 'eoa',
  smartAccountDeployed: false,
  accounts: [],
  smartAccountEnabledNetworks: [],
}

// The product's default features unless `features` says otherwise; the frame answers CONNECT_EMAIL, or fails as told.
function setup(features: Record<string, unknown> = {}, frameFails?: unknown) {
  const asked: string[] = []
  const frame = {
    request: async (kind: string) => {
      asked.push(kind)
      if (frameFails) throw frameFails
      return { resendAfterSeconds: 30 }
    },
  } as unknown as FrameTransport
  const k = createKernel({
    clock: createFakeClock(),
    storage: createStorage(memoryBackend()),
    plugins: [
      ...corePlugins({ config: { projectId: 'p', networks: [], namespaces: ['eip155'], mobile: false, features } }),
      definePlugin({
        id: 'auth',
        state: authSlice,
        handlers: authHandlers(
          () => frame,
          () => ({}),
        ),
      }),
    ],
  })
  kernels.push(k)
  return { k, asked }
}

/** What a request failed with, as the tests compare it. */
async function failure(p: Promise<unknown>) {
  const e = (await p.then(
    () => undefined,
    (x: unknown) => x,
  )) as RequestError<'auth/connectEmail'>
  expect(e).toBeInstanceOf(AuthError)
  expect(e).toBeInstanceOf(FoyerError)
  return { name: e.name, code: e.code, category: e.category, message: e.message }
}

describe('AuthError from the auth plugin', () => {
  it('email login: APKTW001, APKTW002 (SPEC §5 texts), EMAIL_NOT_ALLOWED, RESEND_TOO_SOON', async () => {
    const { k } = setup()
    expect(await failure(k.request('auth/connectEmail', { email: 'not-an-address' }))).toEqual({
      name: 'AuthError',
      code: 'APKTW001',
      category: 'CONFIGURATION',
      message: 'Enter a valid email address',
    })
    expect(await failure(k.request('auth/connectEmail', { email: `${'a'.repeat(250)}@x.io` }))).toMatchObject({
      code: 'APKTW002',
      message: 'This email address is too long',
    })
    await k.request('auth/connectEmail', { email: 'ada@example.com' })
    expect(await failure(k.request('auth/connectEmail', { email: 'ada@example.com' }))).toEqual({
      name: 'AuthError',
      code: 'RESEND_TOO_SOON',
      category: 'INTERNAL_SDK_ERROR',
      message: 'Wait 30 seconds before asking for a new code',
    })
    const off = setup({ email: false })
    expect(await failure(off.k.request('auth/connectEmail', { email: 'ada@example.com' }))).toEqual({
      name: 'AuthError',
      code: 'EMAIL_NOT_ALLOWED',
      category: 'CONFIGURATION',
      message: 'Email login is not available on this page',
    })
    expect(off.asked).toEqual([])
  })

  it('a code that is not 6 digits: INVALID_OTP, before the frame is asked', async () => {
    const { k, asked } = setup()
    expect(await failure(k.request('auth/connectOtp', { otp: '12345' }))).toEqual({
      name: 'AuthError',
      code: 'INVALID_OTP',
      category: 'INTERNAL_SDK_ERROR',
      message: 'Enter the 6-digit code from the email',
    })
    expect(asked).toEqual([])
  })

  it('SPEC §8 catalogue failures keep their texts: noAuthConnector, notConnectedToAuth; passkeys off by default', async () => {
    const { k } = setup({ email: false, socials: false })
    expect(await failure(k.request('auth/setAccountType', { accountType: 'eoa' }))).toEqual({
      name: 'AuthError',
      code: 'noAuthConnector',
      category: 'CONFIGURATION',
      message: 'No auth connector found',
    })
    const signedOut = setup()
    expect(await failure(signedOut.k.request('auth/listPasskeys'))).toEqual({
      name: 'AuthError',
      code: 'notConnectedToAuth',
      category: 'INTERNAL_SDK_ERROR',
      message: 'Not connected to email or social',
    })
    expect(await failure(signedOut.k.request('auth/connectPasskey'))).toMatchObject({
      code: 'PASSKEY_NOT_ALLOWED',
      category: 'CONFIGURATION',
      message: 'Passkey login is not available on this page',
    })
    signedOut.k.emit('auth/loggedIn', { user, restored: false })
    expect(await failure(signedOut.k.request('auth/setAccountType', { accountType: 'smartAccount' }))).toMatchObject({
      code: 'SMART_ACCOUNT_UNAVAILABLE',
      message: 'Smart accounts are not available here',
    })
  })
})

describe('AuthError from the frame transport', () => {
  // a fake window: the frame's answers arrive as messages from the secure site's origin and the frame's window
  function transport() {
    const listeners = new Set<(e: MessageEvent) => void>()
    const posted: Array<{ id: string }> = []
    const frameWindow = { postMessage: (m: { id: string }) => posted.push(m) }
    const iframe = { dataset: {}, style: {}, setAttribute() {}, remove() {}, contentWindow: frameWindow }
    const win = {
      location: { origin: 'http://127.0.0.1:5173' },
      addEventListener: (_: string, fn: (e: MessageEvent) => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: (e: MessageEvent) => void) => listeners.delete(fn),
      document: { createElement: () => iframe, body: { appendChild() {} } },
    } as unknown as Window
    const clock = createFakeClock()
    const t = createFrameTransport({ secureSiteUrl: 'http://localhost:8790/', clock, window: win, log: () => {} })
    const answer = (type: string, id: string, payload: unknown) => {
      for (const fn of listeners)
        fn({
          data: { type, id, payload },
          origin: 'http://localhost:8790',
          source: frameWindow,
        } as unknown as MessageEvent)
    }
    return { t, clock, posted, answer }
  }

  it("keeps the frame's own code and text (the secure site's, or a number), reported as WALLET", async () => {
    const { t, posted, answer } = transport()
    const ready = t.ready()
    answer('@foyer-frame/READY', 'frame', {})
    await ready
    const codes: Array<string | number | undefined> = ['wrong_code', 4200, 'constructor', undefined]
    for (const code of codes) {
      const login = t.request('CONNECT_OTP', { otp: '123456' } as never)
      await new Promise((r) => setTimeout(r, 0))
      answer('@foyer-frame/CONNECT_OTP_ERROR', posted.at(-1)!.id, { message: `failed ${code}`, code })
      expect(await failure(login)).toEqual({
        name: 'AuthError',
        code: code ?? 'FRAME_ERROR',
        category: 'WALLET',
        message: `failed ${code}`,
      })
    }
  })

  it('a frame that never loads: iframe_load_failed, a WALLET AuthError', async () => {
    const { t, clock } = transport()
    const ready = t.ready()
    clock.advance(20_000)
    expect(await failure(ready)).toMatchObject({ name: 'AuthError', code: 'iframe_load_failed', category: 'WALLET' })
  })
})
