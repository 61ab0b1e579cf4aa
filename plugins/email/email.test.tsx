// SPEC §5 email rules (APKTW001/APKTW002, 30-character display) and the §9 resend cooldown, over the auth plugin's
// handlers with a scripted frame.
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  corePlugins,
  createFakeClock,
  createKernel,
  createStorage,
  definePlugin,
  memoryBackend,
  type FakeClock,
  type Kernel,
} from '../../kernel/index.js'
import { byTestId, cleanup, render } from '../../shell/testing.js'
import { authHandlers } from '../auth/auth.handlers.js'
import { authSlice } from '../auth/auth.state.js'
import type { FrameTransport } from '../auth/frame.js'
import { createEmailPlugin } from './index.js'
import { EmailLoginView } from './views/EmailLoginView.js'

const kernels: Kernel[] = []
afterEach(async () => {
  await cleanup()
  for (const k of kernels.splice(0)) k.dispose()
  vi.restoreAllMocks()
})

function setup() {
  const connectEmail = vi.fn()
  // the secure frame, answering CONNECT_EMAIL as the secure site does
  const frame = {
    request: async (kind: string, payload: { email: string }) => {
      if (kind !== 'CONNECT_EMAIL') throw new Error(kind)
      connectEmail(payload.email)
      return { action: 'VERIFY_OTP', resendAfterSeconds: 30 }
    },
  } as unknown as FrameTransport
  const clock = createFakeClock()
  const k = createKernel({
    clock,
    storage: createStorage(memoryBackend()),
    plugins: [
      ...corePlugins({ config: { projectId: 'p', networks: [], namespaces: ['eip155'], mobile: false, features: {} } }),
      definePlugin({
        id: 'auth',
        state: authSlice,
        handlers: authHandlers(
          () => frame,
          () => ({}),
        ),
      }),
      createEmailPlugin(),
    ],
  })
  kernels.push(k)
  return { k: Object.assign(k, { clock }) as Kernel & { clock: FakeClock }, connectEmail }
}

describe('email login', () => {
  it('refuses an invalid address with APKTW001 and an over-long one with APKTW002, logging the warning', async () => {
    const { k, connectEmail } = setup()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    for (const bad of ['', 'ada', 'ada@', 'ada@example', 'a da@example.com', '<ada>@example.com'])
      await expect(k.request('auth/connectEmail', { email: bad })).rejects.toMatchObject({ code: 'APKTW001' })
    await expect(
      k.request('auth/connectEmail', { email: `${'a'.repeat(60)}@${'b'.repeat(200)}.com` }),
    ).rejects.toMatchObject({
      code: 'APKTW002',
    })
    expect(warn.mock.calls.map((c) => String(c[0]).slice(8, 16))).toContain('APKTW002')
    expect(connectEmail).not.toHaveBeenCalled()
    await k.request('auth/connectEmail', { email: '  Ada.Lovelace+wallet@example.co.uk ' })
    expect(connectEmail).toHaveBeenCalledWith('Ada.Lovelace+wallet@example.co.uk')
  })

  it('resends only after 30 s', async () => {
    const { k, connectEmail } = setup()
    await k.request('auth/connectEmail', { email: 'ada@example.com' })
    await expect(k.request('auth/connectEmail', { email: 'ada@example.com' })).rejects.toThrow(
      'Wait 30 seconds before asking for a new code',
    )
    k.clock.advance(30_000)
    await k.request('auth/connectEmail', { email: 'ada@example.com' })
    expect(connectEmail).toHaveBeenCalledTimes(2)
  })

  it('needs the email feature and an allowed origin (SPEC §6): no code is asked for otherwise', async () => {
    const { k, connectEmail } = setup()
    // The project slice arrives with its plugin; the gate reads it from state, so a stand-in slice is enough here.
    k.register(
      definePlugin({
        id: 'project',
        state: { init: () => ({ ignored: [], legalAccepted: false, originAllowed: false }), on: {} },
      }),
    )
    await expect(k.request('auth/connectEmail', { email: 'ada@example.com' })).rejects.toMatchObject({
      code: 'EMAIL_NOT_ALLOWED',
    })
    const other = setup()
    other.k.emit('config/featuresChanged', { features: { email: false } })
    await expect(other.k.request('auth/connectEmail', { email: 'ada@example.com' })).rejects.toMatchObject({
      code: 'EMAIL_NOT_ALLOWED',
    })
    expect(connectEmail).not.toHaveBeenCalled()
    expect(other.connectEmail).not.toHaveBeenCalled()
  })

  it('shows the address cut to 30 characters with an ellipsis', async () => {
    const { k } = setup()
    const email = 'a.very.long.address.for.testing@example.com'
    await k.request('auth/connectEmail', { email })
    await render(<EmailLoginView kernel={k} />)
    expect(byTestId('email-code-sent')?.textContent).toContain(`${email.slice(0, 30)}…`)
    expect(byTestId('otp-resend')?.textContent).toMatch(/^Resend code in \d+s$/)
  })
})
