// The WalletConnect connector (MULTI_CHAIN): one universal provider per kernel, `import()`ed on first use, pointed at
// the host's relay. It hands out pairings and per-namespace adapter views of the session. Live objects stay here.
import { addressOf, FoyerError, networkOfAddress } from '../../../kernel/index.js'
import type { AdapterConnection, NamespaceAdapter, WalletRpcCall } from '../adapter.js'
import { walletError } from '../wallet-errors.js'
import type { ProposalNamespace } from './proposal.js'
import { ProviderInitFailed } from './provider-alerts.js'
import { WalletConnectId } from './wc.state.js'

/** The connector id WalletConnect sessions are stored under (defined beside the slice, which the list chunk carries). */
export { WalletConnectId }

/** Options the connector reads from the host's options. */
export interface WalletConnectOptions {
  projectId: string
  relayUrl?: string
  metadata?: { name: string; description: string; url: string; icons: string[] }
}

type Provider = InstanceType<typeof import('@walletconnect/universal-provider').UniversalProvider>
type Session = NonNullable<Provider['session']>

/** One pairing attempt: the URI once the relay accepted it, and the session once the wallet approved. */
export interface PairingAttempt {
  uri: Promise<string>
  session: Promise<Session>
  /** One-click auth: the sign-in texts the wallet signed with the session (none when it answered the fallback). */
  signIns: Promise<Array<{ message: string; signature: string }>>
}

/** One-click auth (a proposal's `authentication` request): the CAIP-122 fields and chains the wallet signs for. */
export interface OneClickAuth {
  domain: string
  uri: string
  nonce: string
  chains: string[]
  /** Seconds the request stays valid. */
  ttl: number
  exp?: string
  nbf?: string
  statement?: string
  requestId?: string
  resources?: string[]
}

/** A session's account per namespace (CAIP-10 split into address and chain). */
export type SessionConnections = Array<{ namespace: string; connection: AdapterConnection }>

/** The session's connections, one per namespace (its first account on the default or first chain). */
export function connectionsOf(
  session: Pick<Session, 'namespaces'>,
  preferredChain?: (ns: string) => string | undefined,
): SessionConnections {
  const out: SessionConnections = []
  for (const [namespace, ns] of Object.entries(session.namespaces)) {
    const accounts = ns.accounts ?? []
    const want = preferredChain?.(namespace)
    const account = accounts.find((a) => want && a.startsWith(`${want}:`)) ?? accounts[0]
    if (!account) continue
    const address = addressOf(account)
    const caipNetworkId = networkOfAddress(account)
    if (address && caipNetworkId) out.push({ namespace, connection: { address, caipNetworkId } })
  }
  return out
}

/** Creates the connector; nothing is downloaded until {@link WalletConnectConnector.pair} or a restore needs it. */
export function createWalletConnectConnector(options: () => WalletConnectOptions) {
  let provider: Promise<Provider> | undefined
  const listeners = new Set<() => void>()

  const load = (): Promise<Provider> =>
    (provider ??= (async () => {
      // The SDK's browser bundle reads a Node-style `global`.
      const g = globalThis as { global?: unknown }
      g.global ??= globalThis
      const { UniversalProvider } = await import('@walletconnect/universal-provider')
      const o = options()
      const p = await UniversalProvider.init({
        projectId: o.projectId,
        ...(o.relayUrl ? { relayUrl: o.relayUrl } : {}),
        metadata: o.metadata ?? { name: document.title || 'Foyer', description: '', url: location.origin, icons: [] },
        telemetryEnabled: false,
        disableProviderPing: true,
        logger: 'silent',
        customStoragePrefix: 'foyer',
      })
      // Nothing leaves for a vendor: the SDK's Verify client would load WalletConnect's attestation frame with the
      // project id and page origin on every pairing. Its development switch turns register and resolve off (the
      // wallet then shows the domain as unverified, as for any dapp without Verify).
      ;(p.client.core.verify as unknown as { isDevEnv: boolean }).isDevEnv = true
      return p
    })().catch((error: unknown) => {
      provider = undefined
      // The provider did not start (SPEC §8): marked so the pairing reports it; the SDK's text stays in the message,
      // where the SPEC §8 alerts look for it.
      const text = error instanceof Error ? error.message : String(error)
      throw new FoyerError(`WalletConnect could not start: ${text}`, {
        code: ProviderInitFailed,
        category: 'INTERNAL_SDK_ERROR',
        cause: error,
      })
    }))

  /**
   * Starts a pairing for `optionalNamespaces`, or with `auth` a one-click sign-in (the wallet signs the message and
   * opens the session in one step); a new call replaces the pending one (the SDK drops old pairings).
   */
  const pair = (optionalNamespaces: Record<string, ProposalNamespace>, auth?: OneClickAuth): PairingAttempt => {
    let gotUri!: (uri: string) => void
    const uri = new Promise<string>((resolve) => {
      gotUri = resolve
    })
    const result = load().then(async (p) => {
      const onUri = (u: string) => gotUri(u)
      p.once('display_uri', onUri)
      try {
        const s = await p.connect({ optionalNamespaces, ...(auth ? { authentication: [auth] } : {}) })
        if (!s) throw FoyerError.of('connectFailed', { category: 'WALLET' })
        // The text a wallet signed is the SDK's rendering of its CACAO payload (EIP-4361); none when it ignored the ask.
        const signIns = (s.authentication ?? []).map((c) => ({
          message: p.client.formatAuthMessage({ request: c.p, iss: c.p.iss }),
          signature: c.s.s,
        }))
        return { session: s, signIns }
      } finally {
        p.removeListener('display_uri', onUri)
      }
    })
    const session = result.then((r) => r.session)
    // Read only once the session is approved: a failed pairing is reported through `session`, not twice.
    const signIns = result.then((r) => r.signIns)
    signIns.catch(() => undefined)
    return {
      uri: Promise.race([uri, session.then(() => new Promise<string>(() => {}))]),
      session,
      signIns,
    }
  }

  /** Forgets the provider so the next pairing starts from a fresh socket (after a relay failure). */
  const reset = () => {
    provider = undefined
  }

  const current = async () => (provider ? provider.catch(() => undefined) : undefined)

  /** The session's namespace, or a failure when there is no session for it. */
  const sessionOf = async (namespace: string) => {
    const p = await current()
    const ns = p?.session?.namespaces[namespace]
    if (!p || !ns) throw FoyerError.of('walletConnectConnectorNotFound', { reason: namespace, category: 'WALLET' })
    return { p, ns }
  }
  /** Sends a call over the session, to the chain it names (or the session's first chain of the namespace). */
  const request = async (namespace: string, { method, params, caipNetworkId }: WalletRpcCall): Promise<unknown> => {
    const { p, ns } = await sessionOf(namespace)
    // A method the wallet did not approve would only come back as the SDK's own error, later.
    if (!ns.methods.includes(method))
      throw new FoyerError(`The wallet did not approve ${method}`, { code: 4200, category: 'WALLET' })
    const chains = ns.chains ?? ns.accounts.map((a) => networkOfAddress(a) ?? '')
    const chain = chains.includes(caipNetworkId) ? caipNetworkId : chains[0]
    try {
      return await p.request({ method, params: params as object }, chain)
    } catch (error) {
      throw walletError(namespace, error)
    }
  }
  /** The adapter view of the session for one namespace. */
  const adapter = (namespace: string): NamespaceAdapter => ({
    namespace,
    watchConnectors: () => () => {},
    connect: () => Promise.reject(FoyerError.of('walletConnectConnectorNotFound', { category: 'WALLET' })),
    async reconnect() {
      const p = await load()
      return p.session ? connectionsOf(p.session).find((c) => c.namespace === namespace)?.connection : undefined
    },
    async switchNetwork(_id, network) {
      const { p, ns } = await sessionOf(namespace)
      if (!ns.accounts.some((a) => a.startsWith(`${network.caipNetworkId}:`)))
        throw FoyerError.of('chainNotSupported', { category: 'WALLET' })
      // Requests name their chain, so a chain the session approved needs no wallet round trip (as the SDK does).
      p.setDefaultChain(network.caipNetworkId)
    },
    async disconnect() {
      const p = await current()
      if (p?.session) await p.disconnect()
    },
    subscribe(_id, events) {
      let stop = () => {}
      void current().then((p) => {
        if (!p) return
        const onDelete = () => events.disconnected()
        const onAccounts = (a: unknown) => {
          if (namespace === 'eip155' && Array.isArray(a))
            events.accountsChanged(a.filter((x): x is string => typeof x === 'string'))
        }
        // The provider names the new chain by its reference only; it is ours when the session lists it here.
        const onChain = (reference: unknown) => {
          const id = `${namespace}:${String(reference)}`
          if (p.session?.namespaces[namespace]?.accounts.some((a) => a.startsWith(`${id}:`))) events.chainChanged(id)
        }
        p.on('session_delete', onDelete)
        p.on('accountsChanged', onAccounts)
        p.on('chainChanged', onChain)
        stop = () => {
          p.removeListener('session_delete', onDelete)
          p.removeListener('accountsChanged', onAccounts)
          p.removeListener('chainChanged', onChain)
        }
        listeners.add(stop)
      })
      return () => {
        stop()
        listeners.delete(stop)
      }
    },
    request: (_id, call) => request(namespace, call),
  })
  /** The provider's default chain for `caipNetworkId` (SPEC §4: WalletConnect sessions set the default chain). */
  const setDefaultChain = async (caipNetworkId: string) => {
    ;(await current())?.setDefaultChain(caipNetworkId)
  }

  const dispose = () => {
    for (const l of [...listeners]) l()
    listeners.clear()
  }
  return { pair, reset, adapter, setDefaultChain, dispose }
}

/** The connector type. */
export type WalletConnectConnector = ReturnType<typeof createWalletConnectConnector>
