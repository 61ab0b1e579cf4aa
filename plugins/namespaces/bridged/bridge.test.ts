// Bridged connections (the embedded wallet of a later plugin): adopted as ordinary connections, every wallet request
// on them goes to `auth/rpc` in WalletConnect's vocabulary, a reload restores them through `auth/reconnect`, and the
// provider's own events (account, network, sign-out) move the connection. The stand-in provider here answers with the
// EIP-1193 test wallet's core, so signatures are real.
import { afterEach, describe, expect, it } from 'vitest'
import { verifyMessage, verifyTypedData, type Hex } from 'viem'
import {
  corePlugins,
  createKernel,
  createStorage,
  definePlugin,
  memoryBackend,
  type BridgedConnection,
  type BridgedRpcCall,
  type HttpClient,
  type Kernel,
  type StorageBackend,
} from '../../../kernel/index.js'
import { createTestWalletCore } from '../../../testing/wallet-core.js'
import { createNamespacesPlugin } from '../index.js'

const KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' as const
const networks = [
  { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  { caipNetworkId: 'eip155:8453', name: 'Base', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
]
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

function kernel(auth: ReturnType<typeof embeddedWallet>, backend: StorageBackend = memoryBackend()): Kernel {
  const k = createKernel({
    plugins: [
      ...corePlugins({ config: { projectId: 'p', networks, namespaces: ['eip155'], mobile: false, features: {} } }),
      { id: 'views', views: { Connect: { component: 'C' }, Account: { component: 'A' } } },
      createNamespacesPlugin(),
      auth.plugin,
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
