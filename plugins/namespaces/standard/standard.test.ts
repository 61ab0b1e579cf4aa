import { afterEach, describe, expect, it } from 'vitest'
import { ed25519 } from '@noble/curves/ed25519'
import {
  corePlugins,
  createKernel,
  createStorage,
  memoryBackend,
  type HttpClient,
  type Kernel,
} from '../../../kernel/index.js'
import { createNamespacesPlugin } from '../index.js'
import { solana, solanaDevnet } from '../networks.js'
import { decodeBase58, encodeBase58, fromBase64, toBase64 } from '../../../protocol/base58.js'
import { discoverStandardWallets, isSolanaWallet, solanaConnectorId, standardChain } from './standard.js'

const secret = ed25519.utils.randomPrivateKey()
const publicKey = ed25519.getPublicKey(secret)
const address = encodeBase58(publicKey)

// A minimal Wallet Standard wallet registered through the window-event protocol.
function registerWallet(opts: { name?: string; chains?: string[]; reject?: boolean } = {}) {
  const account = { address, publicKey, chains: ['solana:mainnet', 'solana:devnet'], features: ['solana:signMessage'] }
  const change = new Set<(p: unknown) => void>()
  const wallet = {
    version: '1.0.0',
    name: opts.name ?? 'Stub Sol',
    icon: 'javascript:alert(1)',
    chains: opts.chains ?? ['solana:mainnet', 'solana:devnet'],
    accounts: [] as unknown[],
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async () => {
          if (opts.reject) throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
          wallet.accounts = [account]
          return { accounts: [account] }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          wallet.accounts = []
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (_e: string, fn: (p: unknown) => void) => {
          change.add(fn)
          return () => change.delete(fn)
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: async (i: { message: Uint8Array }) => [
          { signedMessage: i.message, signature: ed25519.sign(i.message, secret) },
        ],
      },
    },
  }
  const callback = ({ register }: { register: (w: unknown) => () => void }) => register(wallet)
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  const onReady = (e: Event) => callback((e as CustomEvent).detail)
  window.addEventListener('wallet-standard:app-ready', onReady)
  return {
    wallet,
    emitChange: (p: unknown) => {
      for (const fn of change) fn(p)
    },
    stop: () => window.removeEventListener('wallet-standard:app-ready', onReady),
  }
}

const cleanups: Array<() => void> = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

function kernel(networks = [solana, solanaDevnet]): Kernel {
  const k = createKernel({
    plugins: [
      ...corePlugins({
        config: {
          projectId: 'p',
          networks: networks.map((n) => ({
            caipNetworkId: n.caipNetworkId,
            name: n.name,
            chainNamespace: 'solana',
            nativeSymbol: 'SOL',
          })),
          namespaces: ['solana'],
          mobile: false,
          features: {},
        },
      }),
      { id: 'views', views: { Connect: { component: 'C' }, Account: { component: 'A' } } },
      createNamespacesPlugin(),
    ],
    storage: createStorage(memoryBackend()),
    http: { get: async () => ({ balances: [] }) } as unknown as HttpClient,
  })
  cleanups.push(() => k.dispose())
  return k
}

describe('base58 and base64', () => {
  it('round-trips, keeping leading zeros', () => {
    for (const bytes of [new Uint8Array([0, 0, 1, 2, 255]), publicKey, new Uint8Array(0)]) {
      expect(decodeBase58(encodeBase58(bytes))).toEqual(bytes)
      expect(fromBase64(toBase64(bytes))).toEqual(bytes)
    }
    expect(encodeBase58(new Uint8Array(32))).toBe('11111111111111111111111111111111')
  })
})

describe('Wallet Standard discovery', () => {
  it('keeps wallets that connect and list a solana: chain, with slug ids and safe icons only', () => {
    expect(
      isSolanaWallet({ name: 'X', chains: ['ethereum:1'], features: { 'standard:connect': { connect() {} } } }),
    ).toBe(false)
    expect(isSolanaWallet({ name: 'X', chains: ['solana:mainnet'], features: {} })).toBe(false)
    expect(solanaConnectorId('Foyer Test Wallet!')).toBe('solana:foyer-test-wallet')
    expect(standardChain(solanaDevnet.caipNetworkId)).toBe('solana:devnet')
    expect(standardChain('solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ')).toBe('solana:mainnet')
    const a = registerWallet()
    const b = registerWallet({ name: 'Eth Only', chains: ['ethereum:1'] })
    cleanups.push(a.stop, b.stop)
    let seen: string[] = []
    const stop = discoverStandardWallets(window, (found) => {
      seen = found.map((f) => `${f.connector.id}|${f.connector.imageUrl ?? ''}`)
    })
    cleanups.push(stop)
    expect(seen).toEqual(['solana:stub-sol|'])
  })
})

describe('Solana adapter through the namespaces plugin', () => {
  it('connects with a CAIP-10 address on the configured network, signs a message (base58 ed25519) and follows account changes', async () => {
    const w = registerWallet()
    cleanups.push(w.stop)
    const k = kernel()
    expect(k.getState().connectors.list.map((c) => c.id)).toEqual(['solana:stub-sol'])
    await k.request('wallet/connect', { connectorId: 'solana:stub-sol' })
    expect(k.getState().account.namespaces.solana).toEqual({
      status: 'connected',
      caipAddress: `${solana.caipNetworkId}:${address}`,
      connectorId: 'solana:stub-sol',
    })
    expect(k.getState().namespaces!.accounts.solana).toEqual([{ address, type: 'eoa' }])
    const { signature } = await k.request('wallet/signMessage', { message: 'hello' })
    expect(ed25519.verify(decodeBase58(signature), new TextEncoder().encode('hello'), publicKey)).toBe(true)
    // A wallet without solana:signTransaction says so (EIP-1193's "unsupported method", 4200), not a crash.
    await expect(
      k.request('solana/signTransaction', { transaction: toBase64(new Uint8Array(8)) }),
    ).rejects.toMatchObject({ code: 4200, message: 'Stub Sol does not support solana:signTransaction' })
    w.emitChange({ accounts: [] })
    expect(k.getState().account.namespaces.solana.status).toBe('disconnected')
  })

  it('uses the active Solana network when the wallet lists it, and refuses one it does not', async () => {
    const w = registerWallet({ chains: ['solana:devnet'] })
    cleanups.push(w.stop)
    const k = kernel()
    await k.request('wallet/connect', { connectorId: 'solana:stub-sol' })
    expect(k.getState().account.activeCaipNetworkId).toBe(solanaDevnet.caipNetworkId)
    await expect(k.request('network/switch', { caipNetworkId: solana.caipNetworkId })).rejects.toThrow(
      'Chain is not supported',
    )
  })

  it('treats a 4001 from standard:connect as a rejection', async () => {
    const w = registerWallet({ reject: true })
    cleanups.push(w.stop)
    const k = kernel()
    await expect(k.request('wallet/connect', { connectorId: 'solana:stub-sol' })).rejects.toMatchObject({ code: 4001 })
    expect(k.getState().namespaces!.lastError).toBe('Connection rejected')
    expect(k.getState().account.namespaces.solana.status).toBe('disconnected')
  })
})
