// The live side of a connection: following the wallet's events and remembering the connection for reloads.
import { StorageKeys, type PluginContext, type Storage, parseCaipAddress } from '../../kernel/index.js'
import type { AdapterConnection, NamespaceAdapter } from './adapter.js'
import { recordChainChange } from './switching.js'

/** What is stored per namespace so a reload can reconnect (SPEC §4). */
export interface StoredConnection {
  connectorIds: Record<string, string>
  namespaces: string[]
}

/** Reads the stored connections (corrupt entries read as none). */
export function storedConnections(storage: Storage): StoredConnection {
  const ids = storage.get<Record<string, string>>(StorageKeys.connectorIds)
  const ns = storage.get<string[]>(StorageKeys.connectedNamespaces)
  return {
    // Only non-empty strings are connector ids; anything else in storage is a connection we cannot restore.
    connectorIds: Object.fromEntries(
      Object.entries(ids && typeof ids === 'object' ? ids : {}).filter(([, id]) => typeof id === 'string' && id),
    ),
    namespaces: Array.isArray(ns) ? ns.filter((n): n is string => typeof n === 'string') : [],
  }
}

/** Remembers (or, with `connectorId` undefined, forgets) the connection of `namespace`. */
export function storeConnection(storage: Storage, namespace: string, connectorId: string | undefined): void {
  const s = storedConnections(storage)
  if (connectorId) {
    s.connectorIds[namespace] = connectorId
    if (!s.namespaces.includes(namespace)) s.namespaces.push(namespace)
  } else {
    delete s.connectorIds[namespace]
    s.namespaces = s.namespaces.filter((n) => n !== namespace)
  }
  if (s.namespaces.length) {
    storage.set(StorageKeys.connectorIds, s.connectorIds)
    storage.set(StorageKeys.connectedNamespaces, s.namespaces)
  } else {
    storage.remove(StorageKeys.connectorIds)
    storage.remove(StorageKeys.connectedNamespaces)
  }
}

/** Tracks the one live connection per namespace and turns wallet events into kernel events. */
export function createSessions(ctx: () => PluginContext) {
  const live = new Map<string, () => void>()
  const end = (namespace: string) => {
    live.get(namespace)?.()
    live.delete(namespace)
  }

  /** Records a connection as connected and starts following its wallet. */
  const established = (adapter: NamespaceAdapter, connectorId: string, c: AdapterConnection) => {
    const k = ctx()
    const namespace = adapter.namespace
    end(namespace)
    k.emit('wallet/connected', { namespace, caipAddress: `${c.caipNetworkId}:${c.address}`, connectorId })
    k.emit('wallet/accountsListed', { namespace, accounts: c.accounts ?? [{ address: c.address }] })
    k.emit('network/switched', { caipNetworkId: c.caipNetworkId })
    storeConnection(k.storage, namespace, connectorId)
    const current = () => parseCaipAddress(k.getState().account.namespaces[namespace]?.caipAddress)
    live.set(
      namespace,
      adapter.subscribe(connectorId, {
        accountsChanged(addresses) {
          const now = current()
          if (!addresses.length) {
            closed(namespace)
            return
          }
          if (now && addresses[0].toLowerCase() !== now.address.toLowerCase()) {
            k.emit('wallet/accountChanged', { namespace, caipAddress: `${now.caipNetworkId}:${addresses[0]}` })
          }
        },
        chainChanged(caipNetworkId) {
          if (!current()) return
          recordChainChange(k, namespace, caipNetworkId)
        },
        disconnected() {
          closed(namespace)
        },
      }),
    )
  }

  /** Forgets the connection of `namespace` (wallet side already gone or being ended). */
  const closed = (namespace: string) => {
    end(namespace)
    const k = ctx()
    storeConnection(k.storage, namespace, undefined)
    if (k.getState().account.namespaces[namespace]?.status !== 'disconnected')
      k.emit('wallet/disconnected', { namespace })
  }

  return {
    established,
    closed,
    disposeAll: () => {
      for (const ns of [...live.keys()]) end(ns)
    },
  }
}

/** The sessions tracker type. */
export type Sessions = ReturnType<typeof createSessions>
