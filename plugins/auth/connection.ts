// From a signed-in user to the namespaces' bridged connections, and the SPEC §3 stored keys of an email login.
import {
  createConnector,
  StorageKeys,
  namespaceOf,
  type AuthAccountType,
  type AuthUser,
  type BridgedConnection,
  type HostOptions,
  type KernelState,
  type Storage,
} from '../../kernel/index.js'

/** The connector id the embedded wallet's connections are stored under. */
export const AUTH_CONNECTOR_ID = 'auth'
/** The name the modal shows for it. */
export const AUTH_CONNECTOR_NAME = 'Email Wallet'
/** Namespaces the embedded wallet holds keys for. */
export const AUTH_NAMESPACES: readonly string[] = ['eip155', 'solana']

/**
 * The embedded wallet as a transport (kernel/contracts/connector.ts): its connections are made in this plugin's own
 * views (email, social, passkey) and adopted; the namespaces plugin restores, switches, calls and ends them through
 * these requests and follows these events.
 */
export const authConnector = createConnector({
  id: AUTH_CONNECTOR_ID,
  name: AUTH_CONNECTOR_NAME,
  type: 'AUTH',
  namespaces: [...AUTH_NAMESPACES],
  requests: {
    reconnect: 'auth/reconnect',
    disconnect: 'auth/disconnect',
    switchNetwork: 'auth/switchNetwork',
    rpc: 'auth/rpc',
  },
  events: {
    accountChanged: 'auth/accountChanged',
    networkChanged: 'auth/networkChanged',
    disconnected: 'auth/signedOut',
  },
})

/** SPEC §9 default account types per namespace. */
export const DefaultAccountTypes: Readonly<Record<string, string>> = {
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
}

/** The account type the host wants by default on `namespace` (its `defaultAccountTypes`, else SPEC §9's). */
export function defaultAccountType(options: Readonly<HostOptions>, namespace: string): AuthAccountType {
  const t = options.defaultAccountTypes?.[namespace] ?? DefaultAccountTypes[namespace]
  return t === 'smartAccount' ? 'smartAccount' : 'eoa'
}

/** The network the wallet should answer for in `namespace`: the active one when it is there, else the first configured. */
export function networkFor(state: KernelState, namespace: string): string | undefined {
  const active = state.account.activeCaipNetworkId
  if (active && namespaceOf(active) === namespace) return active
  const stored = state.account.namespaces[namespace]?.caipAddress
  if (stored) return stored.split(':').slice(0, 2).join(':')
  return state.config.networks.find((n) => n.chainNamespace === namespace)?.caipNetworkId
}

/** The bridged connection of `user` as reported for its network. */
export function toBridged(user: AuthUser): BridgedConnection {
  const namespace = namespaceOf(user.caipNetworkId) ?? 'eip155'
  return {
    connector: authConnector,
    connectorId: AUTH_CONNECTOR_ID,
    name: AUTH_CONNECTOR_NAME,
    namespace,
    address: user.address,
    caipNetworkId: user.caipNetworkId,
    accounts: [
      { address: user.address, type: user.accountType },
      ...user.accounts
        .filter((a) => a.namespace === namespace && a.address !== user.address)
        .map((a) => ({ address: a.address, type: a.type })),
    ],
  }
}

/** Records the SPEC §3 keys of a login: last email login time, email, email-login-used, social username, networks. */
export function rememberLogin(storage: Storage, user: AuthUser, now: number): void {
  if (user.email) {
    storage.set(StorageKeys.email, user.email)
    storage.set(StorageKeys.lastEmailLoginTime, now)
    storage.set(StorageKeys.emailLoginUsed, true)
  }
  rememberUser(storage, user)
}

/** Keeps the stored facts that follow the user (email, social provider and username, smart-account networks). */
export function rememberUser(storage: Storage, user: AuthUser): void {
  if (user.email) storage.set(StorageKeys.email, user.email)
  if (user.socialProvider) storage.set(StorageKeys.connectedSocial, user.socialProvider)
  if (user.username) storage.set(StorageKeys.socialUsername, user.username)
  storage.set(StorageKeys.smartAccountEnabledNetworks, user.smartAccountEnabledNetworks.join(','))
}

/** Forgets the signed-in user's facts on sign-out (the email-login-used flag stays: it is about the browser). */
export function forgetLogin(storage: Storage): void {
  storage.remove(StorageKeys.email)
  storage.remove(StorageKeys.lastEmailLoginTime)
  storage.remove(StorageKeys.smartAccountEnabledNetworks)
  storage.remove(StorageKeys.connectedSocial)
  storage.remove(StorageKeys.socialUsername)
}
