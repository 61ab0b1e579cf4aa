// The Connect list and SPEC §3 connector fields: `chains` (the networks a connector serves) when the list is opened for
// one network, and MULTI_CHAIN (one wallet in several namespaces) asking which chain before it connects.
import { afterEach, describe, expect, it } from 'vitest'
import {
  corePlugins,
  createFakeClock,
  createKernel,
  createStorage,
  memoryBackend,
  type ConnectorInfo,
  type HttpClient,
  type Kernel,
} from '../../../kernel/index.js'
import { byTestId, cleanup, click, render, waitFor } from '../../../shell/testing.js'
import { createNamespacesPlugin } from '../index.js'
import { solana } from '../networks.js'
import { ConnectingExternalView, type ConnectingExternalData } from './ConnectingExternalView.js'
import { ConnectWalletsView } from './ConnectWalletsView.js'

const networks = [
  { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  { caipNetworkId: 'eip155:8453', name: 'Base', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  { caipNetworkId: solana.caipNetworkId, name: 'Solana', chainNamespace: 'solana', nativeSymbol: 'SOL' },
]
const kernels: Kernel[] = []
afterEach(async () => {
  await cleanup()
  for (const k of kernels.splice(0)) k.dispose()
})

function kernel(): Kernel {
  const k = createKernel({
    plugins: [
      ...corePlugins({
        config: { projectId: 'p', networks, namespaces: ['eip155', 'solana'], mobile: false, features: {} },
      }),
      { id: 'views', views: { Connect: { component: 'C' }, Account: { component: 'A' } } },
      createNamespacesPlugin(),
    ],
    storage: createStorage(memoryBackend()),
    clock: createFakeClock(),
    http: { get: async () => ({ data: [], count: 0 }) } as unknown as HttpClient,
  })
  kernels.push(k)
  return k
}
const wallet = (id: string, namespace: string, more: Partial<ConnectorInfo> = {}): ConnectorInfo => ({
  id,
  name: id,
  type: 'ANNOUNCED',
  namespace,
  ...more,
})
const rows = () =>
  [...document.querySelectorAll('[data-testid^="wallet-selector-"]')].map((e) => e.getAttribute('data-testid'))

describe('Connect list and SPEC §3 connector fields', () => {
  it('opened for one network, lists only the connectors that serve it (chains), and those that name none', async () => {
    const k = kernel()
    k.emit('connectors/discovered', {
      namespace: 'eip155',
      connectors: [wallet('mainnet.only', 'eip155', { chains: ['eip155:1'] }), wallet('any.evm', 'eip155')],
    })
    await render(<ConnectWalletsView kernel={k} data={{ namespace: 'eip155', caipNetworkId: 'eip155:8453' }} />)
    expect(rows()).toEqual(['wallet-selector-any.evm'])
    await cleanup()
    await render(<ConnectWalletsView kernel={k} data={{ namespace: 'eip155', caipNetworkId: 'eip155:1' }} />)
    expect(rows()).toEqual(['wallet-selector-mainnet.only', 'wallet-selector-any.evm'])
  })

  it('a MULTI_CHAIN row asks which chain, then connects that namespace’s connector on ConnectingExternal', async () => {
    const k = kernel()
    k.emit('connectors/discovered', { namespace: 'eip155', connectors: [wallet('app.phantom', 'eip155')] })
    k.emit('connectors/discovered', {
      namespace: 'solana',
      connectors: [wallet('solana:phantom', 'solana', { name: 'app.phantom' })],
    })
    await k.request('modal/open', { view: 'ConnectWallets' })
    await render(<ConnectWalletsView kernel={k} />)
    expect(rows()).toEqual(['wallet-selector-app.phantom'])
    await click('wallet-selector-app.phantom')
    const top = () => k.getState().router.history.at(-1)
    expect(top()).toEqual({
      view: 'ConnectingExternal',
      data: { connectorId: 'app.phantom', name: 'app.phantom', choices: ['app.phantom', 'solana:phantom'] },
    })
    await cleanup()
    await render(<ConnectingExternalView kernel={k} data={top()!.data as ConnectingExternalData} />)
    await waitFor(() => byTestId('multi-chain-solana'))
    expect(byTestId('multi-chain-eip155')!.textContent).toBe('EVM')
    await click('multi-chain-solana')
    await waitFor(() => (top()!.data as ConnectingExternalData).connectorId === 'solana:phantom')
    expect(top()).toMatchObject({ view: 'ConnectingExternal', data: { connectorId: 'solana:phantom' } })
    expect(k.getState().router.history.filter((h) => h.view === 'ConnectingExternal')).toHaveLength(1)
  })
})
