import { afterEach, describe, expect, it } from 'vitest'
import { definePlugin, type HandlerContext } from '../../kernel/index.js'
import { createTestKernel, requestRaw, type TestKernel } from '../../kernel/testing/test-kernel.js'
import { reconnectEnded } from './reconnect-ended.js'

// SPEC §4: a disconnected connection comes back through the auth route, WalletConnect or the external connector.
describe('reconnecting a disconnected connection', () => {
  let k: TestKernel | undefined
  afterEach(() => k?.dispose())

  const setup = (features: Record<string, unknown> = {}, withAuth = true, withWalletConnect = true) => {
    const asked: Array<[string, unknown]> = []
    const stub = (name: string) => (input: unknown) => void asked.push([name, input])
    k = createTestKernel({
      config: { features },
      plugins: [
        definePlugin({
          id: 'routes',
          handlers: {
            ...(withAuth ? { 'auth/connectEmail': stub('auth/connectEmail') } : {}),
            ...(withWalletConnect ? { 'walletConnect/connect': stub('walletConnect/connect') } : {}),
            'wallet/connect': stub('wallet/connect'),
            ...({
              'test/reconnect': (i: { namespace: string; connectorId: string }, ctx: HandlerContext) =>
                reconnectEnded(i.namespace, i.connectorId, ctx),
            } as object),
          },
        }),
      ],
    })
    k.emit('connectors/registered', {
      connectors: [
        { id: 'auth', name: 'Email', type: 'AUTH', namespace: 'eip155' },
        { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', namespace: 'eip155' },
      ],
    })
    k.emit('connectors/discovered', {
      namespace: 'eip155',
      connectors: [{ id: 'acme', name: 'Acme', type: 'EXTERNAL', namespace: 'eip155' }],
    })
    return {
      k,
      asked,
      again: (connectorId: string) => requestRaw(k!, 'test/reconnect', { namespace: 'eip155', connectorId }),
    }
  }

  it('discovery keeps the registered connectors; each type takes its own route', async () => {
    const { k, asked, again } = setup()
    expect(k.getState().connectors.list.map((c) => c.type)).toEqual(['AUTH', 'WALLET_CONNECT', 'EXTERNAL'])
    await again('auth')
    expect(k.getState().modal.open).toBe(true)
    expect(k.getState().router.history.at(-1)?.view).toBe('Connect')
    await again('walletConnect')
    await again('acme')
    expect(asked).toEqual([
      ['walletConnect/connect', {}],
      ['wallet/connect', { connectorId: 'acme' }],
    ])
  })

  it('the auth route needs the auth connector: "No auth connector found" without email and social login', async () => {
    const off = setup({ email: false, socials: false })
    await expect(off.again('auth')).rejects.toThrow(/^No auth connector found: auth$/)
    expect(off.k.getState().modal.open).toBe(false)
    off.k.dispose()
    const missing = setup({}, false)
    await expect(missing.again('auth')).rejects.toThrow(/^No auth connector found/)
  })

  it('the WalletConnect route needs its connector: "WalletConnectConnector not found" without it', async () => {
    const { k, asked, again } = setup({}, true, false)
    await expect(again('walletConnect')).rejects.toThrow(/^WalletConnectConnector not found$/)
    expect(k.getState().modal.open).toBe(false)
    expect(asked).toEqual([])
  })
})
