// SPEC §3 Connection as the list requests return it: connector id, the granted accounts typed as the wallet gave them
// (Bitcoin payment and ordinal), the network, and the auth name on the embedded wallet's connection.
import { afterEach, describe, expect, it } from 'vitest'
import {
  corePlugins,
  createFakeClock,
  createKernel,
  createStorage,
  memoryBackend,
  type HttpClient,
  type Kernel,
  type KernelState,
} from '../../kernel/index.js'
import { createNamespacesPlugin } from './index.js'
import { listConnections } from './multiwallet.js'

const BTC = 'bip122:000000000019d6689c085ae165831e93'
const payment = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const ordinal = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297'
const evm = '0x1234567890abcdef1234567890abcdef1234abcd'
const kernels: Kernel[] = []
afterEach(() => {
  for (const k of kernels.splice(0)) k.dispose()
})

function kernel(features: Record<string, unknown> = {}): Kernel {
  const networks = [
    { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
    { caipNetworkId: BTC, name: 'Bitcoin', chainNamespace: 'bip122', nativeSymbol: 'BTC' },
  ]
  const k = createKernel({
    plugins: [
      ...corePlugins({
        config: { projectId: 'p', networks, namespaces: ['eip155', 'bip122'], mobile: false, features },
      }),
      createNamespacesPlugin(),
    ],
    storage: createStorage(memoryBackend()),
    clock: createFakeClock(),
    http: { get: async () => ({ balances: [] }) } as unknown as HttpClient,
  })
  kernels.push(k)
  return k
}

describe('SPEC §3 Connection in the connection list', () => {
  it('carries every granted account with its type, and one untyped address where the wallet listed none', () => {
    const k = kernel()
    k.emit('wallet/connected', { namespace: 'bip122', caipAddress: `${BTC}:${payment}`, connectorId: 'bip122:x' })
    k.emit('wallet/accountsListed', {
      namespace: 'bip122',
      accounts: [
        { address: payment, type: 'payment' },
        { address: ordinal, type: 'ordinal' },
      ],
    })
    k.emit('wallet/connected', { namespace: 'eip155', caipAddress: `eip155:1:${evm}`, connectorId: 'io.x' })
    expect(listConnections(k.getState())).toEqual([
      {
        connectorId: 'bip122:x',
        namespace: 'bip122',
        status: 'connected',
        address: payment,
        caipNetworkId: BTC,
        accounts: [
          { address: payment, type: 'payment' },
          { address: ordinal, type: 'ordinal' },
        ],
      },
      {
        connectorId: 'io.x',
        namespace: 'eip155',
        status: 'connected',
        address: evm,
        caipNetworkId: 'eip155:1',
        accounts: [{ address: evm }],
      },
    ])
  })

  it("names who is signed in on the embedded wallet's connection only (email, else the social username)", () => {
    const k = kernel()
    k.emit('connectors/registered', { connectors: [{ id: 'auth', name: 'Email', type: 'AUTH', namespace: 'eip155' }] })
    k.emit('wallet/connected', { namespace: 'eip155', caipAddress: `eip155:1:${evm}`, connectorId: 'auth' })
    k.emit('wallet/connected', { namespace: 'bip122', caipAddress: `${BTC}:${payment}`, connectorId: 'bip122:x' })
    const withUser = (user: object) => ({ ...k.getState(), auth: { user } }) as unknown as KernelState
    const names = (s: KernelState) => listConnections(s).map((c) => [c.connectorId, c.auth?.name])
    expect(names(withUser({ email: 'ada@example.com', username: 'ada' }))).toEqual([
      ['auth', 'ada@example.com'],
      ['bip122:x', undefined],
    ])
    expect(names(withUser({ username: 'ada_x' }))[0]).toEqual(['auth', 'ada_x'])
    expect(names(k.getState())[0]).toEqual(['auth', undefined])
  })
})

describe('SPEC §6 multi-wallet off (the default)', () => {
  const other = '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd'
  const connectTwo = (k: Kernel) => {
    k.emit('wallet/connected', { namespace: 'eip155', caipAddress: `eip155:1:${evm}`, connectorId: 'io.a' })
    k.emit('wallet/connected', { namespace: 'eip155', caipAddress: `eip155:1:${other}`, connectorId: 'io.b' })
  }
  const listed = (k: Kernel) => listConnections(k.getState()).map((c) => [c.connectorId, c.status])

  it("lists only the active connector's connection after a second wallet connects", () => {
    const off = kernel()
    connectTwo(off)
    expect(listed(off)).toEqual([['io.b', 'connected']])
    const on = kernel({ multiWallet: true })
    connectTwo(on)
    expect(listed(on)).toEqual([
      ['io.b', 'connected'],
      ['io.a', 'active'],
    ])
    // The operator's remote config turning it off later: the list narrows to the active connector again.
    on.emit('config/featuresChanged', { features: { multiWallet: false } })
    expect(listed(on)).toEqual([['io.b', 'connected']])
  })
})

describe('SPEC §8 "Adapter or connector not found for namespace"', () => {
  it('connecting a connector of a namespace no adapter serves', async () => {
    const k = kernel()
    k.emit('connectors/registered', {
      connectors: [{ id: 'polkadot:x', name: 'X', type: 'INJECTED', namespace: 'polkadot' }],
    })
    await expect(k.request('wallet/connect', { connectorId: 'polkadot:x' })).rejects.toMatchObject({
      message: 'Adapter or connector not found for namespace: polkadot',
      category: 'CONFIGURATION',
    })
  })
})
