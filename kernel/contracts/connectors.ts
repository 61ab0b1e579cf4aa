// The wallets the page can connect to, as plain data every surface reads (the wallet list, the connect-method order,
// the host's useWalletInfo). Discovery lives in the namespaces plugin; it reports here with `connectors/discovered`.
import { definePlugin } from '../plugin.js'
import type { KernelState } from '../types.js'

/** SPEC §3 connector types. */
export type ConnectorType = 'ANNOUNCED' | 'INJECTED' | 'EXTERNAL' | 'MULTI_CHAIN' | 'AUTH' | 'WALLET_CONNECT'

/** SPEC §3 connector `info`: what the wallet said about itself (EIP-6963 announcements carry both). */
export interface ConnectorWalletInfo {
  rdns?: string
  /** Untrusted, as announced; rendered only through the same checks as `imageUrl`. */
  icon?: string
}

/**
 * A wallet that can connect here, as plain data (SPEC §3 "Connector"; the live provider stays in the plugin that
 * talks to it). Types: ANNOUNCED (EIP-6963, Wallet Standard, WBIP004), INJECTED (legacy `window.ethereum`), EXTERNAL
 * (a host's own wallet, the `connectors` option), WALLET_CONNECT, AUTH (the embedded wallet) and MULTI_CHAIN (one
 * connector serving several namespaces: `chains` spans them).
 */
export interface ConnectorInfo {
  /** Stable id: the EIP-6963 rdns when announced, else an adapter-chosen id (e.g. `injected`). */
  id: string
  name: string
  type: ConnectorType
  /** SPEC §3 "chain": the namespace it connects in. */
  namespace: string
  /** SPEC §3 "chains": the CAIP-2 networks it serves, when it says (none: every configured one of `namespace`). */
  chains?: string[]
  rdns?: string
  /** Untrusted: only http(s)/data:image URLs are ever rendered. */
  imageUrl?: string
  /** SPEC §3 imageId: the registry's image id (the API serves it at `/v1/wallets/{imageId}/image`). */
  imageId?: string
  /** SPEC §3 explorerId: the wallet's id in the wallet registry (64 hex digits), when it is listed there. */
  explorerId?: string
  info?: ConnectorWalletInfo
  /** MULTI_CHAIN only: the connector of each namespace it serves (one each), which is what connects. */
  connectors?: ConnectorInfo[]
  /** Listed by a connector a plugin registered (`wallet/registerConnector`, connector.ts): discovery keeps it. */
  registered?: boolean
}

/** The `connectors` slice: every connector found, by namespace order of discovery. */
export interface ConnectorsState {
  list: ConnectorInfo[]
}

declare module '../types.js' {
  interface KernelState {
    connectors: ConnectorsState
  }
  interface EventMap {
    /** Discovery's full list of one namespace's connectors changed (registered ones stay). */
    'connectors/discovered': { namespace: string; connectors: ConnectorInfo[] }
    /** Connectors a transport provides rather than discovers (WALLET_CONNECT, AUTH) became known or changed. */
    'connectors/registered': { connectors: ConnectorInfo[] }
  }
}

/** Types a transport registers (`connectors/registered`); discovery reports every other type. */
export const RegisteredConnectorTypes: readonly ConnectorType[] = ['WALLET_CONNECT', 'AUTH']

/** `list` with `added` in place of the entries of the same id and namespace. */
const withConnectors = (list: ConnectorInfo[], added: ConnectorInfo[]) => [
  ...list.filter((c) => !added.some((n) => n.id === c.id && n.namespace === c.namespace)),
  ...added,
]

/** The connector with `id`, when one is known. */
export function connectorById(state: KernelState, id: string | undefined): ConnectorInfo | undefined {
  return id ? state.connectors.list.find((c) => c.id === id) : undefined
}

/** The kernel-owned `connectors` slice. */
export const connectorsPlugin = definePlugin({
  id: 'connectors',
  state: {
    init: (): ConnectorsState => ({ list: [] }),
    on: {
      'connectors/discovered': (s, p) => {
        const kept = s.list.filter(
          (c) => c.namespace !== p.namespace || RegisteredConnectorTypes.includes(c.type) || c.registered,
        )
        s.list = withConnectors(kept, p.connectors)
      },
      'connectors/registered': (s, p) => {
        s.list = withConnectors(s.list, p.connectors)
      },
    },
  },
})
