// `foyer/wagmi`: Foyer as a wagmi 3 connector. Connecting in Foyer's modal connects wagmi (and wagmi's `connect`
// opens the modal), so every wagmi hook and action runs on the wallet the visitor chose there — injected, WalletConnect
// or embedded — through `foyer.getProvider('eip155')`. Only a page that imports this entry loads wagmi.
import {
  ChainNotConfiguredError,
  createConfig,
  createConnector,
  type Config,
  type CreateConfigParameters,
  type CreateConnectorFn,
} from 'wagmi'
import { custom, getAddress, type Chain, type Transport } from 'viem'
import type { Foyer } from './shell/createFoyer.js'
import { eip155View, type Eip1193Provider } from './shell/providers/eip155.js'

export type { Eip1193Provider } from './shell/providers/eip155.js'

/** The wagmi connector id of {@link foyerConnector}. */
export const FoyerConnectorId = 'foyer'

// While Foyer restores a stored connection at start-up (SPEC §4), the EVM namespace shows "connecting".
const restoring = (s: ReturnType<Foyer['getState']>) =>
  s.account.namespaces.eip155?.status === 'connecting' ||
  ['wallet/reconnect', 'auth/reconnect'].some((r) => (s.requests?.[r]?.pending ?? 0) > 0)

/** Resolves once Foyer has finished restoring a stored connection (at once when there is none). */
export function foyerRestored(foyer: Foyer): Promise<void> {
  return new Promise((resolve) => {
    if (!restoring(foyer.getState())) return resolve()
    const stop = foyer.subscribeState((s) => {
      if (restoring(s)) return
      stop()
      resolve()
    })
  })
}

/**
 * A wagmi connector for `foyer`: wagmi's `connect` opens Foyer's modal, a connection made in the modal (or restored
 * after a reload) connects wagmi, and disconnecting or switching on either side shows on the other.
 */
export function foyerConnector(foyer: Foyer): CreateConnectorFn<Eip1193Provider> {
  return createConnector<Eip1193Provider>((config) => {
    let seen = eip155View(foyer.getState())
    let stop: (() => void) | undefined
    const accountsOf = (address: string | undefined) => (address ? [getAddress(address)] : [])
    const chainOf = (chainId: number) => {
      const chain = config.chains.find((c) => c.id === chainId)
      if (!chain) throw new ChainNotConfiguredError()
      return chain
    }

    return {
      id: FoyerConnectorId,
      name: 'Foyer',
      type: 'foyer',
      async setup() {
        // Foyer is the source of truth: each change of its EVM connection becomes the wagmi event for it.
        stop ??= foyer.subscribeState((state) => {
          if (restoring(state)) return
          const next = eip155View(state, seen.chainId)
          const before = seen
          seen = next
          if (next.address && !before.address)
            config.emitter.emit('connect', { accounts: accountsOf(next.address), chainId: next.chainId ?? 1 })
          else if (!next.address && before.address) config.emitter.emit('disconnect')
          else if (next.address) {
            if (next.address !== before.address) config.emitter.emit('change', { accounts: accountsOf(next.address) })
            if (next.chainId !== before.chainId && next.chainId)
              config.emitter.emit('change', { chainId: next.chainId })
          }
        })
      },
      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        await foyerRestored(foyer)
        let view = eip155View(foyer.getState(), seen.chainId)
        if (!view.address && !isReconnecting) {
          await foyer.getProvider('eip155').request({ method: 'eth_requestAccounts' })
          view = eip155View(foyer.getState(), seen.chainId)
        }
        if (!view.address) throw new Error('Foyer has no EVM account connected')
        seen = view
        let current = view.chainId ?? config.chains[0].id
        if (chainId && chainId !== current && !isReconnecting) current = (await this.switchChain!({ chainId })).id
        const accounts = accountsOf(view.address)
        return {
          accounts: (withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts) as never,
          chainId: current,
        }
      },
      async disconnect() {
        await foyer.disconnect({ namespace: 'eip155' })
      },
      async getAccounts() {
        return accountsOf(eip155View(foyer.getState(), seen.chainId).address)
      },
      async getChainId() {
        return eip155View(foyer.getState(), seen.chainId).chainId ?? config.chains[0].id
      },
      async getProvider() {
        return foyer.getProvider('eip155')
      },
      async isAuthorized() {
        await foyerRestored(foyer)
        return !!eip155View(foyer.getState()).address
      },
      async switchChain({ chainId }) {
        const chain = chainOf(chainId)
        await foyer.getProvider('eip155').request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: `0x${chainId.toString(16)}` }],
        })
        config.emitter.emit('change', { chainId })
        return chain
      },
      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
      },
      onChainChanged(chainId) {
        config.emitter.emit('change', { chainId: Number(chainId) })
      },
      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  })
}

/** A viem transport reading chain `chainId` through Foyer's RPC settings (the project's RPC URLs, retry, batching). */
export function foyerTransport(foyer: Foyer, chainId: number): Transport {
  return custom(
    {
      request: ({ method, params }) =>
        foyer.kernel.request('chain/read', { caipNetworkId: `eip155:${chainId}`, method, params: params ?? [] }),
    },
    { retryCount: 0 },
  )
}

/** The options of {@link foyerWagmiConfig}: wagmi's, with `transports` optional (default: {@link foyerTransport}). */
export type FoyerWagmiConfigOptions<chains extends readonly [Chain, ...Chain[]]> = Omit<
  CreateConfigParameters<chains>,
  'transports' | 'connectors'
> & { foyer: Foyer; transports?: Record<chains[number]['id'], Transport> }

/** A wagmi config whose one connector is Foyer's (reads go through Foyer's RPC settings unless `transports` says). */
export function foyerWagmiConfig<const chains extends readonly [Chain, ...Chain[]]>(
  options: FoyerWagmiConfigOptions<chains>,
): Config<chains> {
  const { foyer, transports, ...rest } = options
  const all = Object.fromEntries(
    rest.chains.map((c) => [c.id, transports?.[c.id as chains[number]['id']] ?? foyerTransport(foyer, c.id)]),
  )
  return createConfig({
    ...rest,
    connectors: [foyerConnector(foyer)],
    transports: all,
  } as unknown as CreateConfigParameters<chains>)
}
