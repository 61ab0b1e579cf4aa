// The SPEC §4 sign-in flow on a kernel with the siwx manifest, a scripted wallet and an in-memory host config: the
// view opens after connect, Sign adds the session and closes, failures reopen with "Error signing message", Cancel
// follows the required rule, setup failures disconnect, a switch to a network without a session asks again; email
// capture (DataCapture) follows a sign-in when the feature is on.
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  corePlugins,
  createFakeClock,
  createKernel,
  createStorage,
  currentView,
  definePlugin,
  HttpError,
  memoryBackend,
  preloadNavigation,
  requestError,
  UserRejectedError,
  type Kernel,
  type SIWXConfig,
  type SIWXSession,
} from '../../kernel/index.js'
import { flush } from '../../kernel/testing/test-kernel.js'
import { capturedEmail, captureRequired } from './capture.js'
import { siwxManifest } from './manifest.js'
import { createFoyer } from '../../index.js'

const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'
const networks = ['eip155:1', 'eip155:8453', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'].map((id) => ({
  caipNetworkId: id,
  name: id,
  chainNamespace: id.split(':')[0],
  nativeSymbol: 'X',
}))

function hostConfig(required: boolean) {
  const sessions: SIWXSession[] = []
  const config: SIWXConfig & { sessions: SIWXSession[]; fail?: Error } = {
    sessions,
    async createMessage({ chainId, accountAddress }) {
      const data = {
        chainId,
        accountAddress,
        domain: 'app.example',
        uri: 'https://app.example/',
        version: '1',
        nonce: 'abcdefgh',
      }
      return { ...data, toString: () => `sign in ${accountAddress} on ${chainId}` }
    },
    addSession: vi.fn(async (s: SIWXSession) => {
      sessions.push(s)
    }),
    async getSessions(chainId, a) {
      if (config.fail) throw config.fail
      return sessions.filter((s) => s.data.chainId === chainId && s.data.accountAddress === a)
    },
    revokeSession: vi.fn(async () => undefined),
    async setSessions() {},
    getRequired: () => required,
  }
  return config
}

// A wallet that answers the kernel's wallet requests the way the namespaces plugin does, scripted.
function walletPlugin(answer: { reject?: boolean }) {
  return definePlugin({
    id: 'test-wallet',
    handlers: {
      'wallet/signMessage': async (input) => {
        if (answer.reject) throw new UserRejectedError()
        return { signature: `signed(${input.message})`, address }
      },
      'wallet/disconnect': async (_i, ctx) => {
        ctx.emit('wallet/disconnected', { namespace: 'eip155' })
        if (ctx.getState().modal.open) await ctx.request('modal/close')
      },
      'network/switch': async (input, ctx) => {
        ctx.emit('network/switched', { caipNetworkId: input.caipNetworkId })
      },
    },
  })
}

const kernels: Kernel[] = []
afterEach(() => kernels.splice(0).forEach((k) => k.dispose()))

async function setup(
  o: { required?: boolean; reject?: boolean; features?: Record<string, unknown>; capture?: object } = {},
) {
  const config = Object.assign(hostConfig(!!o.required), o.capture)
  const answer = { reject: !!o.reject }
  const kernel = createKernel({
    plugins: [
      ...corePlugins({
        config: {
          projectId: 'p',
          networks,
          namespaces: ['eip155', 'solana'],
          mobile: false,
          features: (o.features ?? {}) as Record<string, boolean>,
        },
      }),
      walletPlugin(answer),
      definePlugin({ id: 'shell-views', views: { Connect: { component: 'Connect' } } }),
      siwxManifest,
    ],
    clock: createFakeClock(1000),
    storage: createStorage(memoryBackend()),
    options: { siwx: config },
  })
  kernels.push(kernel)
  // As after a visitor's intent: the navigation code (opening SIWXSignMessage, the snackbar) is here before the flow.
  await preloadNavigation()
  await kernel.load('siwx')
  await flush()
  const connect = async (chain = 'eip155:1') => {
    kernel.emit('network/switched', { caipNetworkId: chain })
    kernel.emit('wallet/connected', { namespace: 'eip155', caipAddress: `${chain}:${address}`, connectorId: 'w' })
    await vi.waitFor(() => expect(kernel.getState().account.sessionCount).toBeGreaterThanOrEqual(0))
    await flush()
    await flush()
  }
  const view = () => (kernel.getState().modal.open ? currentView(kernel.getState()) : 'closed')
  return { kernel, config, answer, connect, view }
}

describe('the SIWX flow', () => {
  it('opens SIWXSignMessage after connect, refuses to close while required, signs and closes', async () => {
    const { kernel, config, connect, view } = await setup({ required: true })
    expect(kernel.getState().account.sessionRequired).toBe(true)
    await connect()
    expect(view()).toBe('SIWXSignMessage')
    await expect(kernel.request('modal/close')).resolves.toBe(false)
    await kernel.request('siwx/signMessage')
    expect(config.addSession).toHaveBeenCalledWith({
      data: expect.objectContaining({ chainId: 'eip155:1', accountAddress: address, nonce: 'abcdefgh' }),
      message: `sign in ${address} on eip155:1`,
      signature: `signed(sign in ${address} on eip155:1)`,
    })
    expect([view(), kernel.getState().account.sessionCount]).toEqual(['closed', 1])
    // Reconnecting with the session: no prompt.
    await connect()
    expect(view()).toBe('closed')
  })

  it('a failed signature keeps the view open with "Error signing message"', async () => {
    const { kernel, connect, view, answer } = await setup({ reject: true })
    await connect()
    await kernel.request('modal/close')
    await expect(kernel.request('siwx/signMessage')).rejects.toThrow('Error signing message: the wallet declined')
    expect(view()).toBe('SIWXSignMessage')
    expect(requestError(kernel.getState(), 'siwx/signMessage')?.message).toMatch(/^Error signing message/)
    answer.reject = false
    await kernel.request('siwx/signMessage')
    expect(requestError(kernel.getState(), 'siwx/signMessage')).toBeUndefined()
  })

  it('switching to a network without a session asks again; Cancel (required) goes back to the signed one', async () => {
    const { kernel, connect, view } = await setup({ required: true })
    await connect('eip155:1')
    await kernel.request('siwx/signMessage')
    kernel.emit('network/switched', { caipNetworkId: 'eip155:8453' })
    await vi.waitFor(() => expect(view()).toBe('SIWXSignMessage'))
    await kernel.request('siwx/cancel')
    expect([view(), kernel.getState().account.activeCaipNetworkId]).toEqual(['closed', 'eip155:1'])
    expect(kernel.getState().account.namespaces.eip155.status).toBe('connected')
  })

  it('Cancel disconnects when required and nothing was signed; just closes when not required', async () => {
    const required = await setup({ required: true })
    await required.connect()
    await required.kernel.request('siwx/cancel')
    expect(required.view()).toBe('closed')
    expect(required.kernel.getState().account.namespaces.eip155.status).toBe('disconnected')
    expect(currentView(required.kernel.getState())).toBe('Connect')
    const optional = await setup({ required: false })
    await optional.connect()
    await optional.kernel.request('siwx/cancel')
    expect(optional.view()).toBe('closed')
    expect(optional.kernel.getState().account.namespaces.eip155.status).toBe('connected')
  })

  it('a config that fails to list sessions: "A problem occurred while trying initialize authentication", disconnect', async () => {
    const { kernel, config, connect } = await setup()
    config.fail = new Error('server down')
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await connect()
    await vi.waitFor(() => expect(kernel.getState().account.namespaces.eip155.status).toBe('disconnected'))
    expect(kernel.getState().snackbar).toMatchObject({
      variant: 'error',
      message: 'A problem occurred while trying initialize authentication',
    })
    expect(currentView(kernel.getState())).toBe('Connect')
    error.mockRestore()
  })

  it('names what is missing: SIWX is not enabled, No ActiveCaipAddress found, No ActiveCaipNetwork or client found', async () => {
    const { kernel } = await setup()
    await expect(kernel.request('siwx/signMessage')).rejects.toThrow('No ActiveCaipAddress found')
    const bare = createKernel({
      plugins: [
        ...corePlugins({ config: { projectId: 'p', networks, namespaces: ['eip155'], mobile: false, features: {} } }),
        siwxManifest,
      ],
    })
    kernels.push(bare)
    await expect(bare.request('siwx/signMessage')).rejects.toThrow('SIWX is not enabled')
    const noWallet = createKernel({
      plugins: [
        ...corePlugins({ config: { projectId: 'p', networks, namespaces: ['eip155'], mobile: false, features: {} } }),
        siwxManifest,
      ],
      options: { siwx: hostConfig(false) },
    })
    kernels.push(noWallet)
    noWallet.emit('wallet/connected', { namespace: 'eip155', caipAddress: `eip155:1:${address}`, connectorId: 'w' })
    await expect(noWallet.request('siwx/signMessage')).rejects.toThrow('No ActiveCaipNetwork or client found')
  })

  it('refuses siweConfig and siwx together, and loads nothing when neither is set', () => {
    const siwe = {
      createMessage: () => '',
      getNonce: async () => 'n',
      getSession: async () => null,
      verifyMessage: async () => true,
      signOut: async () => true,
    }
    expect(() => createFoyer({ projectId: 'p', siwx: hostConfig(false), siweConfig: siwe })).toThrow(
      'Cannot set both `siweConfig` and `siwx` options',
    )
    const foyer = createFoyer({
      projectId: 'p',
      networks,
      adapters: ['eip155'],
      storage: createStorage(memoryBackend()),
    })
    expect(foyer.kernel.getState()).not.toHaveProperty('siwx')
    expect(foyer.kernel.isViewLoaded('SIWXSignMessage')).toBe(false)
    foyer.destroy()
  })
})

// A server-like email capture in memory: one code, wrong ones refused with the server's reason.
function memoryCapture() {
  const emails = new Map<string, string>()
  let pending: { email: string; code: string } | undefined
  return {
    emails,
    accountEmail: async (_c: string, a: string) => emails.get(a),
    sendEmailCode: vi.fn(async ({ email }: { email: string }) => {
      pending = { email: email.toLowerCase(), code: '123456' }
      return { email: pending.email, resendAfterSeconds: 30 }
    }),
    async confirmEmail({ address: a, email, code }: { address: string; email: string; code: string }) {
      if (code !== pending?.code || email !== pending.email)
        throw new HttpError(400, { error: 'wrong_code', reasons: [{ description: 'Wrong code. 4 tries left.' }] })
      emails.set(a, email)
      return { email }
    },
  }
}

describe('email capture (DataCapture) after sign-in', () => {
  it('asks for an email, mails a code, confirms it and keeps the email for the account', async () => {
    const capture = memoryCapture()
    const { kernel, connect, view } = await setup({ features: { emailCapture: true }, capture })
    await connect()
    await kernel.request('siwx/signMessage')
    expect(view()).toBe('DataCapture')
    expect(captureRequired(kernel.getState())).toBe(false)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    await expect(kernel.request('siwx/sendEmailCode', { email: 'nope' })).rejects.toThrow('Enter a valid email address')
    expect(warn).toHaveBeenCalledWith('[foyer] APKTW001: Enter a valid email address')
    warn.mockRestore()
    expect(capture.sendEmailCode).not.toHaveBeenCalled()
    await kernel.request('siwx/sendEmailCode', { email: ' Me@Example.com ' })
    expect(view()).toBe('DataCaptureOtpConfirm')
    expect(kernel.getState().siwx).toMatchObject({ pendingEmail: 'me@example.com', resendAt: 1000 + 30_000 })
    await expect(kernel.request('siwx/confirmEmail', { code: '000000' })).rejects.toThrow('Wrong code. 4 tries left.')
    expect(requestError(kernel.getState(), 'siwx/confirmEmail')?.message).toBe('Wrong code. 4 tries left.')
    await kernel.request('siwx/confirmEmail', { code: '123456' })
    expect(view()).toBe('closed')
    expect(capturedEmail(kernel.getState())).toBe('me@example.com')
    // The next connection of that account finds its email: nothing is asked.
    kernel.emit('wallet/disconnected', { namespace: 'eip155' })
    await connect()
    expect([view(), capturedEmail(kernel.getState())]).toEqual(['closed', 'me@example.com'])
  })

  it('is off by default, off for configs that cannot confirm emails, and required only when asked', async () => {
    const off = await setup({ capture: memoryCapture() })
    await off.connect()
    await off.kernel.request('siwx/signMessage')
    expect(off.view()).toBe('closed')
    const hostWritten = await setup({ features: { emailCapture: true } })
    await hostWritten.connect()
    await hostWritten.kernel.request('siwx/signMessage')
    expect(hostWritten.view()).toBe('closed')
    const required = await setup({ features: { emailCapture: ['required'] }, capture: memoryCapture() })
    await required.connect()
    await required.kernel.request('siwx/signMessage')
    expect(required.view()).toBe('DataCapture')
    expect(captureRequired(required.kernel.getState())).toBe(true)
  })
})
