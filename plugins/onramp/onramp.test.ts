// The on-ramp's provider list comes from the features in force: the remote project config's list when the server
// answered (SPEC §5: it overrides the host's local settings), else the host's own.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { HttpClient } from '../../kernel/index.js'
import { emitRaw, createTestKernel, flush, type TestKernel } from '../../kernel/testing/test-kernel.js'
import { createProjectPlugin } from '../project/index.js'
import { fakeApi, projectConfig } from '../project/testing.js'
import { createOnRampPlugin } from './index.js'
import { onrampOf } from './onramp.state.js'

const PID = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'
const provider = (id: string) => ({ id, name: id, feeBps: 150, namespaces: ['eip155'], publicKey: 'k', url: '' })
const offer = {
  providers: [provider('local'), provider('meld')],
  purchaseCurrencies: [],
  paymentCurrencies: [{ id: 'USD', payment_method_limits: [{ id: 'card', min: '10.00', max: '7500.00' }] }],
}

const kernels: TestKernel[] = []
afterEach(() => {
  for (const k of kernels.splice(0)) k.dispose()
  vi.restoreAllMocks()
})

async function offered(remote: 'answers' | 'fails'): Promise<string[]> {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  const api = fakeApi({
    [`GET /v1/projects/${PID}/config`]:
      remote === 'answers'
        ? { status: 200, body: projectConfig({ onramp: { isEnabled: true, config: ['local'] } }) }
        : { status: 500, body: { error: 'down' } },
    [`GET /v1/projects/${PID}/origins`]: { status: 200, body: { allowedOrigins: [] } },
    'POST /e': { status: 202, body: { ok: true } },
    'GET /v1/onramp/options': { status: 200, body: offer },
  })
  const features = { onramp: ['meld'] }
  const k = createTestKernel({
    http: api.http,
    options: { projectId: PID, apiUrl: 'http://api.test/', features },
    config: { projectId: PID, features },
    plugins: [
      createProjectPlugin({ origin: 'http://localhost:5173', location: { href: 'http://x/', hostname: 'localhost' } }),
      // The test kernel registers stand-ins for every SPEC view: the plugin brings its handlers and wiring only.
      { ...createOnRampPlugin(), views: {} },
    ],
  })
  kernels.push(k)
  emitRaw(k, 'network/switched', { caipNetworkId: 'eip155:1' })
  await k.request('project/init').catch(() => undefined)
  await k.request('onramp/fetchOptions')
  return onrampOf(k.getState()).offer!.providers.map((p) => p.id)
}

describe('on-ramp providers', () => {
  it("follows the remote config's provider list over the host's local one", async () => {
    expect(await offered('answers')).toEqual(['local'])
  })

  it("keeps the host's list when the remote config cannot be read", async () => {
    expect(await offered('fails')).toEqual(['meld'])
  })
})

describe('on-ramp quote (SPEC §4)', () => {
  it('sets the loading flag while a quote is asked for, and resets the quote when the amount is cleared', async () => {
    const asked: Array<(quotes: unknown) => void> = []
    const http = {
      get: async () => offer,
      post: () => new Promise((resolve) => asked.push((quotes) => resolve({ quotes }))),
    } as unknown as HttpClient
    const k = createTestKernel({ http, plugins: [{ ...createOnRampPlugin(), views: {} }] })
    kernels.push(k)
    emitRaw(k, 'network/switched', { caipNetworkId: 'eip155:1' })
    await k.request('onramp/fetchOptions')
    expect(onrampOf(k.getState())).toMatchObject({ quoteLoading: false, quotes: [] })

    const changed = k.request('onramp/changeAmount', { amount: '100' })
    await flush()
    expect(asked).toHaveLength(1)
    expect(onrampOf(k.getState()).quoteLoading).toBe(true)
    const quote = { providerId: 'local', purchaseAmount: { amount: '99.1' } }
    asked[0]([quote])
    await changed
    expect(onrampOf(k.getState())).toMatchObject({ quoteLoading: false, quotes: [quote] })

    await k.request('onramp/changeAmount', { amount: '' })
    expect(asked).toHaveLength(1)
    expect(onrampOf(k.getState())).toMatchObject({ quoteLoading: false, quotes: [], quoteError: null })
  })
})
