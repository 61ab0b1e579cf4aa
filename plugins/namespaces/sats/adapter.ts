// The Bitcoin adapter: WBIP004 providers through sats-connect's core `request(method, params, providerId)`,
// imported on first use (never the default `Wallet` export, which mounts a selector UI and loads a web font).
import { FoyerError } from '../../../kernel/index.js'
import type { AdapterConnection, NamespaceAdapter } from '../adapter.js'
import type { ConnectorWatch } from '../watch.js'
import {
  BitcoinErrorCodes,
  assertSupportedChain,
  bitcoinError,
  bitcoinNetworkName,
  caipOfAddress,
  caipOfBitcoinNetwork,
  orderAccounts,
  providerIdOf,
  type SatsAddress,
} from './providers.js'

/** What the adapter reads from the kernel: the requested (configured) Bitcoin networks. */
export interface BitcoinEnv {
  networks(): string[]
}

/** The Bitcoin adapter. */
export interface BitcoinAdapter extends NamespaceAdapter {
  waitFor(connectorId: string, timeoutMs: number): Promise<boolean>
}

type Loose = (
  method: string,
  params: unknown,
  providerId?: string,
) => Promise<{ status: 'success'; result: unknown } | { status: 'error'; error: { code?: number; message?: string } }>
interface AccountResult {
  addresses?: SatsAddress[]
  network?: { bitcoin?: { name?: string } }
}
/** The params of WalletConnect's bip122 methods (signMessage, sendTransfer, signPsbt). */
interface WalletConnectBitcoinParams {
  account?: string
  address?: string
  message?: string
  protocol?: string
  recipientAddress?: string
  amount?: string
  psbt?: string
  signInputs?: Array<{ address: string; index: number }>
  broadcast?: boolean
}
// sats-connect takes amounts as numbers of satoshis: exact below 2^53, far above the 21e14 satoshis there are.
const satoshis = (amount: string | undefined) => {
  if (!amount || !/^\d+$/.test(amount) || !Number.isSafeInteger(Number(amount)))
    throw new FoyerError(`Invalid amount in satoshis: ${amount}`, { code: 'INVALID_AMOUNT', category: 'WALLET' })
  return Number(amount)
}
type Listener = (e: { type?: string; addresses?: SatsAddress[]; bitcoin?: { name?: string } }) => void

/** Creates the Bitcoin adapter over the plugin's WBIP004 discovery (`bitcoinWatch`). */
export function createBitcoinAdapter(win: Window, env: BitcoinEnv, watch: ConnectorWatch<string>): BitcoinAdapter {
  const call = async <T>(connectorId: string, method: string, params: unknown): Promise<T> => {
    if (watch.get(connectorId) === undefined)
      throw FoyerError.of('noConnectorForConnection', { reason: connectorId, category: 'WALLET' })
    const { request } = await import('sats-connect')
    const res = await (request as unknown as Loose)(method, params, providerIdOf(connectorId))
    if (res.status === 'error') throw bitcoinError(res.error)
    return res.result as T
  }
  const unsupported = (e: unknown) =>
    [BitcoinErrorCodes.methodNotSupported, BitcoinErrorCodes.methodNotFound].includes(
      (e as { code?: number }).code as never,
    )
  const toConnection = async (
    connectorId: string,
    r: AccountResult | SatsAddress[],
  ): Promise<AdapterConnection | undefined> => {
    const accounts = orderAccounts(Array.isArray(r) ? r : r.addresses)
    if (!accounts.length) return undefined
    let name = Array.isArray(r) ? undefined : r.network?.bitcoin?.name
    if (!name)
      name = await call<AccountResult['network']>(connectorId, 'wallet_getNetwork', null).then(
        (n) => n?.bitcoin?.name,
        () => undefined,
      )
    const network = caipOfBitcoinNetwork(name) ?? caipOfAddress(accounts[0].address)
    return { address: accounts[0].address, caipNetworkId: assertSupportedChain(network, env.networks()), accounts }
  }
  const providerObject = (connectorId: string) =>
    providerIdOf(connectorId)
      .split('.')
      .reduce<any>((o, k) => o?.[k], win) as
      { addListener?: (i: { eventName: string; cb: Listener }) => () => void } | undefined

  return {
    namespace: 'bip122',
    watchConnectors: (onChange) => watch.watch(onChange),
    waitFor: (connectorId, timeoutMs) => watch.waitFor(connectorId, timeoutMs),
    async connect(connectorId) {
      const purposes = ['payment', 'ordinals']
      const r = await call<AccountResult>(connectorId, 'wallet_connect', { addresses: purposes }).catch(async (e) => {
        if (!unsupported(e)) throw e
        return call<SatsAddress[]>(connectorId, 'getAccounts', { purposes })
      })
      try {
        const c = await toConnection(connectorId, r)
        if (!c)
          throw FoyerError.of('connectionRejected', {
            reason: 'the wallet returned no Bitcoin address',
            category: 'WALLET',
          })
        return c
      } catch (error) {
        await call(connectorId, 'wallet_disconnect', null).catch(() => undefined)
        throw error
      }
    },
    async reconnect(connectorId) {
      const r = await call<AccountResult>(connectorId, 'wallet_getAccount', null).catch(() => undefined)
      return r ? toConnection(connectorId, r).catch(() => undefined) : undefined
    },
    async switchNetwork(connectorId, network) {
      const name = bitcoinNetworkName(network.caipNetworkId)
      if (!name || !env.networks().includes(network.caipNetworkId))
        throw FoyerError.of('bitcoinChainsUnsupported', { category: 'WALLET' })
      await call(connectorId, 'wallet_changeNetwork', { name })
    },
    async disconnect(connectorId) {
      await call(connectorId, 'wallet_disconnect', null).catch(() => undefined)
    },
    subscribe(connectorId, events) {
      const p = providerObject(connectorId)
      if (typeof p?.addListener !== 'function') return () => {}
      const offs = [
        p.addListener({
          eventName: 'accountChange',
          cb: (e) => events.accountsChanged(orderAccounts(e?.addresses).map((a) => a.address)),
        }),
        p.addListener({
          eventName: 'networkChange',
          cb: (e) => {
            const id = caipOfBitcoinNetwork(e?.bitcoin?.name)
            if (id) events.chainChanged(id)
          },
        }),
        p.addListener({ eventName: 'disconnect', cb: () => events.disconnected() }),
      ]
      return () => {
        for (const off of offs) if (typeof off === 'function') off()
      }
    },
    // WalletConnect's bip122 calls, answered through sats-connect's methods of the same purpose.
    async request(connectorId, { method, params }) {
      const p = (params ?? {}) as WalletConnectBitcoinParams
      if (method === 'signMessage') {
        const r = await call<{ signature?: unknown; address?: unknown; messageHash?: unknown }>(
          connectorId,
          'signMessage',
          {
            address: p.address ?? p.account,
            message: p.message,
            ...(p.protocol ? { protocol: p.protocol.toUpperCase() } : {}),
          },
        )
        if (typeof r?.signature !== 'string')
          throw FoyerError.of('signMessageFailed', { reason: 'the wallet returned no signature', category: 'WALLET' })
        // sats-connect wallets answer base64 where WalletConnect's reference says hex; bitcoin.requests.ts takes both.
        return r
      }
      if (method === 'sendTransfer')
        return call(connectorId, 'sendTransfer', {
          recipients: [{ address: p.recipientAddress, amount: satoshis(p.amount) }],
        })
      if (method === 'signPsbt') {
        const signInputs: Record<string, number[]> = {}
        for (const i of p.signInputs ?? []) (signInputs[i.address] ??= []).push(i.index)
        return call(connectorId, 'signPsbt', { psbt: p.psbt, signInputs, broadcast: !!p.broadcast })
      }
      throw new FoyerError(`Method not supported: ${method}`, { code: 4200, category: 'WALLET' })
    },
  }
}
