// SPEC §5 email rules (APKTW001/APKTW002, 30-character display) and the §9 resend cooldown, over a stub auth plugin.
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
import { authSlice } from '../auth/auth.state.js'
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
  const clock = createFakeClock()
  const k = createKernel({
    clock,
    storage: createStorage(memoryBackend()),
    plugins: [
      ...corePlugins({ config: { projectId: 'p', networks: [], namespaces: ['eip155'], mobile: false, features: {} } }),
      definePlugin({
        id: 'auth',
        state: authSlice,
        handlers: {
          'auth/connectEmail': ({ email }, ctx) => {
            connectEmail(email)
            ctx.emit('auth/codeSent', { email, resendAt: ctx.clock.now() + 30_000, purpose: 'login' })
          },
        },
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
      await expect(k.request('email/login', { email: bad })).rejects.toMatchObject({ code: 'APKTW001' })
    await expect(k.request('email/login', { email: `${'a'.repeat(60)}@${'b'.repeat(200)}.com` })).rejects.toMatchObject(
      {
        code: 'APKTW002',
      },
    )
    expect(warn.mock.calls.map((c) => String(c[0]).slice(8, 16))).toContain('APKTW002')
    expect(connectEmail).not.toHaveBeenCalled()
    await k.request('email/login', { email: '  Ada.Lovelace+wallet@example.co.uk ' })
    expect(connectEmail).toHaveBeenCalledWith('Ada.Lovelace+wallet@example.co.uk')
  })

  it('resends only after 30 s', async () => {
    const { k, connectEmail } = setup()
    await k.request('email/login', { email: 'ada@example.com' })
    await expect(k.request('email/resend')).rejects.toThrow('Wait 30 seconds before asking for a new code')
    k.clock.advance(30_000)
    await k.request('email/resend')
    expect(connectEmail).toHaveBeenCalledTimes(2)
  })

  it('shows the address cut to 30 characters with an ellipsis', async () => {
    const { k } = setup()
    const email = 'a.very.long.address.for.testing@example.com'
    await k.request('email/login', { email })
    await render(<EmailLoginView kernel={k} />)
    expect(byTestId('email-code-sent')?.textContent).toContain(`${email.slice(0, 30)}…`)
    expect(byTestId('otp-resend')?.textContent).toMatch(/^Resend code in \d+s$/)
  })
})
