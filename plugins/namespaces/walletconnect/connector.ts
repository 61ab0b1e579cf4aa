// The WalletConnect connector (MULTI_CHAIN): one universal provider per kernel, `import()`ed on first use, pointed at
// the host's relay. It hands out pairings and per-namespace adapter views of the session. Live objects stay here.
import { addressOf, FoyerError, networkOfAddress } from '../../../kernel/index.js'
import type { AdapterConnection, NamespaceAdapter } from '../adapter.js'
import type { ProposalNamespace } from './proposal.js'

/** The connector id WalletConnect sessions are stored under. */
export const WalletConnectId = 'walletConnect'

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

const toHex = (text: string) =>
  `0x${[...new TextEncoder().encode(text)].map((b) => b.toString(16).padStart(2, '0')).join('')}`

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
      return UniversalProvider.init({
        projectId: o.projectId,
        ...(o.relayUrl ? { relayUrl: o.relayUrl } : {}),
        metadata: o.metadata ?? { name: document.title || 'Foyer', description: '', url: location.origin, icons: [] },
        telemetryEnabled: false,
        disableProviderPing: true,
        logger: 'silent',
        customStoragePrefix: 'foyer',
      })
    })().catch((error: unknown) => {
      provider = undefined
      throw error
    }))

  /** Starts a pairing for `optionalNamespaces`; a new call replaces the pending one (the SDK drops old pairings). */
  const pair = (optionalNamespaces: Record<string, ProposalNamespace>): PairingAttempt => {
    let gotUri!: (uri: string) => void
    const uri = new Promise<string>((resolve) => {
      gotUri = resolve
    })
    const session = load().then(async (p) => {
      const onUri = (u: string) => gotUri(u)
      p.once('display_uri', onUri)
      try {
        const s = await p.connect({ optionalNamespaces })
        if (!s) throw FoyerError.of('connectFailed', { category: 'WALLET' })
        return s
      } finally {
        p.removeListener('display_uri', onUri)
      }
    })
    return { uri: Promise.race([uri, session.then(() => new Promise<string>(() => {}))]), session }
  }

  /** Forgets the provider so the next pairing starts from a fresh socket (after a relay failure). */
  const reset = () => {
    provider = undefined
  }

  const current = async () => (provider ? provider.catch(() => undefined) : undefined)

  /** Signs `message` with the session account (eip155: personal_sign). */
  const signMessage = async (namespace: string, address: string, message: string): Promise<string> => {
    const p = await current()
    const ns = p?.session?.namespaces[namespace]
    if (!p || !ns) throw FoyerError.of('signMessageFailed', { reason: 'no WalletConnect session', category: 'WALLET' })
    const chain = networkOfAddress(ns.accounts.find((a) => addressOf(a) === address)) ?? ns.chains?.[0]
    if (namespace !== 'eip155')
      throw FoyerError.of('signMessageFailed', { reason: `${namespace} over WalletConnect`, category: 'WALLET' })
    return p.request<string>({ method: 'personal_sign', params: [toHex(message), address] }, chain)
  }

  /** The adapter view of the session for one namespace. */
  const adapter = (
    namespace: string,
  ): NamespaceAdapter & { signMessage: (id: string, address: string, message: string) => Promise<string> } => ({
    namespace,
    watchConnectors: () => () => {},
    connect: () => Promise.reject(FoyerError.of('walletConnectConnectorNotFound', { category: 'WALLET' })),
    async reconnect() {
      const p = await load()
      return p.session ? connectionsOf(p.session).find((c) => c.namespace === namespace)?.connection : undefined
    },
    async switchNetwork(_id, network) {
      const p = await current()
      const ns = p?.session?.namespaces[namespace]
      if (!p || !ns?.accounts.some((a) => a.startsWith(`${network.caipNetworkId}:`)))
        throw FoyerError.of('chainNotSupported', { category: 'WALLET' })
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
        p.on('session_delete', onDelete)
        p.on('accountsChanged', onAccounts)
        stop = () => {
          p.removeListener('session_delete', onDelete)
          p.removeListener('accountsChanged', onAccounts)
        }
        listeners.add(stop)
      })
      return () => {
        stop()
        listeners.delete(stop)
      }
    },
    signMessage: (_id, address, message) => signMessage(namespace, address, message),
  })

  /** The provider's default chain for `caipNetworkId` (SPEC §4: WalletConnect sessions set the default chain). */
  const setDefaultChain = async (caipNetworkId: string) => {
    ;(await current())?.setDefaultChain(caipNetworkId)
  }

  const dispose = () => {
    for (const l of [...listeners]) l()
    listeners.clear()
  }
  return { pair, reset, adapter, setDefaultChain, signMessage, dispose }
}

/** The connector type. */
export type WalletConnectConnector = ReturnType<typeof createWalletConnectConnector>
