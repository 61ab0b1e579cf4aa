// SPEC §8's two social-login failures as the visitor reads them: "Failed to initiate social connection" when the login
// cannot start (no popup, the secure site could not start it) and "Failed to connect" when its result does not lead to
// a login (no login in progress, the wallet refused it).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  corePlugins,
  createFakeClock,
  createKernel,
  createStorage,
  definePlugin,
  memoryBackend,
  type Kernel,
} from '../../kernel/index.js'
import { createSocialPlugin } from './index.js'
import { PendingRedirectKey } from './social.handlers.js'

const SITE = 'http://localhost:8790'
const kernels: Kernel[] = []
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
  for (const k of kernels.splice(0)) k.dispose()
})

// The embedded wallet's side is a stub: it starts a login with state s1 and refuses to redeem any result.
function kernel(): Kernel {
  const k = createKernel({
    clock: createFakeClock(),
    storage: createStorage(memoryBackend()),
    plugins: [
      ...corePlugins({
        config: { projectId: 'p', networks: [], namespaces: ['eip155'], mobile: false, features: {} },
      }),
      { id: 'views', views: { Connect: { component: 'C' }, Account: { component: 'A' } } },
      definePlugin({
        id: 'auth',
        handlers: {
          'auth/socialUri': async () => ({ url: `${SITE}/social/start?state=s1` }),
          'auth/connectSocial': async () => {
            throw new Error('the wallet refused the code')
          },
        },
      }),
      createSocialPlugin(),
    ],
  })
  kernels.push(k)
  return k
}

// Back from a redirect login: the address bar carries result_uri.
const backWith = (query: string) =>
  window.history.replaceState(null, '', `/?result_uri=${encodeURIComponent(`${SITE}/social/callback?${query}`)}`)

describe('SPEC §8 social-login failures', () => {
  it('"Failed to initiate social connection": no popup to start in, or the secure site could not start the login', async () => {
    const k = kernel()
    await k.request('modal/open', undefined)
    await expect(k.request('social/connect', { provider: 'google', popup: 'blocked' })).rejects.toThrow(
      /^Failed to initiate social connection$/,
    )
    expect(k.getState().snackbar).toMatchObject({ message: 'Failed to initiate social connection' })

    k.storage.set(PendingRedirectKey, { provider: 'google', state: 's1' })
    backWith('state=s1&error=start_failed')
    await expect(k.request('social/finishRedirect')).rejects.toThrow(/^Failed to initiate social connection$/)
  })

  it('"Failed to connect": a result with no login in progress, or one the wallet does not redeem', async () => {
    const k = kernel()
    backWith('state=s1&code=c1')
    await expect(k.request('social/finishRedirect')).rejects.toThrow(/^Failed to connect$/)

    k.storage.set(PendingRedirectKey, { provider: 'google', state: 's1' })
    backWith('state=s1&code=c1')
    await expect(k.request('social/finishRedirect')).rejects.toThrow(/^Failed to connect$/)
  })
})
