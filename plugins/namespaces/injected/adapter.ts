// The EVM adapter for injected wallets (EIP-6963 and legacy window.ethereum) over raw EIP-1193 calls: no SDK needed.
import { FoyerError, UserRejectedError, isUserRejection } from '../../../kernel/index.js'
import type { AdapterConnection, ConnectorInfo, NamespaceAdapter } from '../adapter.js'
import type { ConnectorWatch } from '../watch.js'
import type { Eip1193Provider } from './discovery.js'
import { errorCode } from '../wallet-errors.js'

/** Switch-chain error codes that mean "add the chain first" (SPEC §4). */
export const AddChainCodes: readonly number[] = [4902, 5000, 32603, -32603]

const toHex = (n: number) => `0x${n.toString(16)}`
const caipOf = (hex: unknown) => `eip155:${Number.parseInt(String(hex), 16)}`
const rejection = (error: unknown) => (isUserRejection(error) ? new UserRejectedError(undefined, error) : undefined)

/** An injected-wallet adapter, with a way to wait for a connector to be announced. */
export interface InjectedAdapter extends NamespaceAdapter {
  /** Resolves true once `connectorId` is discovered, false after `timeoutMs`. */
  waitFor(connectorId: string, timeoutMs: number): Promise<boolean>
  connectors(): ConnectorInfo[]
}

/** Creates the EVM injected adapter over the plugin's EIP-6963 discovery (`injectedWatch`). */
export function createInjectedAdapter(watch: ConnectorWatch<Eip1193Provider>): InjectedAdapter {
  const providerOf = (id: string): Eip1193Provider => {
    const p = watch.get(id)
    if (!p) throw FoyerError.of('noConnectorForConnection', { reason: id, category: 'WALLET' })
    return p
  }
  const call = async <T>(p: Eip1193Provider, method: string, params?: unknown[]): Promise<T> =>
    (await p.request(params ? { method, params } : { method })) as T
  const session = async (
    p: Eip1193Provider,
    method: 'eth_requestAccounts' | 'eth_accounts',
  ): Promise<AdapterConnection | undefined> => {
    const accounts = await call<string[]>(p, method)
    if (!Array.isArray(accounts) || typeof accounts[0] !== 'string') return undefined
    return { address: accounts[0], caipNetworkId: caipOf(await call<string>(p, 'eth_chainId')) }
  }

  return {
    namespace: 'eip155',
    connectors: () => watch.connectors(),
    watchConnectors: (onChange) => watch.watch(onChange),
    waitFor: (connectorId, timeoutMs) => watch.waitFor(connectorId, timeoutMs),
    async connect(connectorId) {
      try {
        const c = await session(providerOf(connectorId), 'eth_requestAccounts')
        if (!c)
          throw FoyerError.of('connectionRejected', { reason: 'the wallet returned no account', category: 'WALLET' })
        return c
      } catch (error) {
        throw rejection(error) ?? error
      }
    },
    async reconnect(connectorId) {
      return session(providerOf(connectorId), 'eth_accounts')
    },
    async switchNetwork(connectorId, network) {
      const p = providerOf(connectorId)
      const chainId = toHex(Number(network.id))
      try {
        await call(p, 'wallet_switchEthereumChain', [{ chainId }])
        return
      } catch (error) {
        const r = rejection(error)
        if (r) throw r
        if (!AddChainCodes.includes(errorCode(error) ?? 0)) throw error
      }
      try {
        await call(p, 'wallet_addEthereumChain', [
          {
            chainId,
            chainName: network.name,
            nativeCurrency: network.nativeCurrency,
            rpcUrls: network.rpcUrls.default.http,
            blockExplorerUrls: network.blockExplorers ? [network.blockExplorers.default.url] : [],
            iconUrls: network.iconUrls ?? [],
          },
        ])
        // Most wallets switch when they add; asking again covers the ones that don't.
        await call(p, 'wallet_switchEthereumChain', [{ chainId }])
      } catch (error) {
        throw rejection(error) ?? FoyerError.of('chainNotSupported', { category: 'WALLET', cause: error })
      }
    },
    async disconnect(connectorId) {
      const p = watch.get(connectorId)
      // Not every wallet can revoke; the connection is forgotten on our side either way.
      await p?.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }).catch(() => undefined)
    },
    async request(connectorId, { method, params }) {
      // Injected wallets speak EIP-1193, whose method names WalletConnect's eip155 vocabulary shares.
      try {
        return await providerOf(connectorId).request({ method, params: params as unknown[] })
      } catch (error) {
        throw rejection(error) ?? error
      }
    },
    subscribe(connectorId, events) {
      const p = watch.get(connectorId)
      if (!p?.on) return () => {}
      const onAccounts = (a: unknown) =>
        events.accountsChanged(Array.isArray(a) ? a.filter((x): x is string => typeof x === 'string') : [])
      const onChain = (hex: unknown) => events.chainChanged(caipOf(hex))
      const onDisconnect = () => events.disconnected()
      p.on('accountsChanged', onAccounts)
      p.on('chainChanged', onChain)
      p.on('disconnect', onDisconnect)
      return () => {
        p.removeListener?.('accountsChanged', onAccounts)
        p.removeListener?.('chainChanged', onChain)
        p.removeListener?.('disconnect', onDisconnect)
      }
    },
  }
}
