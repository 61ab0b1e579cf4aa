// SPEC §4 network switch over WalletConnect: a chain the session approved becomes the session's default chain (the
// universal provider's `setDefaultChain`), with no wallet round trip; a chain it did not approve is refused.
import { describe, expect, it, vi } from 'vitest'

const provider = {
  session: {
    namespaces: {
      eip155: {
        accounts: [
          'eip155:1:0x90F79bf6EB2c4f870365E785982E1f101E93b906',
          'eip155:8453:0x90F79bf6EB2c4f870365E785982E1f101E93b906',
        ],
      },
    },
  },
  client: { core: { verify: {} } },
  setDefaultChain: vi.fn(),
  request: vi.fn(),
  on: vi.fn(),
  once: vi.fn(),
  removeListener: vi.fn(),
}
const init = vi.fn(async () => provider)
vi.mock('@walletconnect/universal-provider', () => ({ UniversalProvider: { init } }))

const { createWalletConnectConnector } = await import('./connector.js')
const { ProviderInitFailed, providerErrorAlert } = await import('./provider-alerts.js')

describe('WalletConnect network switch', () => {
  it("sets the session's default chain to an approved chain, and refuses one the session lacks", async () => {
    const wc = createWalletConnectConnector(() => ({ projectId: 'p' }) as never)
    const evm = wc.adapter('eip155')
    // a restore loads the provider and finds the session
    expect(await evm.reconnect!('walletConnect')).toMatchObject({ caipNetworkId: 'eip155:1' })
    await evm.switchNetwork('walletConnect', { caipNetworkId: 'eip155:8453' } as never)
    expect(provider.setDefaultChain).toHaveBeenLastCalledWith('eip155:8453')
    expect(provider.request).not.toHaveBeenCalled()
    await expect(evm.switchNetwork('walletConnect', { caipNetworkId: 'eip155:10' } as never)).rejects.toThrow(
      /not supported/i,
    )
    expect(provider.setDefaultChain).toHaveBeenCalledTimes(1)
  })
})

describe('WalletConnect provider start (SPEC §8)', () => {
  it('marks a provider that did not start, keeps the SDK text for the alerts, and starts afresh next time', async () => {
    init.mockRejectedValueOnce(new Error('Unauthorized: invalid key'))
    const wc = createWalletConnectConnector(() => ({ projectId: 'p' }) as never)
    const attempt = wc.pair({})
    attempt.uri.catch(() => undefined) // the pairing's URI fails with it
    const error = await attempt.session.catch((e: unknown) => e)
    expect(error).toMatchObject({
      code: ProviderInitFailed,
      category: 'INTERNAL_SDK_ERROR',
      message: 'WalletConnect could not start: Unauthorized: invalid key',
    })
    expect(providerErrorAlert(error)).toBe('invalidProjectId')
    const calls = init.mock.calls.length
    await wc.adapter('eip155').reconnect!('walletConnect')
    expect(init.mock.calls.length).toBe(calls + 1)
  })
})
