// The kernel's summary of who is connected, per namespace. Namespace plugins emit these facts; the router reads them.
import { namespaceOf } from '../../protocol/caip-parts.js'
import { definePlugin } from '../plugin.js'
import { StorageKeys } from '../storage.js'
import type { ConfigState, NetworkInfo } from './config.js'

/** A chain namespace (CAIP-2). */
export type ChainNamespace = 'eip155' | 'solana' | 'bip122' | (string & {})

/** Connection status of one namespace (SPEC §4). */
export type NamespaceStatus = 'connecting' | 'connected' | 'disconnected'

/** Per-namespace connection summary. */
export interface NamespaceConnection {
  status: NamespaceStatus
  caipAddress?: string
  connectorId?: string
}

/** SPEC §3 "profile name and image" of a connected address, as a name-service plugin found them. */
export interface AccountProfile {
  namespace: ChainNamespace
  /** Lower-case address the profile belongs to. */
  address: string
  name?: string
  image?: string
}

/** The `account` slice. */
export interface AccountState {
  namespaces: Record<string, NamespaceConnection>
  activeNamespace?: ChainNamespace
  /** The active network (CAIP-2), connected or not. */
  activeCaipNetworkId?: string
  /** Sign-in (SIWX) facts the close rule needs. */
  sessionRequired: boolean
  sessionCount: number
  /** Name and avatar of the connected address (SPEC §3), filled by a name-service plugin. */
  profile?: AccountProfile
}

declare module '../types.js' {
  interface KernelState {
    account: AccountState
  }
  interface EventMap {
    'wallet/connecting': { namespace: ChainNamespace }
    'wallet/connected': { namespace: ChainNamespace; caipAddress: string; connectorId: string }
    'wallet/accountChanged': { namespace: ChainNamespace; caipAddress: string }
    'wallet/connectFailed': { namespace: ChainNamespace }
    'wallet/disconnected': { namespace: ChainNamespace }
    'wallet/activeNamespaceChanged': { namespace: ChainNamespace }
    'network/switched': { caipNetworkId: string }
    'siwx/requirementChanged': { required: boolean }
    'siwx/sessionsChanged': { count: number }
    /** The name and avatar of an address were looked up (null: it has none, or none is looked up there). */
    'identity/resolved': { namespace: ChainNamespace; address: string; name: string | null; image: string | null }
    /** An identity lookup failed on `caipNetworkId` (SPEC §8: the profile image goes, except on chain 1). */
    'identity/lookupFailed': { namespace: ChainNamespace; address: string; caipNetworkId: string }
  }
}

/** True when the active namespace is connected. */
export function isConnected(state: { account: AccountState }): boolean {
  const ns = state.account.activeNamespace
  return !!ns && state.account.namespaces[ns]?.status === 'connected'
}

/** True while any namespace is connecting (the buttons show "Connecting…"). */
export function isConnecting(state: { account: AccountState }): boolean {
  return Object.values(state.account.namespaces).some((n) => n.status === 'connecting')
}

/** The active network as configured, or undefined when none is active or it is not in `networks`. */
export function activeNetwork(state: { account: AccountState; config: ConfigState }): NetworkInfo | undefined {
  const id = state.account.activeCaipNetworkId
  return id ? state.config.networks.find((n) => n.caipNetworkId === id) : undefined
}

/** The network a visitor starts on: the stored last used one, else the configured default, else the first. */
export function startNetwork(config: ConfigState, lastUsed: unknown): string | undefined {
  const known = (id: unknown): id is string =>
    typeof id === 'string' && config.networks.some((n) => n.caipNetworkId === id)
  if (known(lastUsed)) return lastUsed
  if (known(config.defaultNetwork)) return config.defaultNetwork
  return config.networks[0]?.caipNetworkId
}

/** The active CAIP-10 address, when connected. */
export function activeCaipAddress(state: { account: AccountState }): string | undefined {
  const ns = state.account.activeNamespace
  const c = ns ? state.account.namespaces[ns] : undefined
  return c?.status === 'connected' ? c.caipAddress : undefined
}

/** The profile of the active account, when one was found for exactly that address. */
export function accountProfile(state: { account: AccountState }): AccountProfile | undefined {
  const p = state.account.profile
  return p && activeCaipAddress(state)?.toLowerCase().endsWith(`:${p.address}`) ? p : undefined
}

/** The kernel-owned `account` slice; it starts on {@link startNetwork} and remembers the network chosen last. */
export const accountPlugin = definePlugin({
  id: 'account',
  setup(ctx) {
    const state = ctx.getState()
    const start = state.account.activeCaipNetworkId
      ? undefined
      : startNetwork(state.config, ctx.storage.get(StorageKeys.lastUsedChain))
    if (start) ctx.emit('network/switched', { caipNetworkId: start })
    // SPEC §3 "last used chain": read back at the next start, so a visitor's choice survives a reload.
    return ctx.on('network/switched', (e) => ctx.storage.set(StorageKeys.lastUsedChain, e.payload.caipNetworkId))
  },
  state: {
    init: (): AccountState => ({ namespaces: {}, sessionRequired: false, sessionCount: 0 }),
    on: {
      'wallet/connecting': (s, p) => {
        s.namespaces[p.namespace] = { ...s.namespaces[p.namespace], status: 'connecting' }
      },
      'wallet/connected': (s, p) => {
        s.namespaces[p.namespace] = { status: 'connected', caipAddress: p.caipAddress, connectorId: p.connectorId }
        s.activeNamespace = p.namespace
      },
      'wallet/accountChanged': (s, p) => {
        const c = s.namespaces[p.namespace]
        if (c) c.caipAddress = p.caipAddress
      },
      'wallet/connectFailed': (s, p) => {
        s.namespaces[p.namespace] = { status: 'disconnected' }
      },
      'wallet/disconnected': (s, p) => {
        s.namespaces[p.namespace] = { status: 'disconnected' }
        if (s.profile?.namespace === p.namespace) delete s.profile
        if (s.activeNamespace === p.namespace) {
          const other = Object.entries(s.namespaces).find(([, c]) => c.status === 'connected')
          if (other) s.activeNamespace = other[0]
        }
      },
      'wallet/activeNamespaceChanged': (s, p) => {
        s.activeNamespace = p.namespace
      },
      'network/switched': (s, p) => {
        s.activeCaipNetworkId = p.caipNetworkId
        s.activeNamespace = namespaceOf(p.caipNetworkId) ?? s.activeNamespace
      },
      'siwx/requirementChanged': (s, p) => {
        s.sessionRequired = p.required
      },
      'siwx/sessionsChanged': (s, p) => {
        s.sessionCount = p.count
      },
      'identity/resolved': (s, { namespace, address, name, image }) => {
        s.profile = { namespace, address: address.toLowerCase() }
        if (name) s.profile.name = name
        if (image) s.profile.image = image
      },
      'identity/lookupFailed': (s, p) => {
        if (s.profile?.address === p.address.toLowerCase() && p.caipNetworkId !== 'eip155:1') delete s.profile.image
      },
    },
  },
})
