import { afterEach, describe, expect, it } from 'vitest'
import {
  corePlugins,
  createKernel,
  createStorage,
  ErrorMessages,
  isUserRejection,
  memoryBackend,
  type Kernel,
} from '../../../kernel/index.js'
import { createNamespacesPlugin } from '../index.js'
import { bitcoin, bitcoinSignet, bitcoinTestnet } from '../networks.js'
import {
  assertSupportedChain,
  bitcoinError,
  caipOfAddress,
  caipOfBitcoinNetwork,
  orderAccounts,
  readBtcProviders,
} from './providers.js'

const PAY = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const ORD = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297'
const addresses = [
  { address: ORD, publicKey: 'aa', purpose: 'ordinals', addressType: 'p2tr' },
  { address: 'SP000', purpose: 'stacks', addressType: 'stacks' },
  { address: PAY, publicKey: 'bb', purpose: 'payment', addressType: 'p2wpkh' },
]

describe('Bitcoin provider parsing', () => {
  it('orders accounts payment (index 0) then ordinal (index 1), dropping other purposes', () => {
    expect(orderAccounts(addresses)).toEqual([
      { address: PAY, type: 'payment', publicKey: 'bb' },
      { address: ORD, type: 'ordinal', publicKey: 'aa' },
    ])
    expect(orderAccounts(undefined)).toEqual([])
  })
  it('maps network names and address prefixes to CAIP-2 ids', () => {
    expect(caipOfBitcoinNetwork('Mainnet')).toBe(bitcoin.caipNetworkId)
    expect(caipOfBitcoinNetwork('Testnet4')).toBe(bitcoinTestnet.caipNetworkId)
    expect(caipOfBitcoinNetwork('Signet')).toBe(bitcoinSignet.caipNetworkId)
    expect(caipOfBitcoinNetwork('Regtest')).toBeUndefined()
    expect(caipOfAddress(PAY)).toBe(bitcoin.caipNetworkId)
    expect(caipOfAddress('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')).toBe(bitcoinTestnet.caipNetworkId)
  })
  it('refuses a wallet network outside the requested chains with the SPEC §5 text', () => {
    expect(() => assertSupportedChain(bitcoinTestnet.caipNetworkId, [bitcoin.caipNetworkId])).toThrowError(
      /^The connector does not support any of the requested chains\.$/,
    )
    expect(() => assertSupportedChain(undefined, [bitcoin.caipNetworkId])).toThrow(
      ErrorMessages.bitcoinChainsUnsupported,
    )
    expect(assertSupportedChain(bitcoin.caipNetworkId, [bitcoin.caipNetworkId])).toBe(bitcoin.caipNetworkId)
  })
  it('turns -32000 into a user rejection and keeps other codes', () => {
    expect(isUserRejection(bitcoinError({ code: -32000, message: 'User rejected' }))).toBe(true)
    expect(bitcoinError({ code: -32002, message: 'Access denied' })).toMatchObject({
      code: -32002,
      message: 'Access denied',
    })
  })
  it('reads WBIP004 providers, skipping malformed entries and unsafe icons', () => {
    const win = {
      btc_providers: [
        { id: 'A.B', name: 'Wallet A', icon: 'javascript:x' },
        { id: 3 },
        null,
        { id: 'A.B', name: 'dup' },
        { id: 'C', name: 'C', icon: 'data:image/png;base64,AA' },
      ],
    } as unknown as Window
    expect(readBtcProviders(win)).toEqual([
      { id: 'bip122:A.B', name: 'Wallet A', type: 'ANNOUNCED', namespace: 'bip122' },
      { id: 'bip122:C', name: 'C', type: 'ANNOUNCED', namespace: 'bip122', imageUrl: 'data:image/png;base64,AA' },
    ])
  })
})

// A WBIP004 provider answering JSON-RPC envelopes, as sats-connect's core `request` expects.
function installProvider(network = 'Mainnet', opts: { reject?: boolean } = {}) {
  const calls: string[] = []
  const sent: Array<{ method: string; params: unknown }> = []
  const provider = {
    async request(method: string, params: unknown) {
      calls.push(method)
      sent.push({ method, params })
      const ok = (result: unknown) => ({ jsonrpc: '2.0', id: '1', result })
      if (method === 'getInfo') return ok({ version: '1.0.0', platform: 'web', methods: [], supports: [] })
      if (method === 'wallet_connect') {
        if (opts.reject)
          return { jsonrpc: '2.0', id: '1', error: { code: -32000, message: 'User rejected the request' } }
        return ok({
          id: 'w',
          addresses,
          walletType: 'software',
          network: { bitcoin: { name: network }, stacks: { name: 'mainnet' }, spark: { name: 'mainnet' } },
        })
      }
      if (method === 'sendTransfer') return ok({ txid: 'f00d' })
      if (method === 'signPsbt') return ok({ psbt: 'c2lnbmVk' })
      if (method === 'signMessage')
        return ok({
          signature: `sig:${(params as { address: string }).address}`,
          messageHash: '',
          address: PAY,
          protocol: 'ECDSA',
        })
      return ok(null)
    },
  }
  Object.assign(window, { UnitBtc: provider, btc_providers: [{ id: 'UnitBtc', name: 'Unit BTC' }] })
  return {
    calls,
    sent,
    stop: () => {
      delete (window as any).UnitBtc
      delete (window as any).btc_providers
    },
  }
}

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})
function kernel(): Kernel {
  const k = createKernel({
    plugins: [
      ...corePlugins({
        config: {
          projectId: 'p',
          networks: [
            { caipNetworkId: bitcoin.caipNetworkId, name: 'Bitcoin', chainNamespace: 'bip122', nativeSymbol: 'BTC' },
          ],
          namespaces: ['bip122'],
          mobile: false,
          features: {},
        },
      }),
      { id: 'views', views: { Connect: { component: 'C' }, Account: { component: 'A' } } },
      createNamespacesPlugin(),
    ],
    storage: createStorage(memoryBackend()),
  })
  cleanups.push(() => k.dispose())
  return k
}

describe('Bitcoin adapter through the namespaces plugin (sats-connect core request)', () => {
  it('connects payment + ordinal in order with a bip122 CAIP-10 address and signs with the payment address', async () => {
    const p = installProvider()
    cleanups.push(p.stop)
    const k = kernel()
    await k.request('wallet/connect', { connectorId: 'bip122:UnitBtc' })
    expect(k.getState().account.namespaces.bip122.caipAddress).toBe(`bip122:000000000019d6689c085ae165831e93:${PAY}`)
    expect(k.getState().namespaces!.accounts.bip122.map((a) => a.type)).toEqual(['payment', 'ordinal'])
    await expect(k.request('wallet/signMessage', { message: 'hi' })).resolves.toEqual({
      signature: `sig:${PAY}`,
      address: PAY,
    })
    expect(p.calls).toContain('wallet_connect')
  })
  it("answers WalletConnect-vocabulary transfers and PSBTs with sats-connect's methods of the same purpose", async () => {
    const p = installProvider()
    cleanups.push(p.stop)
    const k = kernel()
    await k.request('wallet/connect', { connectorId: 'bip122:UnitBtc' })
    await expect(k.request('bitcoin/sendTransfer', { recipient: ORD, amount: '12345' })).resolves.toEqual({
      txid: 'f00d',
    })
    expect(p.sent.find((x) => x.method === 'sendTransfer')?.params).toEqual({
      recipients: [{ address: ORD, amount: 12345 }],
    })
    await expect(
      k.request('bitcoin/signPsbt', { psbt: 'cHNidP8=', signInputs: { [PAY]: [0, 2], [ORD]: [1] } }),
    ).resolves.toEqual({ psbt: 'c2lnbmVk' })
    expect(p.sent.find((x) => x.method === 'signPsbt')?.params).toEqual({
      psbt: 'cHNidP8=',
      signInputs: { [PAY]: [0, 2], [ORD]: [1] },
      broadcast: false,
    })
  })
  it('fails with the exact text when the wallet is on a network that was not requested', async () => {
    const p = installProvider('Testnet')
    cleanups.push(p.stop)
    const k = kernel()
    await expect(k.request('wallet/connect', { connectorId: 'bip122:UnitBtc' })).rejects.toThrow(
      'The connector does not support any of the requested chains.',
    )
    expect(k.getState().namespaces!.lastError).toBe('The connector does not support any of the requested chains.')
    expect(k.getState().account.namespaces.bip122.status).toBe('disconnected')
  })
  it('treats -32000 as a rejection (back, not crash)', async () => {
    const p = installProvider('Mainnet', { reject: true })
    cleanups.push(p.stop)
    const k = kernel()
    await expect(k.request('wallet/connect', { connectorId: 'bip122:UnitBtc' })).rejects.toMatchObject({ code: 4001 })
    expect(k.getState().namespaces!.lastError).toBe('Connection rejected')
  })
})
