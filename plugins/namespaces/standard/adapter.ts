// The Solana adapter: Wallet Standard wallets (standard:connect / disconnect / events, solana:sign*) — no SDK needed.
import { FoyerError, UserRejectedError, isUserRejection } from '../../../kernel/index.js'
import type { AdapterConnection, NamespaceAdapter } from '../adapter.js'
import type { ConnectorWatch } from '../watch.js'
import { solana } from '../networks.js'
import { decodeBase58, encodeBase58, fromBase64, toBase64 } from '../../../protocol/base58.js'
import { standardChain, type StandardAccount, type StandardWallet } from './standard.js'

/** What the adapter reads from the kernel: configured Solana networks and the active network. */
export interface SolanaEnv {
  networks(): string[]
  active(): string | undefined
}

/** The Solana adapter. */
export interface SolanaAdapter extends NamespaceAdapter {
  waitFor(connectorId: string, timeoutMs: number): Promise<boolean>
}

type Feature<K extends string, F> = { [k in K]: F }
type ConnectFeature = Feature<
  'connect',
  (input?: { silent?: boolean }) => Promise<{ accounts?: readonly StandardAccount[] }>
>
type SignMessageFeature = Feature<
  'signMessage',
  (...i: Array<{ account: StandardAccount; message: Uint8Array }>) => Promise<Array<{ signature: Uint8Array }>>
>
type SignTxFeature = Feature<
  'signTransaction',
  (
    ...i: Array<{ account: StandardAccount; transaction: Uint8Array; chain?: string }>
  ) => Promise<Array<{ signedTransaction: Uint8Array }>>
>
type SendTxFeature = Feature<
  'signAndSendTransaction',
  (
    ...i: Array<{ account: StandardAccount; transaction: Uint8Array; chain: string }>
  ) => Promise<Array<{ signature: Uint8Array }>>
>
type SignInFeature = Feature<
  'signIn',
  (
    ...i: Array<Record<string, unknown>>
  ) => Promise<Array<{ account: StandardAccount; signedMessage: Uint8Array; signature: Uint8Array }>>
>
type EventsFeature = Feature<
  'on',
  (
    event: 'change',
    fn: (p: { accounts?: readonly StandardAccount[]; chains?: readonly string[] }) => void,
  ) => () => void
>

const rejection = (error: unknown) => (isUserRejection(error) ? new UserRejectedError(undefined, error) : undefined)
const solanaAccounts = (accounts: readonly StandardAccount[] | undefined) =>
  (accounts ?? []).filter(
    (a) => typeof a?.address === 'string' && (!a.chains?.length || a.chains.some((c) => c.startsWith('solana:'))),
  )

/** Creates the Solana adapter over the plugin's Wallet Standard discovery (`standardWatch`). */
export function createSolanaAdapter(env: SolanaEnv, watch: ConnectorWatch<StandardWallet>): SolanaAdapter {
  const networks = new Map<string, string>()
  const walletOf = (id: string): StandardWallet => {
    const w = watch.get(id)
    if (!w) throw FoyerError.of('noConnectorForConnection', { reason: id, category: 'WALLET' })
    return w
  }
  const feature = <F>(w: StandardWallet, name: string): F => {
    const f = w.features[name] as F | undefined
    if (!f) throw new FoyerError(`${w.name} does not support ${name}`, { code: 4200, category: 'WALLET' })
    return f
  }
  const accountOf = (w: StandardWallet, address: string): StandardAccount => {
    const a = w.accounts.find((x) => x.address === address)
    if (!a) throw FoyerError.of('noActiveCaipAddress', { reason: address, category: 'WALLET' })
    return a
  }
  // The wallet has no "current chain": use the active network when the wallet lists it, else the first configured
  // one it lists.
  const pickNetwork = (w: StandardWallet): string => {
    const listed = (id: string) => {
      const c = standardChain(id)
      return !!c && w.chains.includes(c)
    }
    const active = env.active()
    if (active?.startsWith('solana:') && listed(active)) return active
    return env.networks().find(listed) ?? env.networks()[0] ?? solana.caipNetworkId
  }
  const session = async (id: string, silent: boolean): Promise<AdapterConnection | undefined> => {
    const w = walletOf(id)
    const result = await feature<ConnectFeature>(w, 'standard:connect').connect(silent ? { silent: true } : undefined)
    const accounts = solanaAccounts(result?.accounts?.length ? result.accounts : w.accounts)
    if (!accounts.length) return undefined
    const caipNetworkId = pickNetwork(w)
    networks.set(id, caipNetworkId)
    return {
      address: accounts[0].address,
      caipNetworkId,
      accounts: accounts.map((a) => ({ address: a.address, type: 'eoa' as const })),
    }
  }
  const chainOf = (id: string) => standardChain(networks.get(id) ?? pickNetwork(walletOf(id))) ?? 'solana:mainnet'

  return {
    namespace: 'solana',
    watchConnectors: (onChange) => watch.watch(onChange),
    waitFor: (connectorId, timeoutMs) => watch.waitFor(connectorId, timeoutMs),
    async connect(connectorId) {
      try {
        const c = await session(connectorId, false)
        if (!c)
          throw FoyerError.of('connectionRejected', {
            reason: 'the wallet returned no Solana account',
            category: 'WALLET',
          })
        return c
      } catch (error) {
        throw rejection(error) ?? error
      }
    },
    reconnect: (connectorId) => session(connectorId, true).catch(() => undefined),
    // Sign In With Solana: the wallet connects and signs the CAIP-122 text it writes from these fields, in one prompt.
    async signIn(connectorId, fields) {
      const w = walletOf(connectorId)
      const f = w.features['solana:signIn'] as Partial<SignInFeature> | undefined
      if (typeof f?.signIn !== 'function') return undefined
      const caipNetworkId = pickNetwork(w)
      const d = await fields(caipNetworkId)
      const input = Object.fromEntries(
        Object.entries({
          domain: d.domain,
          statement: d.statement,
          uri: d.uri,
          version: d.version,
          chainId: caipNetworkId.split(':')[1],
          nonce: d.nonce,
          issuedAt: d.issuedAt,
          expirationTime: d.expirationTime,
          notBefore: d.notBefore,
          requestId: d.requestId,
          resources: d.resources,
        }).filter(([, v]) => v !== undefined),
      )
      try {
        const [out] = await f.signIn(input)
        const [account] = solanaAccounts(out?.account ? [out.account] : [])
        if (!account)
          throw FoyerError.of('connectionRejected', {
            reason: 'the wallet signed in no Solana account',
            category: 'WALLET',
          })
        networks.set(connectorId, caipNetworkId)
        return {
          connection: {
            address: account.address,
            caipNetworkId,
            accounts: [{ address: account.address, type: 'eoa' }],
          },
          message: new TextDecoder().decode(out.signedMessage),
          signature: encodeBase58(out.signature),
        }
      } catch (error) {
        throw rejection(error) ?? error
      }
    },
    async switchNetwork(connectorId, network) {
      const chain = standardChain(network.caipNetworkId)
      if (!chain || !walletOf(connectorId).chains.includes(chain))
        throw FoyerError.of('chainNotSupported', { reason: network.name, category: 'WALLET' })
      networks.set(connectorId, network.caipNetworkId)
    },
    async disconnect(connectorId) {
      const f = watch.get(connectorId)?.features['standard:disconnect'] as
        { disconnect?: () => Promise<void> } | undefined
      networks.delete(connectorId)
      await f?.disconnect?.().catch(() => undefined)
    },
    subscribe(connectorId, events) {
      const f = watch.get(connectorId)?.features['standard:events'] as Partial<EventsFeature> | undefined
      if (typeof f?.on !== 'function') return () => {}
      return f.on('change', (p) => {
        if (p?.accounts) events.accountsChanged(solanaAccounts(p.accounts).map((a) => a.address))
      })
    },
    // WalletConnect's solana_* calls, answered with the Wallet Standard features they correspond to.
    async request(connectorId, { method, params, caipNetworkId }) {
      const w = walletOf(connectorId)
      const p = (params ?? {}) as { message?: string; pubkey?: string; transaction?: string }
      const account = accountOf(w, p.pubkey ?? w.accounts[0]?.address ?? '')
      const chain = standardChain(caipNetworkId) ?? chainOf(connectorId)
      try {
        if (method === 'solana_signMessage') {
          const [out] = await feature<SignMessageFeature>(w, 'solana:signMessage').signMessage({
            account,
            message: decodeBase58(p.message ?? ''),
          })
          return { signature: encodeBase58(out.signature) }
        }
        const transaction = fromBase64(p.transaction ?? '')
        if (method === 'solana_signTransaction') {
          const [out] = await feature<SignTxFeature>(w, 'solana:signTransaction').signTransaction({
            account,
            transaction,
            chain,
          })
          return { transaction: toBase64(out.signedTransaction) }
        }
        if (method === 'solana_signAndSendTransaction') {
          const [out] = await feature<SendTxFeature>(w, 'solana:signAndSendTransaction').signAndSendTransaction({
            account,
            transaction,
            chain,
          })
          return { signature: encodeBase58(out.signature) }
        }
      } catch (error) {
        throw rejection(error) ?? error
      }
      throw new FoyerError(`${w.name} does not support ${method}`, { code: 4200, category: 'WALLET' })
    },
  }
}
