import { describe, expect, it } from 'vitest'
import type { ConnectorInfo } from './adapter.js'
import { ConnectorTypeOrder, orderConnectors } from './order.js'

const c = (id: string, type: ConnectorInfo['type'], rdns?: string): ConnectorInfo => ({
  id,
  name: id.toUpperCase(),
  type,
  namespace: 'eip155',
  ...(rdns ? { rdns } : {}),
})

describe('connector type order (SPEC §9)', () => {
  it('walletConnect, recent, injected, featured, custom, external, recommended', () => {
    const list = orderConnectors({
      connectors: [
        c('injected', 'INJECTED'),
        c('ext', 'EXTERNAL'),
        // the embedded wallet is reached through email and social login: never a wallet row
        c('auth', 'AUTH'),
        c('io.b', 'ANNOUNCED', 'io.b'),
        c('io.a', 'ANNOUNCED', 'io.a'),
      ],
      recent: [{ id: 'io.a', name: 'A' }],
      walletConnect: true,
      featuredWalletIds: ['reg-f', 'missing'],
      customWallets: [{ id: 'custom-1', name: 'Custom', homepage: 'https://example.com' }],
      registry: [{ id: 'reg-f', name: 'Featured' }],
      recommended: [{ id: 'reg-r', name: 'Recommended' }],
    })
    expect(list.map((e) => [e.kind, e.id])).toEqual([
      ['walletConnect', 'walletConnect'],
      ['recent', 'io.a'],
      ['injected', 'io.b'],
      ['injected', 'injected'],
      ['featured', 'reg-f'],
      ['custom', 'custom-1'],
      ['external', 'ext'],
      ['recommended', 'reg-r'],
    ])
    expect([...new Set(list.map((e) => e.kind))]).toEqual(ConnectorTypeOrder)
  })

  it('lists each wallet once, at its earliest kind; an installed featured wallet connects directly', () => {
    const list = orderConnectors({
      connectors: [c('io.a', 'ANNOUNCED', 'io.a')],
      recent: [{ id: 'io.a', name: 'A' }],
      featuredWalletIds: ['reg-a', 'reg-x'],
      registry: [
        { id: 'reg-a', name: 'A', rdns: 'io.a' },
        { id: 'reg-x', name: 'X', rdns: 'io.x' },
      ],
      recommended: [{ id: 'reg-x', name: 'X' }],
    })
    expect(list.map((e) => [e.kind, e.id, !!e.connector])).toEqual([
      ['recent', 'io.a', true],
      ['featured', 'reg-x', false],
    ])
  })

  it('leaves WalletConnect out when it is off', () => {
    expect(orderConnectors({ connectors: [], recent: [], walletConnect: false })).toEqual([])
  })

  it("gives a recent registry wallet the lists do not carry its icon from the API's registry", () => {
    const id = 'ab'.repeat(32)
    const [entry] = orderConnectors({
      connectors: [],
      recent: [{ id, name: 'Far Wallet' }],
      apiUrl: 'http://api.test/',
    })
    expect(entry).toMatchObject({ kind: 'recent', id, imageUrl: `http://api.test/v1/wallets/${id}/image` })
  })
})
