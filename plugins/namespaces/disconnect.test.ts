// Issue 8: the Account view's Disconnect ended only the active namespace and left the others connected without a word.
// `wallet/disconnect` with `all` ends every connected namespace (SPEC §4 clears account, network, wallet info and
// connector id of each), names the ones that failed (SPEC §8 "Failed to disconnect chains" with its reason), and
// closes the modal unless told not to.
import { afterEach, describe, expect, it } from 'vitest'
import {
  corePlugins,
  createKernel,
  createStorage,
  definePlugin,
  memoryBackend,
  StorageKeys,
  type Kernel,
  type PluginContext,
} from '../../kernel/index.js'
import type { NamespaceAdapter } from './adapter.js'
import { namespaceHandlers } from './namespaces.handlers.js'
import { namespacesSlice, type NamespacesState } from './namespaces.state.js'
import { createSessions } from './session.js'

const networks = [
  { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  {
    caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    name: 'Solana',
    chainNamespace: 'solana',
    nativeSymbol: 'SOL',
  },
]
const kernels: Kernel[] = []
afterEach(() => {
  for (const k of kernels.splice(0)) k.dispose()
})

function setup(fail: string[] = []) {
  const ended: string[] = []
  const adapter = (namespace: string): NamespaceAdapter =>
    ({
      namespace,
      watchConnectors: () => () => {},
      subscribe: () => () => {},
      disconnect: async (id: string) => {
        if (fail.includes(namespace)) throw new Error(`${id} refused`)
        ended.push(`${namespace}/${id}`)
      },
    }) as unknown as NamespaceAdapter
  const adapters = [adapter('eip155'), adapter('solana')]
  let pctx: PluginContext | undefined
  const sessions = createSessions(() => pctx!)
  const handlers = namespaceHandlers({
    adapters: () => adapters,
    sessions,
    waitFor: async () => true,
    options: () => ({}),
  })
  const k = createKernel({
    plugins: [
      ...corePlugins({
        config: { projectId: 'p', networks, namespaces: ['eip155', 'solana'], mobile: false, features: {} },
      }),
      { id: 'views', views: { Connect: { component: 'C' }, Account: { component: 'A' } } },
      definePlugin<NamespacesState>({
        id: 'namespaces',
        state: namespacesSlice,
        handlers: { 'wallet/disconnect': handlers['wallet/disconnect'] },
        setup(c) {
          pctx = c
        },
      }),
    ],
    storage: createStorage(memoryBackend()),
  })
  kernels.push(k)
  sessions.established(adapters[1], 'solana:phantom', {
    address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
    caipNetworkId: networks[1].caipNetworkId,
  })
  sessions.established(adapters[0], 'io.metamask', {
    address: '0x1234567890abcdef1234567890abcdef1234abcd',
    caipNetworkId: 'eip155:1',
  })
  return { k, ended }
}

describe('wallet/disconnect', () => {
  it('with all, ends every connected namespace and forgets them; the modal closes', async () => {
    const { k, ended } = setup()
    await k.request('modal/open', undefined)
    expect(k.getState().account.activeNamespace).toBe('eip155')
    await k.request('wallet/disconnect', { all: true })
    expect(ended.sort()).toEqual(['eip155/io.metamask', 'solana/solana:phantom'])
    expect(k.getState().account.namespaces).toEqual({
      eip155: { status: 'disconnected' },
      solana: { status: 'disconnected' },
    })
    expect(k.getState().namespaces!.accounts).toEqual({})
    expect(k.storage.get(StorageKeys.connectedNamespaces)).toBeUndefined()
    expect(k.getState().modal.open).toBe(false)
  })

  it('without all, ends the active namespace only (the host asked for one)', async () => {
    const { k, ended } = setup()
    await k.request('wallet/disconnect', { namespace: 'eip155' })
    expect(ended).toEqual(['eip155/io.metamask'])
    expect(k.getState().account.namespaces.solana?.status).toBe('connected')
    expect(k.getState().account.activeNamespace).toBe('solana')
  })

  it('keeps the modal open when told to', async () => {
    const { k } = setup()
    await k.request('modal/open', undefined)
    await k.request('wallet/disconnect', { all: true, keepModalOpen: true })
    expect(k.getState().modal.open).toBe(true)
    expect(k.getState().account.namespaces.eip155?.status).toBe('disconnected')
  })

  it('names the namespaces that failed ("Failed to disconnect chains") and still forgets every one', async () => {
    const { k, ended } = setup(['solana'])
    await expect(k.request('wallet/disconnect', { all: true })).rejects.toThrow(
      'Failed to disconnect chains: solana: solana:phantom refused',
    )
    expect(ended).toEqual(['eip155/io.metamask'])
    expect(k.getState().snackbar).toMatchObject({
      message: 'Failed to disconnect chains: solana: solana:phantom refused',
    })
    expect(k.getState().account.namespaces.solana?.status).toBe('disconnected')
  })

  it('one namespace that will not end: "Failed to disconnect", reported as INTERNAL_SDK_ERROR (SPEC §8)', async () => {
    const { k } = setup(['eip155'])
    await expect(k.request('wallet/disconnect', { namespace: 'eip155' })).rejects.toMatchObject({
      message: 'Failed to disconnect',
      category: 'INTERNAL_SDK_ERROR',
    })
    expect(k.getState().snackbar).toMatchObject({ message: 'Failed to disconnect' })
  })
})
