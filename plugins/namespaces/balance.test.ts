import { afterEach, describe, expect, it } from 'vitest'
import {
  CacheLifetimes,
  createFakeClock,
  createKernel,
  createStorage,
  corePlugins,
  definePlugin,
  memoryBackend,
  TokenBalanceUnavailable,
  type HttpClient,
  type Kernel,
} from '../../kernel/index.js'
import { fetchBalance } from './balance.js'
import { namespacesSlice } from './namespaces.state.js'

const networks = [
  { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  {
    caipNetworkId: 'eip155:420',
    name: 'Optimism Goerli',
    chainNamespace: 'eip155',
    nativeSymbol: 'ETH',
    testnet: true,
  },
]
const ADDR = '0x1234567890abcdef1234567890abcdef1234abcd'
const kernels: Kernel[] = []
afterEach(() => {
  for (const k of kernels.splice(0)) k.dispose()
})

function setup(answer: () => unknown) {
  const calls: unknown[] = []
  const http = {
    get: async (req: unknown) => {
      calls.push(req)
      return answer()
    },
  } as unknown as HttpClient
  const clock = createFakeClock()
  const k = createKernel({
    plugins: [
      ...corePlugins({ config: { projectId: 'p', networks, namespaces: ['eip155'], mobile: false, features: {} } }),
      definePlugin({ id: 'namespaces', state: namespacesSlice, handlers: { 'account/fetchBalance': fetchBalance } }),
    ],
    storage: createStorage(memoryBackend()),
    http,
    clock,
  })
  kernels.push(k)
  const connect = (caipNetworkId: string) =>
    k.emit('wallet/connected', { namespace: 'eip155', caipAddress: `${caipNetworkId}:${ADDR}`, connectorId: 'w' })
  return { k, calls, clock, connect }
}
const eth = { name: 'Ether', symbol: 'ETH', decimals: 18, price: null, iconUrl: 'http://api/v1/icons/tokens/ETH' }
const ok = () => ({
  balances: [
    { address: 'eip155:1:native', balance: '1234560000000000000', type: 'NATIVE', chainId: 'eip155:1', metadata: eth },
  ],
})

describe('native balance rules', () => {
  it('caches a balance for 30 s, then asks again', async () => {
    const { k, calls, clock, connect } = setup(ok)
    connect('eip155:1')
    await k.request('account/fetchBalance')
    await k.request('account/fetchBalance')
    expect(calls).toHaveLength(1)
    expect(k.getState().namespaces!.balance?.value).toBe('1.234')
    clock.advance(CacheLifetimes.nativeBalance)
    await k.request('account/fetchBalance')
    expect(calls).toHaveLength(2)
  })

  it('a failure shows the Token Balance Unavailable snackbar and blocks retries for 30 s', async () => {
    let fail = true
    const { k, calls, clock, connect } = setup(() => {
      if (fail) throw new Error('HTTP status code 500')
      return ok()
    })
    connect('eip155:1')
    await expect(k.request('account/fetchBalance')).rejects.toThrow('500')
    expect(k.getState().snackbar).toMatchObject({ open: true, variant: 'error', message: TokenBalanceUnavailable })
    fail = false
    await k.request('account/fetchBalance')
    clock.advance(29_999)
    await k.request('account/fetchBalance')
    expect(calls).toHaveLength(1)
    clock.advance(1)
    await k.request('account/fetchBalance')
    expect(calls).toHaveLength(2)
    expect(k.getState().namespaces!.balance?.value).toBe('1.234')
  })

  it('testnets show 0.00 and unsupported networks get no lookup', async () => {
    const { k, calls, connect } = setup(ok)
    connect('eip155:420')
    await k.request('account/fetchBalance')
    expect(k.getState().namespaces!.balance).toMatchObject({ value: '0.00', caipNetworkId: 'eip155:420' })
    connect('eip155:999')
    await k.request('account/fetchBalance')
    expect(calls).toHaveLength(0)
  })
})

// Issue 8: the Account balance spinner never ended for chains without a lookup or after a failure.
describe('balance status the Account view shows', () => {
  it('is "unavailable" (no spinner) for a network that is not configured, without asking the API', async () => {
    const { k, calls, connect } = setup(ok)
    connect('eip155:8453')
    await k.request('account/fetchBalance')
    expect(k.getState().namespaces!.balance).toMatchObject({ status: 'unavailable', caipNetworkId: 'eip155:8453' })
    expect(calls).toEqual([])
  })

  it('is "failed" after a failed lookup, and again (with no new request) while retries are blocked', async () => {
    const { k, calls, connect } = setup(() => {
      throw new Error('HTTP status code 500')
    })
    connect('eip155:1')
    await expect(k.request('account/fetchBalance')).rejects.toThrow()
    expect(k.getState().namespaces!.balance).toMatchObject({ status: 'failed' })
    await k.request('account/fetchBalance')
    expect(k.getState().namespaces!.balance).toMatchObject({ status: 'failed' })
    expect(calls).toHaveLength(1)
  })

  it('is "loading" while the API answers, then "loaded"', async () => {
    let answer: (v: unknown) => void = () => {}
    const { k, connect } = setup(() => new Promise((r) => (answer = r)))
    connect('eip155:1')
    const pending = k.request('account/fetchBalance')
    await Promise.resolve()
    expect(k.getState().namespaces!.balance).toMatchObject({ status: 'loading' })
    answer(ok())
    await pending
    expect(k.getState().namespaces!.balance).toMatchObject({ status: 'loaded', value: '1.234' })
  })
})
