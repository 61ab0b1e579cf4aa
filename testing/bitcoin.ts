// A real-signing WBIP004 Bitcoin provider for Playwright pages, as sats-connect's core `request` finds it: an entry in
// `window.btc_providers` and a provider object at `window[providerId]` whose request() crosses into the test process.
// Signing scheme: the legacy "Bitcoin Signed Message" ECDSA format (BIP-137): sha256d over
// "\x18Bitcoin Signed Message:\n" + varint(len) + message, secp256k1 signature with recovery id, header 39 + recid
// (P2WPKH), base64 of header‖r‖s. Only the payment (P2WPKH) address signs; the ordinal (P2TR) address is listed only.
import type { Page } from 'playwright-core'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { NETWORK, TEST_NETWORK, p2tr, p2wpkh } from '@scure/btc-signer'

/** A sats-connect network name the provider can be on. */
export type BitcoinTestNetwork = 'Mainnet' | 'Testnet' | 'Signet'

/** Options of {@link installBitcoinTestWallet}. */
export interface InstallBitcoinTestWalletOptions {
  /** 32-byte secp256k1 key of the payment (P2WPKH) address; random when absent. */
  paymentKey?: Uint8Array
  /** 32-byte key of the ordinal (P2TR, key-path) address; random when absent. */
  ordinalsKey?: Uint8Array
  /** The network the wallet is on (default Mainnet). */
  network?: BitcoinTestNetwork
  /** WBIP004 id, also the `window` property of the provider (default `FoyerTestBitcoinProvider`). */
  providerId?: string
  name?: string
}

/** The installed provider, driven from the test. */
export interface BitcoinTestWallet {
  payment: { address: string; publicKey: string }
  ordinals: { address: string; publicKey: string }
  network: BitcoinTestNetwork
  /** The Foyer connector id, so the selector is `wallet-selector-<connectorId>`. */
  connectorId: string
  name: string
  log: Array<{ method: string; params: unknown }>
  /** Rejects the next prompting call (wallet_connect, getAccounts, signMessage) with -32000. */
  rejectNext(): void
}

/** The default WBIP004 id of the Bitcoin test provider. */
export const BitcoinTestProviderId = 'FoyerTestBitcoinProvider'
const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
const PROMPTING = new Set(['wallet_connect', 'getAccounts', 'signMessage'])

/** The BIP-137 message hash: sha256d("\x18Bitcoin Signed Message:\n" + varint(len) + message). */
export function bitcoinMessageHash(message: string): Uint8Array {
  const msg = new TextEncoder().encode(message)
  const prefix = new TextEncoder().encode('\x18Bitcoin Signed Message:\n')
  const len =
    msg.length < 0xfd
      ? [msg.length]
      : msg.length <= 0xffff
        ? [0xfd, msg.length & 0xff, msg.length >> 8]
        : [0xfe, msg.length & 0xff, (msg.length >> 8) & 0xff, (msg.length >> 16) & 0xff, msg.length >>> 24]
  return sha256(sha256(Uint8Array.from([...prefix, ...len, ...msg])))
}

/** Installs the provider into `page` (before navigation: it is listed on every load). */
export async function installBitcoinTestWallet(
  page: Page,
  options: InstallBitcoinTestWalletOptions = {},
): Promise<BitcoinTestWallet> {
  const network = options.network ?? 'Mainnet'
  const net = network === 'Mainnet' ? NETWORK : TEST_NETWORK
  const payKey = options.paymentKey ?? secp256k1.utils.randomPrivateKey()
  const ordKey = options.ordinalsKey ?? secp256k1.utils.randomPrivateKey()
  const payPub = secp256k1.getPublicKey(payKey, true)
  const ordPub = schnorr.getPublicKey(ordKey)
  const payment = { address: p2wpkh(payPub, net).address!, publicKey: hex(payPub) }
  const ordinals = { address: p2tr(ordPub, undefined, net).address!, publicKey: hex(ordPub) }
  const providerId = options.providerId ?? BitcoinTestProviderId
  const name = options.name ?? 'Foyer Bitcoin Test Wallet'
  const log: BitcoinTestWallet['log'] = []
  let authorized = false
  let rejectNext = false
  // Ordinals first on purpose: Foyer must put payment at index 0 whatever order the wallet uses.
  const addresses = () => [
    { ...ordinals, purpose: 'ordinals', addressType: 'p2tr', walletType: 'software' },
    { ...payment, purpose: 'payment', addressType: 'p2wpkh', walletType: 'software' },
  ]
  const account = () => ({
    id: 'foyer-test',
    addresses: addresses(),
    walletType: 'software',
    network: { bitcoin: { name: network }, stacks: { name: 'mainnet' }, spark: { name: 'mainnet' } },
  })
  const fail = (code: number, message: string) => {
    throw Object.assign(new Error(message), { code })
  }
  const answer = (method: string, params: any): unknown => {
    if (PROMPTING.has(method) && rejectNext) {
      rejectNext = false
      fail(-32000, 'User rejected the request.')
    }
    switch (method) {
      case 'getInfo':
        return {
          version: '1.0.0',
          platform: 'web',
          methods: [
            'wallet_connect',
            'getAccounts',
            'wallet_getAccount',
            'wallet_getNetwork',
            'signMessage',
            'wallet_disconnect',
          ],
          supports: [],
        }
      case 'wallet_connect':
        authorized = true
        return account()
      case 'getAccounts':
        authorized = true
        return addresses()
      case 'wallet_getAccount':
        return authorized ? account() : fail(-32002, 'Access denied')
      case 'wallet_getNetwork':
        return account().network
      case 'wallet_disconnect':
      case 'wallet_renouncePermissions':
        authorized = false
        return null
      case 'signMessage': {
        if (!authorized) return fail(-32002, 'Access denied')
        if (params?.address !== payment.address)
          return fail(-32602, 'This test wallet signs with its payment address only')
        if (params?.protocol === 'BIP322') return fail(-32602, 'This test wallet signs ECDSA (BIP-137) messages only')
        const hash = bitcoinMessageHash(String(params?.message ?? ''))
        const sig = secp256k1.sign(hash, payKey)
        const bytes = Uint8Array.from([39 + sig.recovery, ...sig.toCompactRawBytes()])
        return {
          signature: Buffer.from(bytes).toString('base64'),
          messageHash: hex(hash),
          address: payment.address,
          protocol: 'ECDSA',
        }
      }
      default:
        return fail(-32001, `Method not supported: ${method}`)
    }
  }
  const binding = `__foyerBitcoinWallet_${providerId.replace(/\W/g, '_')}`
  await page.exposeFunction(binding, (method: string, params: unknown) => {
    log.push({ method, params })
    try {
      return { jsonrpc: '2.0', id: '1', result: answer(method, params) ?? null }
    } catch (error) {
      const e = error as { code?: unknown; message?: unknown }
      return {
        jsonrpc: '2.0',
        id: '1',
        error: { code: typeof e.code === 'number' ? e.code : -32603, message: String(e.message ?? 'Internal error') },
      }
    }
  })
  await page.addInitScript(
    ({ b, id, n }) => {
      const w = window as any
      w[id] = {
        request: (method: string, params: unknown) => w[b](method, params ?? null),
        addListener: () => () => {},
      }
      w.btc_providers = [
        ...(Array.isArray(w.btc_providers) ? w.btc_providers : []),
        {
          id,
          name: n,
          icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 32 32%22%3E%3Ccircle cx=%2216%22 cy=%2216%22 r=%2216%22 fill=%22%23f7931a%22/%3E%3C/svg%3E',
          webUrl: 'https://foyer.invalid',
          methods: ['wallet_connect', 'getAccounts', 'signMessage'],
        },
      ]
    },
    { b: binding, id: providerId, n: name },
  )
  return {
    payment,
    ordinals,
    network,
    connectorId: `bip122:${providerId}`,
    name,
    log,
    rejectNext: () => {
      rejectNext = true
    },
  }
}
