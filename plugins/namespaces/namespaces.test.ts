import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  corePlugins,
  createKernel,
  createStorage,
  memoryBackend,
  StorageKeys,
  type HttpClient,
  type HttpRequest,
  type Kernel,
  type StorageBackend,
} from '../../kernel/index.js'
import { toHex } from 'viem'
import { createTestWalletCore, type WalletEvent } from '../../testing/wallet-core.js'
import { createNamespacesPlugin } from './index.js'

const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as const
const chains = [
  { chainId: 1, rpcUrl: 'http://127.0.0.1:1' },
  { chainId: 8453, rpcUrl: 'http://127.0.0.1:2' },
]
const networks = [
  { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  { caipNetworkId: 'eip155:8453', name: 'Base', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  { caipNetworkId: 'eip155:10', name: 'OP Mainnet', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
]
const stubViews = { id: 'views', views: { Connect: { component: 'C' }, Account: { component: 'A' } } }

function installWallet(
  opts: { addable?: boolean; refuseAddChain?: boolean; unknownChainCode?: number; rdns?: string; name?: string } = {},
) {
  const listeners = new Map<string, Set<(d: unknown) => void>>()
  const core = createTestWalletCore(
    {
      privateKey: KEY,
      chains,
      addableChains: opts.addable ? [{ chainId: 10, rpcUrl: 'http://127.0.0.1:3' }] : [],
      refuseAddChain: opts.refuseAddChain,
    },
    async (e: WalletEvent) => {
      for (const fn of listeners.get(e.event) ?? []) fn(e.data)
    },
  )
  const provider = {
    // Some wallets say "unknown chain" with another code than 4902 (5000, 32603): the test wallet can too.
    request: async ({ method, params }: { method: string; params?: unknown }) => {
      try {
        return await core.request(method, params)
      } catch (e) {
        if (opts.unknownChainCode && (e as { code?: number }).code === 4902)
          throw Object.assign(new Error('Unrecognized chain'), { code: opts.unknownChainCode })
        throw e
      }
    },
    on: (e: string, fn: (d: unknown) => void) => {
      if (!listeners.has(e)) listeners.set(e, new Set())
      listeners.get(e)!.add(fn)
    },
    removeListener: (e: string, fn: (d: unknown) => void) => {
      listeners.get(e)?.delete(fn)
    },
  }
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: {
          info: {
            uuid: opts.rdns ?? 'u1',
            name: opts.name ?? 'Test Wallet',
            icon: 'javascript:x',
            rdns: opts.rdns ?? 'dev.test',
          },
          provider,
        },
      }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  return { core, stop: () => window.removeEventListener('eip6963:requestProvider', announce) }
}

// The API answers a native balance with more decimals than shown, so truncation is visible.
const balancesHttp = {
  get: async <T>(req: HttpRequest): Promise<T> =>
    ({
      balances: [
        {
          address: `${req.params?.chainId}:native`,
          balance: '12345670000000000000',
          type: 'NATIVE',
          chainId: req.params?.chainId,
          metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: '3000', iconUrl: 'http://api/eth.svg' },
        },
      ],
    }) as T,
} as unknown as HttpClient

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

function kernel(backend: StorageBackend = memoryBackend(), options: Record<string, unknown> = {}): Kernel {
  const k = createKernel({
    plugins: [
      ...corePlugins({ config: { projectId: 'p', networks, namespaces: ['eip155'], mobile: false, features: {} } }),
      stubViews,
      createNamespacesPlugin(),
    ],
    storage: createStorage(backend),
    options,
    http: balancesHttp,
  })
  cleanups.push(() => k.dispose())
  return k
}
const events = (k: Kernel) => {
  const seen: string[] = []
  k.onAny((e) => seen.push(e.type))
  return seen
}

describe('namespaces plugin (EVM injected)', () => {
  it('discovers an announced wallet (unsafe icon dropped) and connects with a CAIP-10 address', async () => {
    const w = installWallet()
    cleanups.push(w.stop)
    const k = kernel()
    // SPEC §3 info: the announced rdns (the unsafe icon is dropped there too); the WalletConnect connector is registered.
    expect(k.getState().connectors.list.filter((c) => c.type !== 'WALLET_CONNECT')).toEqual([
      {
        id: 'dev.test',
        name: 'Test Wallet',
        type: 'ANNOUNCED',
        namespace: 'eip155',
        rdns: 'dev.test',
        info: { rdns: 'dev.test' },
      },
    ])
    const seen = events(k)
    await k.request('modal/open', undefined)
    await k.request('wallet/connect', { connectorId: 'dev.test' })
    expect(seen.indexOf('wallet/connecting')).toBeLessThan(seen.indexOf('wallet/connected'))
    expect(seen).toContain('view/pushed')
    expect(k.getState().account.namespaces.eip155).toEqual({
      status: 'connected',
      caipAddress: `eip155:1:${w.core.address}`,
      connectorId: 'dev.test',
    })
    expect(k.getState().modal.open).toBe(false)
    expect(k.getState().namespaces!.recent).toEqual([{ id: 'dev.test', name: 'Test Wallet', rdns: 'dev.test' }])
    await new Promise((r) => setTimeout(r, 0))
    expect(k.getState().namespaces!.balance).toEqual({
      status: 'loaded',
      caipAddress: `eip155:1:${w.core.address}`,
      caipNetworkId: 'eip155:1',
      value: '12.345',
      symbol: 'ETH',
    })
  })

  it('a 4001 rejection stays on the connecting screen with a message; trying again connects', async () => {
    const w = installWallet()
    cleanups.push(w.stop)
    const k = kernel()
    await k.request('modal/open', undefined)
    w.core.rejectNext()
    await expect(k.request('wallet/connect', { connectorId: 'dev.test' })).rejects.toMatchObject({ code: 4001 })
    expect(k.getState().router.history.map((r) => r.view)).toEqual(['Connect', 'ConnectingExternal'])
    expect(k.getState().namespaces!.lastError).toBe('Connection rejected')
    expect(k.getState().account.namespaces.eip155.status).toBe('disconnected')
    await k.request('wallet/connect', { connectorId: 'dev.test' })
    expect(k.getState().account.namespaces.eip155.status).toBe('connected')
    expect(k.getState().modal.open).toBe(false)
  })

  it('keeps the network chosen before connecting when the wallet can switch to it', async () => {
    const w = installWallet()
    cleanups.push(w.stop)
    const k = kernel()
    await k.request('network/switch', { caipNetworkId: 'eip155:8453' })
    await k.request('wallet/connect', { connectorId: 'dev.test' })
    expect(k.getState().account).toMatchObject({
      activeCaipNetworkId: 'eip155:8453',
      namespaces: { eip155: { caipAddress: `eip155:8453:${w.core.address}` } },
    })
  })

  it('switches chains, adds an unknown one on 4902, and reports "Chain is not supported" when adding fails', async () => {
    const w = installWallet({ addable: true })
    cleanups.push(w.stop)
    // SPEC §7: wallet_addEthereumChain carries iconUrls (here the host's chainImages).
    const k = kernel(memoryBackend(), { chainImages: { 'eip155:10': 'https://icons.test/op.png' } })
    await k.request('wallet/connect', { connectorId: 'dev.test' })
    await k.request('network/switch', { caipNetworkId: 'eip155:8453' })
    expect(k.getState().account).toMatchObject({
      activeCaipNetworkId: 'eip155:8453',
      namespaces: { eip155: { caipAddress: `eip155:8453:${w.core.address}` } },
    })
    await k.request('network/switch', { caipNetworkId: 'eip155:10' })
    expect(w.core.chainId()).toBe(10)
    const add = w.core.log.find((l) => l.method === 'wallet_addEthereumChain')!.params as any[]
    expect(add[0]).toEqual({
      chainId: '0xa',
      chainName: 'OP Mainnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['https://mainnet.optimism.io'],
      blockExplorerUrls: ['https://optimistic.etherscan.io'],
      iconUrls: ['https://icons.test/op.png'],
    })
    expect(k.getState().account.activeCaipNetworkId).toBe('eip155:10')
  })

  it('adds the chain also when the wallet answers the switch with 5000, 32603 or -32603 (SPEC §4), not with 4001', async () => {
    for (const code of [5000, 32603, -32603]) {
      const w = installWallet({ addable: true, unknownChainCode: code })
      const k = kernel()
      await k.request('wallet/connect', { connectorId: 'dev.test' })
      await k.request('network/switch', { caipNetworkId: 'eip155:10' })
      expect([code, w.core.chainId()]).toEqual([code, 10])
      expect(w.core.log.some((l) => l.method === 'wallet_addEthereumChain')).toBe(true)
      w.stop()
      k.dispose()
    }
    const refused = installWallet({ addable: true, unknownChainCode: 4001 })
    cleanups.push(refused.stop)
    const k = kernel()
    await k.request('wallet/connect', { connectorId: 'dev.test' })
    await expect(k.request('network/switch', { caipNetworkId: 'eip155:10' })).rejects.toMatchObject({ code: 4001 })
    expect(refused.core.log.some((l) => l.method === 'wallet_addEthereumChain')).toBe(false)
  })

  it('says "Chain is not supported" when the wallet cannot add the chain', async () => {
    const w = installWallet({ refuseAddChain: true })
    cleanups.push(w.stop)
    const k = kernel()
    await k.request('wallet/connect', { connectorId: 'dev.test' })
    await expect(k.request('network/switch', { caipNetworkId: 'eip155:10' })).rejects.toThrow('Chain is not supported')
    expect(k.getState().account.activeCaipNetworkId).toBe('eip155:1')
  })

  it('signs a UTF-8 message with personal_sign (hex, address) and maps a 4001 to UserRejectedError', async () => {
    const { verifyMessage } = await import('viem')
    const w = installWallet()
    cleanups.push(w.stop)
    const k = kernel()
    await k.request('wallet/connect', { connectorId: 'dev.test' })
    const message = 'Sign in to Foyer — ünïcode ✓'
    const signed = await k.request('wallet/signMessage', { message })
    expect(signed.address).toBe(w.core.address)
    expect(w.core.log.find((l) => l.method === 'personal_sign')!.params).toEqual([toHex(message), w.core.address])
    await expect(
      verifyMessage({ address: w.core.address, message, signature: signed.signature as `0x${string}` }),
    ).resolves.toBe(true)
    w.core.rejectNext()
    await expect(k.request('wallet/signMessage', { message, namespace: 'eip155' })).rejects.toMatchObject({
      name: 'UserRejectedError',
      code: 4001,
    })
  })

  it('follows chainChanged and accountsChanged; an empty account list disconnects', async () => {
    const w = installWallet()
    cleanups.push(w.stop)
    const k = kernel()
    await k.request('wallet/connect', { connectorId: 'dev.test' })
    await w.core.switchChain(8453)
    expect(k.getState().account.activeCaipNetworkId).toBe('eip155:8453')
    await w.core.revoke()
    expect(k.getState().account.namespaces.eip155.status).toBe('disconnected')
  })

  it('reconnects after a reload while the wallet grants eth_accounts; reconnect off starts disconnected', async () => {
    const w = installWallet()
    cleanups.push(w.stop)
    const backend = memoryBackend()
    await kernel(backend).request('wallet/connect', { connectorId: 'dev.test' })
    expect(JSON.parse(backend.getItem(`@foyer/${StorageKeys.connectorIds}`)!)).toEqual({ eip155: 'dev.test' })
    const again = kernel(backend)
    await again.request('wallet/reconnect')
    expect(again.getState().account.namespaces.eip155).toMatchObject({ status: 'connected', connectorId: 'dev.test' })
    const off = kernel(backend, { features: { reconnect: false } })
    await off.request('wallet/reconnect')
    expect(off.getState().account.namespaces.eip155?.status ?? 'disconnected').toBe('disconnected')
    expect(backend.getItem(`@foyer/${StorageKeys.connectedNamespaces}`)).toBeNull()
  })
})

describe('SPEC §8 errors of a connection request', () => {
  it('a connector id nobody announced: "No connector found for connection"', async () => {
    const k = kernel()
    await expect(k.request('wallet/connect', { connectorId: 'no.such.wallet' })).rejects.toMatchObject({
      message: 'No connector found for connection: no.such.wallet',
      category: 'WALLET',
    })
    expect(k.getState().account.namespaces.eip155?.status ?? 'disconnected').toBe('disconnected')
  })

  it('an EVM request for a network of another namespace: "CaipNetwork not found"', async () => {
    const k = kernel()
    const sol = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    await expect(
      k.request('wallet/sendTransaction', { caipNetworkId: sol, to: '0x0000000000000000000000000000000000000001' }),
    ).rejects.toThrow(`CaipNetwork not found: ${sol} is not a eip155 network`)
  })
})

describe('SPEC §9 defaults of the namespaces plugin', () => {
  it('keeps the 2 most recent wallets: a third one connected pushes out the oldest', async () => {
    for (const rdns of ['dev.one', 'dev.two', 'dev.three']) cleanups.push(installWallet({ rdns, name: rdns }).stop)
    const backend = memoryBackend()
    const k = kernel(backend)
    for (const id of ['dev.one', 'dev.two', 'dev.three']) await k.request('wallet/connect', { connectorId: id })
    expect(k.getState().namespaces!.recent.map((r) => r.id)).toEqual(['dev.three', 'dev.two'])
    expect(k.storage.get<Array<{ id: string }>>(StorageKeys.recentWallets)!.map((r) => r.id)).toEqual([
      'dev.three',
      'dev.two',
    ])
  })

  it('discovers EIP-6963 wallets unless enableEIP6963 is false', async () => {
    cleanups.push(installWallet().stop)
    const ids = (k: Kernel) => k.getState().connectors.list.map((c) => c.id)
    expect(ids(kernel())).toContain('dev.test')
    expect(ids(kernel(memoryBackend(), { enableEIP6963: true }))).toContain('dev.test')
    const off = kernel(memoryBackend(), { enableEIP6963: false })
    await off.request('modal/open', undefined)
    expect(ids(off)).not.toContain('dev.test')
  })

  it('opens UnsupportedChain on a network not configured unless enableNetworkSwitch is false', async () => {
    const onUnknownNetwork = async (options: Record<string, unknown>) => {
      const k = kernel(memoryBackend(), options)
      const caipAddress = 'eip155:137:0x1234567890abcdef1234567890abcdef1234abcd'
      k.emit('wallet/connected', { namespace: 'eip155', caipAddress, connectorId: 'dev.test' })
      // What a wallet's move to another chain emits; the reaction's own check runs later, so ask now.
      k.emit('network/switched', { caipNetworkId: 'eip155:137' })
      await k.request('network/checkSupport')
      expect(k.getState().namespaces!.unsupportedCaipNetworkId).toBe('eip155:137')
      return k.getState()
    }
    const byDefault = await onUnknownNetwork({})
    expect(byDefault.modal.open).toBe(true)
    expect(byDefault.router.history.at(-1)?.view).toBe('UnsupportedChain')
    const off = await onUnknownNetwork({ enableNetworkSwitch: false })
    expect(off.modal.open).toBe(false)
  })
})

describe('restoring at start-up', () => {
  it('warns (SPEC §8 inactive namespace not connected) when a namespace other than the active one is not restored', async () => {
    const backend = memoryBackend()
    backend.setItem(`@foyer/${StorageKeys.connectorIds}`, JSON.stringify({ eip155: 'gone.wallet' }))
    backend.setItem(`@foyer/${StorageKeys.connectedNamespaces}`, JSON.stringify(['eip155']))
    const k = kernel(backend)
    const shown: Array<{ code?: string; message: string }> = []
    k.on('alert/shown', (e) => shown.push(e.payload))
    k.emit('wallet/activeNamespaceChanged', { namespace: 'solana' })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await k.request('wallet/reconnect')
    await vi.waitFor(() => expect(shown).toHaveLength(1))
    warn.mockRestore()
    expect(shown[0]).toMatchObject({ code: 'INACTIVE_NAMESPACE_NOT_CONNECTED' })
    expect(shown[0].message).toContain('eip155')
  })
})

describe('balance formatting', () => {
  it('truncates to 3 decimals', async () => {
    const { truncateDecimals } = await import('../../kernel/index.js')
    expect(['1.23456', '0', '10', '0.0009', '007.1'].map((v) => truncateDecimals(v))).toEqual([
      '1.234',
      '0.000',
      '10.000',
      '0.000',
      '7.100',
    ])
  })
})
