// SPEC §6: the smart-account switch is allowed only where smart accounts run and the current type is eoa; SPEC §8: an
// embedded-wallet request while nobody is signed in says "Not connected to email or social". Both refuse before the
// frame is asked.
import { afterEach, describe, expect, it } from 'vitest'
import {
  corePlugins,
  createFakeClock,
  createKernel,
  createStorage,
  definePlugin,
  memoryBackend,
  type AuthUser,
  type Kernel,
} from '../../kernel/index.js'
import { authHandlers } from './auth.handlers.js'
import { authSlice } from './auth.state.js'
import type { FrameTransport } from './frame.js'

const address = '0x1234567890abcdef1234567890abcdef1234abcd'
const kernels: Kernel[] = []
afterEach(() => {
  for (const k of kernels.splice(0)) k.dispose()
})

// The product's default features (email and socials on); the frame records what it is asked and echoes the type.
function setup() {
  const asked: string[] = []
  const frame = {
    request: async (kind: string, input: { accountType?: string }) => {
      asked.push(kind)
      return { ...user('eip155:1', []), accountType: input.accountType }
    },
  } as unknown as FrameTransport
  const k = createKernel({
    clock: createFakeClock(),
    storage: createStorage(memoryBackend()),
    plugins: [
      ...corePlugins({
        config: { projectId: 'p', networks: [], namespaces: ['eip155'], mobile: false, features: {} },
      }),
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

function user(caipNetworkId: string, smartAccountEnabledNetworks: string[], accountType = 'eoa'): AuthUser {
  return {
    email: 'ada@example.com',
    caipNetworkId,
    address,
    accountType,
    smartAccountDeployed: false,
    accounts: [],
    smartAccountEnabledNetworks,
  } as AuthUser
}

describe('the smart-account switch (SPEC §6)', () => {
  it('is allowed from eoa on a network where smart accounts run', async () => {
    const { k, asked } = setup()
    k.emit('auth/loggedIn', { user: user('eip155:1', ['eip155:1']), restored: false })
    await k.request('auth/setAccountType', { accountType: 'smartAccount' })
    expect(asked).toEqual(['SET_ACCOUNT_TYPE'])
    expect(k.getState().auth!.user!.accountType).toBe('smartAccount')
  })

  it('is refused where smart accounts do not run, and when the account is already a smart account', async () => {
    for (const u of [user('eip155:1', ['eip155:8453']), user('eip155:1', ['eip155:1'], 'smartAccount')]) {
      const { k, asked } = setup()
      k.emit('auth/loggedIn', { user: u, restored: false })
      await expect(k.request('auth/setAccountType', { accountType: 'smartAccount' })).rejects.toMatchObject({
        code: 'SMART_ACCOUNT_UNAVAILABLE',
      })
      expect(asked).toEqual([])
    }
  })
})

describe('SPEC §8 "Not connected to email or social"', () => {
  it('answers an embedded-wallet request while nobody is signed in', async () => {
    const { k, asked } = setup()
    const requests = [
      k.request('auth/setAccountType', { accountType: 'eoa' }),
      k.request('auth/updateEmail', { email: 'new@example.com' }),
      k.request('auth/listPasskeys'),
    ]
    for (const r of requests) await expect(r).rejects.toThrow(/^Not connected to email or social$/)
    expect(asked).toEqual([])
  })
})
