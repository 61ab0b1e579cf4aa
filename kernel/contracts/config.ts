// The serializable part of the host's options that rules depend on (namespaces, platform, features, legal links).
import { definePlugin } from '../plugin.js'

/** A configured network as the UI needs it (CAIP-2 id, name, currency). */
export interface NetworkInfo {
  caipNetworkId: string
  name: string
  chainNamespace: string
  nativeSymbol: string
  testnet?: boolean
  imageUrl?: string
  /** The block explorer's base URL (transactions at `<url>/tx/<hash>`), where the network has one. */
  explorerUrl?: string
}

/** The `config` slice. */
export interface ConfigState {
  projectId: string
  networks: NetworkInfo[]
  /** CAIP-2 id of the network to start on when the visitor has not chosen one (default: the first network). */
  defaultNetwork?: string
  /** Namespaces with an adapter (SPEC §2 no-adapter rule). */
  namespaces: string[]
  mobile: boolean
  features: Record<string, unknown>
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
  metadata?: { name: string; description?: string; url?: string; icons?: string[] }
  /** SPEC §3 basic mode: no remote config, every remote feature off. */
  basic?: boolean
  /** SPEC §9 `debug` (on unless false): alerts show in the alert bar, not only in the console. */
  debug?: boolean
}

declare module '../types.js' {
  interface KernelState {
    config: ConfigState
  }
  interface EventMap {
    'config/featuresChanged': { features: Record<string, unknown> }
    'config/namespaceAdded': { namespace: string }
    'config/namespaceRemoved': { namespace: string }
    /** A network was added after start (SPEC §5: checked as at start; its namespace has an adapter). */
    'config/networkAdded': { network: NetworkInfo }
    /** A network was removed after start. */
    'config/networkRemoved': { caipNetworkId: string }
  }
  // `networks/add` and `networks/remove` are the networks contract's (./networks.ts).
}

/** Builds the kernel-owned `config` slice from the host's options. */
export function configPlugin(initial: ConfigState) {
  return definePlugin({
    id: 'config',
    state: {
      init: (): ConfigState => initial,
      on: {
        'config/featuresChanged': (s, p) => {
          Object.assign(s.features, p.features)
        },
        'config/namespaceAdded': (s, p) => {
          if (!s.namespaces.includes(p.namespace)) s.namespaces.push(p.namespace)
        },
        'config/namespaceRemoved': (s, p) => {
          s.namespaces = s.namespaces.filter((n) => n !== p.namespace)
        },
        'config/networkAdded': (s, p) => {
          if (!s.networks.some((n) => n.caipNetworkId === p.network.caipNetworkId)) s.networks.push(p.network)
        },
        'config/networkRemoved': (s, p) => {
          s.networks = s.networks.filter((n) => n.caipNetworkId !== p.caipNetworkId)
          if (s.defaultNetwork === p.caipNetworkId) delete s.defaultNetwork
        },
      },
    },
  })
}
