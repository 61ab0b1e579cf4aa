// Issue 34 item 3: adding, removing and finding networks fail with NetworkErrors (kernel/contracts/networks.ts),
// named by code, with the texts the host read before; nothing changes in the configured list when they fail.
import { afterEach, describe, expect, it } from 'vitest'
import {
  corePlugins,
  createFakeClock,
  createKernel,
  createStorage,
  definePlugin,
  FoyerError,
  memoryBackend,
  NetworkError,
  type Kernel,
  type NetworkInfo,
  type RequestError,
} from '../../kernel/index.js'
import { networkFor } from './network-definition.js'
import { addNetworkHandler, removeNetwork } from './network-runtime.js'

const mainnet: NetworkInfo = {
  caipNetworkId: 'eip155:1',
  name: 'Ethereum',
  chainNamespace: 'eip155',
  nativeSymbol: 'ETH',
}
const base: NetworkInfo = { caipNetworkId: 'eip155:8453', name: 'Base', chainNamespace: 'eip155', nativeSymbol: 'ETH' }
const solana: NetworkInfo = {
  caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  name: 'Solana',
  chainNamespace: 'solana',
  nativeSymbol: 'SOL',
}

const kernels: Kernel[] = []
afterEach(() => {
  for (const k of kernels.splice(0)) k.dispose()
})

function setup() {
  const k = createKernel({
    clock: createFakeClock(),
    storage: createStorage(memoryBackend()),
    plugins: [
      ...corePlugins({
        config: { projectId: 'p', networks: [mainnet], namespaces: ['eip155'], mobile: false, features: {} },
      }),
      definePlugin({
        id: 'networks-under-test',
        handlers: { 'networks/add': addNetworkHandler(() => ({})), 'networks/remove': removeNetwork },
      }),
    ],
  })
  kernels.push(k)
  return k
}

/** What a request failed with (its class checked), and the configured list after it. */
async function failure(k: Kernel, p: Promise<unknown>) {
  const e = (await p.then(
    () => undefined,
    (x: unknown) => x,
  )) as RequestError<'networks/add'>
  expect(e).toBeInstanceOf(NetworkError)
  expect(e).toBeInstanceOf(FoyerError)
  return {
    name: e.name,
    code: e.code,
    category: e.category,
    message: e.message,
    networks: k.getState().config.networks.length,
  }
}

describe('NetworkError', () => {
  it('networks/add: a network failing the check (INVALID_NETWORK), a namespace with no adapter (adapterNotFound)', async () => {
    const k = setup()
    expect(await failure(k, k.request('networks/add', { network: { ...base, name: '' } }))).toEqual({
      name: 'NetworkError',
      code: 'INVALID_NETWORK',
      category: 'CONFIGURATION',
      message: 'Invalid network: eip155:8453: a name is required',
      networks: 1,
    })
    expect(await failure(k, k.request('networks/add', { network: solana }))).toEqual({
      name: 'NetworkError',
      code: 'adapterNotFound',
      category: 'CONFIGURATION',
      message: 'Adapter not found: solana',
      networks: 1,
    })
    await k.request('networks/add', { network: base })
    expect(k.getState().config.networks.map((n) => n.caipNetworkId)).toEqual(['eip155:1', 'eip155:8453'])
  })

  it('networks/remove: one not configured (networkNotFound), the last of its namespace (LAST_NETWORK)', async () => {
    const k = setup()
    expect(await failure(k, k.request('networks/remove', { caipNetworkId: 'eip155:10' }))).toEqual({
      name: 'NetworkError',
      code: 'networkNotFound',
      category: 'CONFIGURATION',
      message: 'Network not found: eip155:10',
      networks: 1,
    })
    expect(await failure(k, k.request('networks/remove', { caipNetworkId: 'eip155:1' }))).toEqual({
      name: 'NetworkError',
      code: 'LAST_NETWORK',
      category: 'CONFIGURATION',
      message: 'Cannot remove eip155:1: it is the last eip155 network',
      networks: 1,
    })
  })

  it('networkFor: a network neither configured nor known (caipNetworkNotFound)', () => {
    let error: unknown
    try {
      networkFor('eip155:999999', [mainnet], {})
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({
      code: 'caipNetworkNotFound',
      category: 'CONFIGURATION',
      message: 'CaipNetwork not found: eip155:999999',
    })
  })
})
