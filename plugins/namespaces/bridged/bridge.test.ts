// Bridged connections (the embedded wallet of a later plugin): adopted as ordinary connections, every wallet request
// on them goes to their connector's `rpc` (here `auth/rpc`) in WalletConnect's vocabulary, a reload restores them
// through its `reconnect` (`auth/reconnect`), and the provider's own events (account, network, sign-out) move the
// connection. The stand-in provider here answers with the
// EIP-1193 test wallet's core, so signatures are real.
import { afterEach, describe, expect, it } from 'vitest'
import { verifyMessage, verifyTypedData, type Hex } from 'viem'
import {
  corePlugins,
  createConnector,
  createKernel,
  createStorage,
  definePlugin,
  memoryBackend,
  type BridgedConnection,
  type BridgedRpcCall,
  type Connector,
  type HttpClient,
  type Kernel,
  type PluginDefinition,
  type StorageBackend,
} from '../../../kernel/index.js'
import { createTestWalletCore } from '../../../testing/wallet-core.js'
import { createNamespacesPlugin } from '../index.js'

const KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' as const
const networks = [
  { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  { caipNetworkId: 'eip155:8453', name: 'Base', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
]
// The stand-in embedded wallet's transport, named as the auth plugin names its own.
const authConnector = createConnector({
  id: 'auth',
  name: 'Email',
  type: 'AUTH',
  namespaces: ['eip155', 'solana'],
  requests: {
    reconnect: 'auth/reconnect',
    disconnect: 'auth/disconnect',
    switchNetwork: 'auth/switchNetwork',
    rpc: 'auth/rpc',
  },
  events: {
    accountChanged: 'auth/accountChanged',
    networkChanged: 'auth/networkChanged',
    disconnected: 'auth/signedOut',
  },
})
const cleanups: Array<() => void> = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

function embeddedWallet() {
  const core = createTestWalletCore(
    { privateKey: KEY, chains: [{ chainId: 1, rpcUrl: 'http://127.0.0.1:1' }] },
    async () => {},
  )
  const calls: BridgedRpcCall[] = []
  let signedIn = true
  const connection = (): BridgedConnection => ({
    connector: authConnector,
    connectorId: 'auth',
    name: 'Email',
    namespace: 'eip155',
    address: core.address,
    caipNetworkId: 'eip155:1',
  })
  const plugin = definePlugin({
    id: 'auth',
    handlers: {
      'auth/rpc': async (call: BridgedRpcCall) => {
        calls.push(call)
        return core.request(call.method, call.params)
      },
      'auth/reconnect': async () => (signedIn ? connection() : undefined),
      'auth/disconnect': async () => {
        signedIn = false
      },
      'auth/switchNetwork': async () => {},
    },
  })
  return { core, calls, plugin, connection, signOut: () => (signedIn = false) }
}

function kernel(
  auth: ReturnType<typeof embeddedWallet>,
  backend: StorageBackend = memoryBackend(),
  more: PluginDefinition[] = [],
): Kernel {
  const k = createKernel({
    plugins: [
      ...corePlugins({ config: { projectId: 'p', networks, namespaces: ['eip155'], mobile: false, features: {} } }),
      { id: 'views', views: { Connect: { component: 'C' }, Account: { component: 'A' } } },
      createNamespacesPlugin(),
      auth.plugin,
      ...more,
    ],
    storage: createStorage(backend),
    http: { get: async () => ({ balances: [] }) } as unknown as HttpClient,
  })
  cleanups.push(() => k.dispose())
  return k
}

describe('bridged connections', () => {
  it('adopts a connection and sends every wallet request to auth/rpc in WalletConnect vocabulary', async () => {
    const auth = embeddedWallet()
    await auth.core.request('eth_requestAccounts')
    const k = kernel(auth)
    await k.request('wallet/adoptConnection', auth.connection())
    expect(k.getState().account.namespaces.eip155).toEqual({
      status: 'connected',
      caipAddress: `eip155:1:${auth.core.address}`,
      connectorId: 'auth',
    })
    const signed = await k.request('wallet/signMessage', { message: 'hello' })
    await expect(
      verifyMessage({ address: auth.core.address, message: 'hello', signature: signed.signature as Hex }),
    ).resolves.toBe(true)
    expect(auth.calls[0]).toEqual({
      namespace: 'eip155',
      caipNetworkId: 'eip155:1',
      method: 'personal_sign',
      params: ['0x68656c6c6f', auth.core.address],
    })
    const typedData = {
      domain: { name: 'Foyer', chainId: 1 },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note',
      message: { text: 'hi' },
    }
    const typed = await k.request('wallet/signTypedData', { typedData })
    expect(JSON.parse((auth.calls[1].params as string[])[1]).types.EIP712Domain).toEqual([
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ])
    await expect(
      verifyTypedData({ ...typedData, address: auth.core.address, signature: typed.signature as Hex } as never),
    ).resolves.toBe(true)
    // The stand-in lacks EIP-5792: its 4200 reads as "not supported", not as a failure.
    await expect(k.request('wallet/getCapabilities', undefined)).resolves.toEqual({
      supported: false,
      caipNetworkId: 'eip155:1',
      atomic: 'unsupported',
      raw: {},
    })
    auth.core.rejectNext()
    await expect(k.request('wallet/signMessage', { message: 'no' })).rejects.toMatchObject({ code: 4001 })
  })

  it('takes a second bridged wallet through its own connector: requests, disconnect and a reload restore', async () => {
    const auth = embeddedWallet()
    const calls: string[] = []
    const other = createTestWalletCore(
      { privateKey: KEY, chains: [{ chainId: 1, rpcUrl: 'http://127.0.0.1:1' }] },
      async () => {},
    )
    await other.request('eth_requestAccounts')
    // Names no RequestMap declares (a test's own plugin): the contract is data, checked when registered.
    const connector = {
      id: 'vault',
      name: 'Vault',
      type: 'AUTH',
      namespaces: ['eip155'],
      requests: {
        reconnect: 'vault/reconnect',
        disconnect: 'vault/disconnect',
        switchNetwork: 'vault/switch',
        rpc: 'vault/rpc',
      },
      events: { disconnected: 'vault/ended' },
    } as unknown as Connector
    const connection = (): BridgedConnection => ({
      ...auth.connection(),
      connector,
      connectorId: 'vault',
      name: 'Vault',
    })
    const vault = definePlugin({
      id: 'vault',
      handlers: {
        'vault/rpc': async (call: BridgedRpcCall) => {
          calls.push(`rpc ${call.method}`)
          return other.request(call.method, call.params)
        },
        'vault/reconnect': async () => {
          calls.push('reconnect')
          return connection()
        },
        'vault/disconnect': async () => void calls.push('disconnect'),
        'vault/switch': async () => void calls.push('switch'),
      } as never,
    })
    const backend = memoryBackend()
    const k = kernel(auth, backend, [vault])
    await k.request('wallet/adoptConnection', auth.connection())
    await k.request('wallet/adoptConnection', connection())
    expect(k.getState().account.namespaces.eip155).toMatchObject({ status: 'connected', connectorId: 'vault' })
    const signed = await k.request('wallet/signMessage', { message: 'hello' })
    await expect(
      verifyMessage({ address: other.address, message: 'hello', signature: signed.signature as Hex }),
    ).resolves.toBe(true)
    expect(calls).toEqual(['rpc personal_sign'])
    expect(auth.calls).toEqual([])
    // A reload restores it through its own reconnect; the auth connector stays registered beside it.
    const again = kernel(auth, backend, [vault])
    await again.request('wallet/reconnect')
    expect(again.getState().account.namespaces.eip155).toMatchObject({ status: 'connected', connectorId: 'vault' })
    expect(calls.at(-1)).toBe('reconnect')
    again.emit('vault/ended' as never, {} as never)
    expect(again.getState().account.namespaces.eip155.status).toBe('disconnected')
  })

  it('refuses a connection whose connector was never registered, with a clear error', async () => {
    const auth = embeddedWallet()
    const k = kernel(auth)
    const { connector: _, ...bare } = auth.connection()
    await expect(k.request('wallet/adoptConnection', { ...bare, connectorId: 'nobody' })).rejects.toThrow(
      'No connector found for connection',
    )
    expect(k.getState().account.namespaces.eip155?.status ?? 'disconnected').toBe('disconnected')
    await expect(
      k.request('wallet/registerConnector', { ...auth.connection().connector!, requests: {} } as never),
    ).rejects.toThrow('connector auth: requests.reconnect must name a request')
  })

  it('restores after a reload through auth/reconnect, and follows the provider signing out', async () => {
    const auth = embeddedWallet()
    const backend = memoryBackend()
    await kernel(auth, backend).request('wallet/adoptConnection', auth.connection())
    const again = kernel(auth, backend)
    await again.request('wallet/reconnect')
    expect(again.getState().account.namespaces.eip155).toMatchObject({ status: 'connected', connectorId: 'auth' })
    again.emit('auth/networkChanged', { caipNetworkId: 'eip155:8453' })
    expect(again.getState().account.activeCaipNetworkId).toBe('eip155:8453')
    again.emit('auth/signedOut', {})
    expect(again.getState().account.namespaces.eip155.status).toBe('disconnected')
    // Signed out for good: the next reload finds nothing to restore.
    auth.signOut()
    const third = kernel(auth, backend)
    await third.request('wallet/reconnect')
    expect(third.getState().account.namespaces.eip155?.status ?? 'disconnected').toBe('disconnected')
  })

  it('SPEC §4: switching to the other namespace connects the embedded session there first, not SwitchActiveChain', async () => {
    const { k, asked } = twoNamespaces(true)
    // only the EVM side is connected (e.g. its Solana side did not answer at login)
    await k.request('wallet/adoptConnection', embeddedWallet().connection())
    await k.request('network/switch', { caipNetworkId: SOLANA })
    const s = k.getState()
    expect(asked).toEqual(['solana'])
    expect(s.account).toMatchObject({ activeNamespace: 'solana', activeCaipNetworkId: SOLANA })
    expect(s.account.namespaces.solana).toEqual({
      status: 'connected',
      caipAddress: `${SOLANA}:${SOLANA_ADDRESS}`,
      connectorId: 'auth',
    })
    expect(s.account.namespaces.eip155?.status).toBe('connected')
    expect(s.modal.open && s.router.history.at(-1)?.view).not.toBe('SwitchActiveChain')
  })

  it('falls back to SwitchActiveChain when the embedded session has no account in that namespace', async () => {
    const { k, asked } = twoNamespaces(false)
    await k.request('wallet/adoptConnection', embeddedWallet().connection())
    await k.request('network/switch', { caipNetworkId: SOLANA })
    const s = k.getState()
    expect(asked).toEqual(['solana'])
    expect(s.account.namespaces.solana?.status ?? 'disconnected').not.toBe('connected')
    expect(s.router.history.at(-1)?.view).toBe('SwitchActiveChain')
  })
})

const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const SOLANA_ADDRESS = 'Gf1x4T9bKJWhEPELMJmeyJYAkHyp9bUcKRUbXSzEbAhh'

/** A kernel with EVM and Solana networks whose embedded wallet has (or lacks) a Solana account. */
function twoNamespaces(hasSolana: boolean): { k: Kernel; asked: string[] } {
  const auth = embeddedWallet()
  const asked: string[] = []
  const plugin = definePlugin({
    id: 'auth',
    handlers: {
      ...auth.plugin.handlers,
      'auth/reconnect': async ({ namespace }: { namespace: string }) => {
        asked.push(namespace)
        if (namespace !== 'solana') return auth.connection()
        if (!hasSolana) return undefined
        return { connectorId: 'auth', name: 'Email', namespace, address: SOLANA_ADDRESS, caipNetworkId: SOLANA }
      },
    },
  })
  const k = createKernel({
    plugins: [
      ...corePlugins({
        config: {
          projectId: 'p',
          networks: [
            ...networks,
            { caipNetworkId: SOLANA, name: 'Solana', chainNamespace: 'solana', nativeSymbol: 'SOL' },
          ],
          namespaces: ['eip155', 'solana'],
          mobile: false,
          features: {},
        },
      }),
      { id: 'views', views: { Connect: { component: 'C' }, Account: { component: 'A' } } },
      createNamespacesPlugin(),
      plugin,
    ],
    storage: createStorage(memoryBackend()),
    http: { get: async () => ({ balances: [] }) } as unknown as HttpClient,
  })
  cleanups.push(() => k.dispose())
  return { k, asked }
}
