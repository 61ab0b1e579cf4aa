// The wallets the page can connect to, as plain data every surface reads (the wallet list, the connect-method order,
// the host's useWalletInfo). Discovery lives in the namespaces plugin; it reports here with `connectors/discovered`.
import { definePlugin } from '../plugin.js'
import type { KernelState } from '../types.js'

/** SPEC §3 connector types. */
export type ConnectorType = 'ANNOUNCED' | 'INJECTED' | 'EXTERNAL' | 'MULTI_CHAIN' | 'AUTH' | 'WALLET_CONNECT'

/** A wallet that can connect here, as plain data (SPEC §3 "Connector"). */
export interface ConnectorInfo {
  /** Stable id: the EIP-6963 rdns when announced, else an adapter-chosen id (e.g. `injected`). */
  id: string
  name: string
  type: ConnectorType
  namespace: string
  rdns?: string
  /** Untrusted: only http(s)/data:image URLs are ever rendered. */
  imageUrl?: string
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
    /** The full list of one namespace's connectors changed. */
    'connectors/discovered': { namespace: string; connectors: ConnectorInfo[] }
  }
}

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
        s.list = [...s.list.filter((c) => c.namespace !== p.namespace), ...p.connectors]
      },
    },
  },
})
