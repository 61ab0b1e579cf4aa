// SPEC §2 SwitchActiveChain: the host switches to a network of a namespace that is not connected yet.
import { afterEach, describe, expect, it } from 'vitest'
import {
  corePlugins,
  createFakeClock,
  createKernel,
  createStorage,
  memoryBackend,
  type HttpClient,
  type Kernel,
} from '../../../kernel/index.js'
import { byTestId, cleanup, click, render } from '../../../shell/testing.js'
import { createNamespacesPlugin } from '../index.js'
import { solana } from '../networks.js'
import { SwitchActiveChainView, type SwitchActiveChainData } from './SwitchActiveChainView.js'

const networks = [
  { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  { caipNetworkId: solana.caipNetworkId, name: 'Solana', chainNamespace: 'solana', nativeSymbol: 'SOL' },
]
const address = '0x1234567890abcdef1234567890abcdef1234abcd'
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
    http: { get: async () => ({ balances: [] }) } as unknown as HttpClient,
  })
  kernels.push(k)
  return k
}
const top = (k: Kernel) => k.getState().router.history.at(-1)

describe('SwitchActiveChain', () => {
  it('opens when the host switches to a network of a namespace not connected yet; Connect opens Connect filtered by it', async () => {
    const k = kernel()
    k.emit('wallet/connected', { namespace: 'eip155', caipAddress: `eip155:1:${address}`, connectorId: 'injected' })
    await k.request('network/switch', { caipNetworkId: solana.caipNetworkId })
    expect(k.getState().account.activeCaipNetworkId).toBe(solana.caipNetworkId)
    expect(k.getState().modal.open).toBe(true)
    expect(top(k)).toEqual({
      view: 'SwitchActiveChain',
      data: { caipNetworkId: solana.caipNetworkId, namespace: 'solana' },
    })

    await render(<SwitchActiveChainView kernel={k} data={top(k)!.data as SwitchActiveChainData} />)
    expect(byTestId('switch-active-chain')!.textContent).toContain('Connect a wallet for Solana')
    await click('switch-active-chain-connect')
    expect(top(k)?.view).toBe('Connect')
    expect(k.getState().modal.namespace).toBe('solana')
  })

  it('does not prompt when nothing is connected yet', async () => {
    const k = kernel()
    await k.request('network/switch', { caipNetworkId: solana.caipNetworkId })
    expect(k.getState().account.activeCaipNetworkId).toBe(solana.caipNetworkId)
    expect(k.getState().modal.open).toBe(false)
  })
})

describe('network/switch: one rule for every entry point', () => {
  it('refuses an id outside the configured networks with the switch-network-not-found alert', async () => {
    const k = kernel()
    await expect(k.request('network/switch', { caipNetworkId: 'eip155:999' })).rejects.toThrow(
      'Network not found: eip155:999',
    )
    expect(k.getState().alert).toMatchObject({ open: true, code: 'APKT001' })
    expect(k.getState().account.activeCaipNetworkId).toBe('eip155:1')
  })

  // Issue 8: the configured-networks check could be bypassed through the raw requests with a wallet connected.
  it('refuses a known but unconfigured network with a wallet connected, without asking the wallet', async () => {
    const k = kernel()
    k.emit('wallet/connected', { namespace: 'eip155', caipAddress: `eip155:1:${address}`, connectorId: 'injected' })
    const asked: string[] = []
    k.onAny((e) => asked.push(e.type))
    await expect(k.request('network/switch', { caipNetworkId: 'eip155:10' })).rejects.toThrow(
      'Network not found: eip155:10',
    )
    expect(k.getState().alert).toMatchObject({ open: true, code: 'APKT001' })
    expect(k.getState().account.namespaces.eip155?.caipAddress).toBe(`eip155:1:${address}`)
    expect(asked).not.toContain('network/switched')
    // The old side door, a second switch request that skipped the check, is gone.
    expect(k.hasRequest('wallet/switchNetwork')).toBe(false)
  })

  it('records the choice when nothing is connected, and it survives a reload (SPEC §3 last used chain)', async () => {
    const k = kernel()
    await k.request('network/switch', { caipNetworkId: solana.caipNetworkId })
    expect(k.getState().account.activeCaipNetworkId).toBe(solana.caipNetworkId)
    expect(k.getState().modal.open).toBe(false)
    expect(k.storage.get('last_used_chain')).toBe(solana.caipNetworkId)
  })

  it('makes another connected namespace the active one without asking any wallet', async () => {
    const k = kernel()
    k.emit('wallet/connected', { namespace: 'eip155', caipAddress: `eip155:1:${address}`, connectorId: 'injected' })
    k.emit('wallet/connected', {
      namespace: 'solana',
      caipAddress: `${solana.caipNetworkId}:7Xb5aAq1m3Y7aJ1fV8h4K2yqvKpQ2UjQmVn4M8Zp4xYz`,
      connectorId: 'solana:test',
    })
    await k.request('network/switch', { caipNetworkId: 'eip155:1' })
    expect(k.getState().account.activeNamespace).toBe('eip155')
    expect(k.getState().account.activeCaipNetworkId).toBe('eip155:1')
    expect(k.getState().modal.open).toBe(false)
  })
})
