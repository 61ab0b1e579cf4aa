// The example's own wallet transport, through Foyer's public surface only: it is listed on Connect, connects from
// its row, signs with its account, survives a reload, switches networks and disconnects — no kernel or shell change.
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { verifyMessage, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createStorage, memoryBackend } from '../../index.js'
import { byTestId, cleanup, click, testFoyer, waitFor } from '../../shell/testing.js'
import { HelloWalletId, helloConnector, helloWalletPlugin } from './connector.js'

const KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' as const
const address = privateKeyToAccount(KEY).address

afterEach(cleanup)

describe('hello-plugin connector (a wallet transport outside plugins/)', () => {
  it('appears on Connect, connects from its row and signs with its account', async () => {
    const f = testFoyer({ plugins: [helloWalletPlugin(KEY)] })
    await waitFor(() => f.getState().connectors.list.find((c) => c.id === HelloWalletId))
    await act(() => f.open({ view: 'Connect' }))
    await waitFor(() => byTestId(`wallet-selector-${HelloWalletId}`))
    expect(byTestId(`wallet-selector-${HelloWalletId}`)!.textContent).toContain('Hello Wallet')
    await click(`wallet-selector-${HelloWalletId}`)
    await waitFor(() => f.getState().account.namespaces.eip155?.status === 'connected')
    expect(f.getState().account.namespaces.eip155).toMatchObject({
      caipAddress: `eip155:1:${address}`,
      connectorId: HelloWalletId,
    })
    const signed = await f.kernel.request('wallet/signMessage', { message: 'hello' })
    await expect(verifyMessage({ address, message: 'hello', signature: signed.signature as Hex })).resolves.toBe(true)
    // What it cannot do reads as "not supported", not as a failure.
    await expect(f.kernel.request('wallet/getCapabilities', undefined)).resolves.toMatchObject({ supported: false })
  })

  it('is restored after a reload, follows its network switch, and disconnects through its own request', async () => {
    const storage = createStorage(memoryBackend())
    const first = testFoyer({ plugins: [helloWalletPlugin(KEY)], storage })
    await waitFor(() => first.getState().connectors.list.find((c) => c.id === HelloWalletId))
    await first.kernel.request('wallet/connect', { connectorId: HelloWalletId })
    first.destroy()
    const again = testFoyer({ plugins: [helloWalletPlugin(KEY)], storage })
    await waitFor(() => again.getState().account.namespaces.eip155?.status === 'connected')
    expect(again.getState().account.namespaces.eip155?.connectorId).toBe(HelloWalletId)
    await again.kernel.request('network/switch', { caipNetworkId: 'eip155:8453' })
    expect(again.getState().account.namespaces.eip155?.caipAddress).toBe(`eip155:8453:${address}`)
    await again.kernel.request('wallet/disconnect', undefined)
    expect(again.getState().account.namespaces.eip155?.status ?? 'disconnected').toBe('disconnected')
    expect(storage.get('hello_wallet_granted')).toBeUndefined()
  })

  it('refuses a key that is not 32 bytes of hex, and a connector missing its requests', () => {
    expect(() => helloWalletPlugin('0x1234')).toThrow('Hello Wallet needs a 32-byte 0x-hex private key')
    const f = testFoyer({ plugins: [] })
    return expect(
      f.kernel.request('wallet/registerConnector', {
        ...helloConnector,
        requests: { ...helloConnector.requests, connect: undefined },
      }),
    ).rejects.toThrow('an EXTERNAL connector needs requests.connect')
  })
})
