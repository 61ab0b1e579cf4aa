// Issue 20 #10: a stored namespace whose connector id is missing (an empty string after a storage mishap) showed
// "Connecting…" at start-up and never left it. Whatever is stored, the start-up restore ends every "Connecting…" it
// cannot finish.
import { afterEach, describe, expect, it } from 'vitest'
import {
  corePlugins,
  createKernel,
  createStorage,
  isConnecting,
  memoryBackend,
  StorageKeys,
  type Kernel,
} from '../../kernel/index.js'
import { namespacesManifest } from './manifest.js'

const networks = [{ caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' }]
const kernels: Kernel[] = []
afterEach(() => {
  for (const k of kernels.splice(0)) k.dispose()
})

function boot(stored: { namespaces: unknown; ids: unknown }): Kernel {
  const backend = memoryBackend()
  backend.setItem(`@foyer/${StorageKeys.connectedNamespaces}`, JSON.stringify(stored.namespaces))
  backend.setItem(`@foyer/${StorageKeys.connectorIds}`, JSON.stringify(stored.ids))
  const k = createKernel({
    plugins: [
      ...corePlugins({ config: { projectId: 'p', networks, namespaces: ['eip155'], mobile: false, features: {} } }),
      { id: 'views', views: { Connect: { component: 'C' }, Account: { component: 'A' } } },
      namespacesManifest,
    ],
    storage: createStorage(backend),
  })
  kernels.push(k)
  return k
}

// The restore the manifest starts at boot; a second call joins it. It must end well before ReconnectWaitMs.
const restored = (k: Kernel) =>
  Promise.race([
    k.request('wallet/reconnect'),
    new Promise((_, reject) => setTimeout(() => reject(new Error('the restore did not end within 3 s')), 3_000)),
  ])

describe('start-up restore of a stored connection', () => {
  it.each([
    ['an empty connector id', { eip155: '' }],
    ['no connector id', {}],
    ['a connector id that is not a string', { eip155: 42 }],
  ])('with %s the button leaves "Connecting…" and the stored connection is forgotten', async (_label, ids) => {
    const k = boot({ namespaces: ['eip155'], ids })
    await restored(k)
    expect(isConnecting(k.getState())).toBe(false)
    expect(k.getState().account.namespaces.eip155?.status ?? 'disconnected').toBe('disconnected')
    expect(k.storage.get(StorageKeys.connectedNamespaces)).toBeUndefined()
  })
})
