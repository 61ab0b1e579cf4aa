// A real-signing WBIP004 Bitcoin provider for Playwright pages, as sats-connect's core `request` finds it: an entry in
// `window.btc_providers` and a provider object at `window[providerId]` whose request() crosses into the test process.
// Messages are signed BIP-137 (ECDSA) with the payment (P2WPKH) key; PSBT inputs of either address are signed (see
// bitcoin-signer.ts). There is no Bitcoin network here, so `sendTransfer` and PSBT broadcasting answer "not supported".
import type { Page } from 'playwright-core'
import { createBitcoinSigner, type BitcoinSignerOptions, type BitcoinTestNetwork } from './bitcoin-signer.js'

export { bitcoinMessageHash } from './bitcoin-signer.js'
export type { BitcoinTestNetwork } from './bitcoin-signer.js'

/** Options of {@link installBitcoinTestWallet} (keys and network as {@link BitcoinSignerOptions}). */
export interface InstallBitcoinTestWalletOptions extends BitcoinSignerOptions {
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
  /** Rejects the next prompting call (wallet_connect, getAccounts, signMessage, signPsbt) with -32000. */
  rejectNext(): void
}

/** The default WBIP004 id of the Bitcoin test provider. */
export const BitcoinTestProviderId = 'FoyerTestBitcoinProvider'
const PROMPTING = new Set(['wallet_connect', 'getAccounts', 'signMessage', 'signPsbt'])

/** Installs the provider into `page` (before navigation: it is listed on every load). */
export async function installBitcoinTestWallet(
  page: Page,
  options: InstallBitcoinTestWalletOptions = {},
): Promise<BitcoinTestWallet> {
  const signer = createBitcoinSigner(options)
  const { network, payment, ordinals } = signer
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
            'signPsbt',
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
        return { ...signer.signMessage(String(params?.message ?? '')), protocol: 'ECDSA' }
      }
      case 'signPsbt': {
        if (!authorized) return fail(-32002, 'Access denied')
        if (params?.broadcast) return fail(-32001, 'This test wallet has no Bitcoin network to broadcast to')
        const inputs = Object.entries((params?.signInputs ?? {}) as Record<string, number[]>).flatMap(
          ([address, indexes]) => indexes.map((index) => ({ address, index })),
        )
        return { psbt: signer.signPsbt(String(params?.psbt ?? ''), inputs) }
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
          methods: ['wallet_connect', 'getAccounts', 'signMessage', 'signPsbt'],
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
