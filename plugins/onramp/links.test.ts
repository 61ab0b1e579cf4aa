// Issue 20 #8: links from the server go through the one safe-URL rule before the page opens them. An on-ramp
// provider URL (server data) of `javascript:` would run in a window that shares the page's origin.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { corePlugins, createKernel, createStorage, memoryBackend, type HttpClient } from '../../kernel/index.js'
import { createOnRampPlugin } from './index.js'

const networks = [{ caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' }]
afterEach(() => vi.restoreAllMocks())

function kernelWithProvider(url: string) {
  const k = createKernel({
    plugins: [
      ...corePlugins({ config: { projectId: 'p', networks, namespaces: ['eip155'], mobile: false, features: {} } }),
      createOnRampPlugin(),
    ],
    http: { get: async () => ({}), post: async () => ({}) } as unknown as HttpClient,
    storage: createStorage(memoryBackend()),
  })
  const offer = {
    providers: [{ id: 'p1', name: 'P', url, publicKey: 'pk' }],
    paymentCurrencies: [],
    purchaseCurrencies: [],
  }
  k.emit('onramp/offerReceived', { offer } as never)
  k.emit('onramp/quoteReceived', {
    quotes: [{ id: 'q1', serviceProvider: 'p1', purchaseAmount: { amount: '10', currency: 'USDC' } }],
  } as never)
  k.emit('wallet/connected', {
    namespace: 'eip155',
    caipAddress: 'eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    connectorId: 'x',
  })
  return k
}

describe('on-ramp provider links', () => {
  it.each(['javascript:alert(document.domain)//', 'java\tscript:alert(1)//', 'data:text/html,<script>1</script>'])(
    'refuses to open %j',
    async (url) => {
      const open = vi.spyOn(window, 'open').mockImplementation(() => null)
      const k = kernelWithProvider(url)
      await expect(k.request('onramp/openProvider', { provider: 'p1' })).rejects.toThrow(/link/i)
      expect(open).not.toHaveBeenCalled()
      k.dispose()
    },
  )

  it('opens an https provider page with the quote', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    const k = kernelWithProvider('https://checkout.example/buy')
    await k.request('onramp/openProvider', { provider: 'p1' })
    expect(String(open.mock.calls[0][0])).toMatch(/^https:\/\/checkout\.example\/buy\?publicKey=pk&/)
    k.dispose()
  })
})
