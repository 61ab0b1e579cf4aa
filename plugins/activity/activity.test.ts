// The activity plugin against a scripted API: cursor paging, the 15 s history cache, the list following the account
// and network, and SPEC §8's "Failed to fetch transactions" snackbar with an empty list.
import { afterEach, describe, expect, it } from 'vitest'
import type { HttpClient, HttpRequest } from '../../kernel/index.js'
import { createTestKernel, flush, type TestKernel } from '../../kernel/testing/test-kernel.js'
import { FailedToFetchTransactions } from './activity.handlers.js'
import { createActivityPlugin } from './index.js'

const ME = '0x1234567890abcdef1234567890abcdef1234abcd'
const networks = [
  { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  { caipNetworkId: 'eip155:10', name: 'OP', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
] as const
const tx = (chain: string, n: number) => ({
  id: `${chain}:0x${n}`,
  metadata: {
    minedAt: '2026-11-24T00:00:00Z',
    chain,
    operationType: 'receive',
    status: 'confirmed',
    sentFrom: 'a',
    sentTo: ME,
  },
  transfers: [
    { fungible_info: { name: 'Ether', symbol: 'ETH', spam: false }, direction: 'in', quantity: { numeric: `${n}` } },
  ],
})

const kernels: TestKernel[] = []
afterEach(() => kernels.splice(0).forEach((k) => k.dispose()))

function setup(answer: (req: HttpRequest) => unknown) {
  const calls: HttpRequest[] = []
  const http = {
    get: async (req: HttpRequest) => {
      calls.push(req)
      return answer(req)
    },
  } as unknown as HttpClient
  const k = createTestKernel({ http, plugins: [createActivityPlugin()], config: { networks: [...networks] } })
  kernels.push(k)
  const connect = (chain = 'eip155:1') =>
    k.emit('wallet/connected', { namespace: 'eip155', caipAddress: `${chain}:${ME}`, connectorId: 'w' })
  return { k, calls, connect }
}

// two pages of two items each on eip155:1, one page elsewhere
const paged = (req: HttpRequest) => {
  const chain = String(req.params?.chainId)
  if (chain !== 'eip155:1') return { data: [tx(chain, 9)], next: null }
  return req.params?.cursor === 'p2'
    ? { data: [tx(chain, 3), tx(chain, 4)], next: null }
    : { data: [tx(chain, 1), tx(chain, 2)], next: 'p2' }
}

describe('activity plugin', () => {
  it('loads the first page on connect, then the next by cursor until the list is whole', async () => {
    const { k, calls, connect } = setup(paged)
    connect()
    await flush()
    expect(calls[0]).toMatchObject({ path: `v1/transactions/${ME}`, params: { chainId: 'eip155:1' } })
    expect(k.getState().activity).toMatchObject({ status: 'loaded', next: 'p2' })
    await k.request('activity/fetchMore')
    expect(calls[1].params).toMatchObject({ cursor: 'p2' })
    expect(k.getState().activity!.items.map((i) => i.id)).toEqual([1, 2, 3, 4].map((n) => `eip155:1:0x${n}`))
    expect(k.getState().activity!.next).toBeNull()
    await k.request('activity/fetchMore')
    expect(calls).toHaveLength(2)
  })

  it('keeps the first page 15 s, and a network switch shows that network only', async () => {
    const { k, calls, connect } = setup(paged)
    connect()
    await flush()
    k.clock.advance(14_000)
    await k.request('activity/fetch')
    expect(calls).toHaveLength(1)
    k.clock.advance(1_001)
    await k.request('activity/fetch')
    expect(calls).toHaveLength(2)
    connect('eip155:10')
    await flush()
    expect(k.getState().activity).toMatchObject({ caipNetworkId: 'eip155:10', next: null })
    expect(k.getState().activity!.items.map((i) => i.id)).toEqual(['eip155:10:0x9'])
  })

  it('a failure shows "Failed to fetch transactions" and an empty list', async () => {
    let fail = false
    const { k, connect } = setup((req) => {
      if (fail) throw new Error('offline')
      return paged(req)
    })
    connect()
    await flush()
    expect(k.getState().activity!.items).toHaveLength(2)
    fail = true
    k.clock.advance(16_000)
    await k.request('activity/fetch')
    expect(k.getState().activity).toMatchObject({ status: 'failed', items: [], next: null })
    expect(k.getState().snackbar).toMatchObject({ variant: 'error', message: FailedToFetchTransactions })
  })

  it('asks nothing for a non-EVM account', async () => {
    const { k, calls } = setup(paged)
    k.emit('wallet/connected', {
      namespace: 'solana',
      caipAddress: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
      connectorId: 'w',
    })
    await flush()
    await k.request('activity/fetch')
    expect(calls).toHaveLength(0)
  })
})
