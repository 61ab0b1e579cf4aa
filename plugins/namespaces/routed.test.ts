// The built-in transports are connectors of the one registry: an injected wallet is reached only through the
// `injected/…` requests (naming the wallet), and what it reports arrives as the `injected/…` events.
import { afterEach, describe, expect, it } from 'vitest'
import {
  corePlugins,
  createKernel,
  createStorage,
  memoryBackend,
  type FoyerEvent,
  type HttpClient,
  type Kernel,
} from '../../kernel/index.js'
import { createNamespacesPlugin } from './index.js'

const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'
const networks = [
  { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  { caipNetworkId: 'eip155:8453', name: 'Base', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
]

function installWallet(rdns: string) {
  const listeners = new Map<string, Set<(d: unknown) => void>>()
  let chainId = '0x1'
  const provider = {
    request: async ({ method, params }: { method: string; params?: unknown[] }): Promise<unknown> => {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [A]
      if (method === 'eth_chainId') return chainId
      if (method === 'personal_sign') return '0xsigned'
      if (method === 'wallet_switchEthereumChain') {
        chainId = (params?.[0] as { chainId: string }).chainId
        return null
      }
      return null
    },
    on: (e: string, fn: (d: unknown) => void) => void (listeners.get(e) ?? listeners.set(e, new Set()).get(e)!).add(fn),
    removeListener: (e: string, fn: (d: unknown) => void) => void listeners.get(e)?.delete(fn),
  }
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid: rdns, name: rdns, icon: '', rdns }, provider },
      }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  return {
    fire: (e: string, d: unknown) => listeners.get(e)?.forEach((fn) => fn(d)),
    stop: () => window.removeEventListener('eip6963:requestProvider', announce),
  }
}

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

function kernel(): { k: Kernel; log: FoyerEvent<string>[] } {
  const k = createKernel({
    plugins: [
      ...corePlugins({ config: { projectId: 'p', networks, namespaces: ['eip155'], mobile: false, features: {} } }),
      { id: 'views', views: { Connect: { component: 'C' }, Account: { component: 'A' } } },
      createNamespacesPlugin(),
    ],
    storage: createStorage(memoryBackend()),
    // the connected account's balance is asked for: none here
    http: { get: async () => ({ balances: [] }) } as unknown as HttpClient,
  })
  cleanups.push(() => k.dispose())
  const log: FoyerEvent<string>[] = []
  k.onAny((e) => log.push(e))
  return { k, log }
}
const inputs = (log: FoyerEvent<string>[], request: string) =>
  log.filter((e) => e.type === `${request}/started`).map((e) => (e.payload as { input: unknown }).input)

describe('built-in transports behind the connector contract', () => {
  it('an injected wallet connects, signs, switches and disconnects through the injected/… requests naming it', async () => {
    const w = installWallet('dev.one')
    cleanups.push(w.stop)
    const { k, log } = kernel()
    await k.request('wallet/connect', { connectorId: 'dev.one' })
    expect(inputs(log, 'injected/connect')).toEqual([{ namespace: 'eip155', connectorId: 'dev.one' }])
    await k.request('wallet/signMessage', { message: 'hi' })
    expect(inputs(log, 'injected/rpc')).toMatchObject([
      { namespace: 'eip155', connectorId: 'dev.one', method: 'personal_sign', caipNetworkId: 'eip155:1' },
    ])
    await k.request('network/switch', { caipNetworkId: 'eip155:8453' })
    expect(inputs(log, 'injected/switchNetwork')).toEqual([{ caipNetworkId: 'eip155:8453', connectorId: 'dev.one' }])
    await k.request('wallet/disconnect', undefined)
    expect(inputs(log, 'injected/disconnect')).toEqual([{ namespace: 'eip155', connectorId: 'dev.one' }])
    expect(k.getState().account.namespaces.eip155?.status ?? 'disconnected').toBe('disconnected')
  })

  it("the wallet's own changes are the injected/… events, which the connection follows", async () => {
    const w = installWallet('dev.two')
    cleanups.push(w.stop)
    const { k, log } = kernel()
    await k.request('wallet/connect', { connectorId: 'dev.two' })
    w.fire('accountsChanged', [B])
    w.fire('chainChanged', '0x2105')
    const transport = log.filter((e) => e.type.startsWith('injected/') && !/\/(started|succeeded)$/.test(e.type))
    expect(transport.map((e) => [e.type, e.payload])).toEqual([
      ['injected/accountChanged', { namespace: 'eip155', address: B, connectorId: 'dev.two' }],
      ['injected/networkChanged', { caipNetworkId: 'eip155:8453', connectorId: 'dev.two' }],
    ])
    expect(k.getState().account.namespaces.eip155?.caipAddress).toBe(`eip155:8453:${B}`)
    w.fire('accountsChanged', [])
    // (listeners hear an event after the ones it caused were logged: the log's order is its seq)
    const seq = (type: string) => log.find((e) => e.type === type)?.meta.seq ?? Infinity
    expect(seq('injected/disconnected')).toBeLessThan(seq('wallet/disconnected'))
    expect(k.getState().account.namespaces.eip155?.status).toBe('disconnected')
  })
})
