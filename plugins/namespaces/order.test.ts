import { describe, expect, it } from 'vitest'
import type { ConnectorInfo } from './adapter.js'
import { ConnectorTypeOrder, mergeMultiChain, orderConnectors } from './order.js'

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

  it("names a host connector's image by its registry image id (SPEC §3 imageId) when it has no image URL", () => {
    const [entry] = orderConnectors({
      connectors: [{ ...c('ext', 'EXTERNAL'), imageId: 'ab/c' }],
      recent: [],
      apiUrl: 'http://api.test',
    })
    expect(entry.imageUrl).toBe('http://api.test/v1/wallets/ab%2Fc/image')
    // without an API there is no image to name; an image URL of its own wins
    expect(orderConnectors({ connectors: [{ ...c('ext', 'EXTERNAL'), imageId: 'x' }], recent: [] })[0].imageUrl).toBe(
      undefined,
    )
    const own = { ...c('ext', 'EXTERNAL'), imageId: 'x', imageUrl: 'https://host.test/a.png' }
    expect(orderConnectors({ connectors: [own], recent: [], apiUrl: 'http://api.test' })[0].imageUrl).toBe(
      'https://host.test/a.png',
    )
  })

  it('a connector naming a registry wallet (SPEC §3 explorerId) stands for it: that wallet is not listed again', () => {
    const id = 'cd'.repeat(32)
    const list = orderConnectors({
      connectors: [{ ...c('ext', 'EXTERNAL'), explorerId: id }],
      recent: [],
      featuredWalletIds: [id],
      registry: [{ id, name: 'Listed' }],
      recommended: [
        { id, name: 'Listed' },
        { id: 'reg-r', name: 'Other' },
      ],
    })
    expect(list.map((e) => [e.kind, e.id, !!e.connector])).toEqual([
      ['featured', 'ext', true],
      ['recommended', 'reg-r', false],
    ])
  })
})

describe('MULTI_CHAIN connectors (SPEC §3)', () => {
  const at = (namespace: string, id: string, name = 'Phantom'): ConnectorInfo => ({
    id,
    name,
    type: 'ANNOUNCED',
    namespace,
  })

  it('one wallet announced in several namespaces becomes one connector over them, in the place of its first', () => {
    const evm = { ...at('eip155', 'app.phantom'), rdns: 'app.phantom', imageUrl: 'data:image/png;base64,AA' }
    const sol = at('solana', 'solana:phantom', ' PHANTOM ')
    const btc = at('bip122', 'bip122:phantom')
    const other = at('solana', 'solana:other', 'Other')
    expect(mergeMultiChain([evm, other, sol, btc])).toEqual([
      { ...evm, type: 'MULTI_CHAIN', connectors: [evm, sol, btc] },
      other,
    ])
    const list = orderConnectors({ connectors: [other, evm, sol], recent: [{ id: 'solana:phantom', name: 'Phantom' }] })
    // the recent wallet is the merged one (known by any of its namespaces' ids), listed once
    expect(list.map((e) => [e.kind, e.id, e.connector?.type])).toEqual([
      ['recent', 'app.phantom', 'MULTI_CHAIN'],
      ['injected', 'solana:other', 'ANNOUNCED'],
    ])
  })

  it('merges only installed wallets, one per namespace: a second of one namespace, a host wallet and WalletConnect stay apart', () => {
    const list = [
      at('eip155', 'a'),
      at('eip155', 'a2'),
      { ...at('eip155', 'host'), type: 'EXTERNAL' as const },
      { ...at('solana', 'wc'), type: 'WALLET_CONNECT' as const },
      { ...at('solana', 'legacy'), type: 'INJECTED' as const },
    ]
    const merged = mergeMultiChain(list)
    expect(merged.map((m) => [m.id, m.type, m.connectors?.map((x) => x.id)])).toEqual([
      ['a', 'MULTI_CHAIN', ['a', 'legacy']],
      ['a2', 'ANNOUNCED', undefined],
      ['host', 'EXTERNAL', undefined],
      ['wc', 'WALLET_CONNECT', undefined],
    ])
    // a wallet in one namespace only is left as it was
    expect(mergeMultiChain([at('eip155', 'x')])).toEqual([at('eip155', 'x')])
  })
})
