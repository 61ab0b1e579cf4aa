// The host's options that plugins read (SPEC §3 "Project options" plus Foyer's endpoints), typed in one place.
// A plugin that reads an option of its own declares it here by declaration merging on `HostOptions`.
import type { SIWEConfig, SIWXConfig } from './contracts/siwx.js'

/** App metadata shown to wallets (SPEC §3). */
export interface FoyerMetadata {
  name: string
  description?: string
  url?: string
  icons?: string[]
}

/** A wallet the host adds to the list. */
export interface CustomWallet {
  id: string
  name: string
  homepage?: string
  imageUrl?: string
  mobileLink?: string
  desktopLink?: string
  webappLink?: string
}

/** The EIP-1193 surface of a host's own wallet: `request`, and its events when it has them. */
export interface HostEip1193Provider {
  request(args: { method: string; params?: unknown[] | Record<string, unknown> }): Promise<unknown>
  on?(event: string, listener: (...args: any[]) => void): unknown
  removeListener?(event: string, listener: (...args: any[]) => void): unknown
}

/**
 * A host's own EVM wallet (SPEC §3 EXTERNAL connector): listed in the Connect list's external tier (SPEC §9 order) and
 * connected, restored, switched and asked like an installed wallet, through `provider`.
 */
export interface HostConnector {
  /** Stable id (its selector is `wallet-selector-<id>`; a reload restores the connection by it). */
  id: string
  name: string
  provider: HostEip1193Provider
  /** Rendered only when http(s) or data:image. */
  imageUrl?: string
  imageId?: string
  explorerId?: string
  rdns?: string
  /** CAIP-2 networks it serves (default: every configured EVM network). */
  chains?: string[]
}

/** Why `connectors[index]` cannot be used, or undefined when it can. */
export function hostConnectorProblem(c: unknown, index: number): string | undefined {
  const x = c as Partial<HostConnector> | null
  const where = `connectors[${index}]`
  if (!x || typeof x !== 'object') return `${where} is not an object`
  if (typeof x.id !== 'string' || !x.id.trim()) return `${where}.id must be a non-empty string`
  if (typeof x.name !== 'string' || !x.name.trim()) return `${where}.name must be a non-empty string`
  if (!x.provider || typeof x.provider.request !== 'function')
    return `${where}.provider must be an EIP-1193 provider (with a request function)`
  if (x.chains !== undefined && (!Array.isArray(x.chains) || x.chains.some((id) => !/^eip155:\d+$/.test(String(id)))))
    return `${where}.chains must list EVM CAIP-2 ids such as "eip155:1"`
  return undefined
}

/** Options plugins read through `ctx.options`: the serializable part of what the host passed to createFoyer. */
export interface HostOptions {
  projectId?: string
  metadata?: FoyerMetadata
  /** SPEC §3 features and feature settings (e.g. `connectMethodsOrder`, `socials`), overridden by remote config. */
  features?: Record<string, unknown>
  /** RPC URLs per CAIP-2 network id, used before the project's own RPC endpoint. */
  customRpcUrls?: Record<string, Array<string | { url: string }>>
  /** Network images per CAIP-2 id. */
  chainImages?: Record<string, string>
  includeWalletIds?: string[]
  excludeWalletIds?: string[]
  featuredWalletIds?: string[]
  customWallets?: CustomWallet[]
  /** Restore stored connections on load (SPEC §9 default: true). */
  enableReconnect?: boolean
  /** Discover EIP-6963 wallets (default: true). */
  enableEIP6963?: boolean
  /** Offer WalletConnect (default: true). */
  enableWalletConnect?: boolean
  /** Let the visitor switch networks; also shows the unsupported-chain view (default: true). */
  enableNetworkSwitch?: boolean
  /** Stay on a wallet's network that is not in `networks` without asking to switch (default: false). */
  allowUnsupportedChain?: boolean
  /** A sign-in (SIWX) configuration; see the siwx plugin and `foyer/siwx`'s ready-made ones. */
  siwx?: SIWXConfig
  /** The EVM-only legacy sign-in configuration (mapped onto `siwx`); not together with `siwx`. */
  siweConfig?: SIWEConfig
  /** Account type per namespace (SPEC §9 defaults: eip155 smartAccount, solana eoa, bip122 payment). */
  defaultAccountTypes?: Record<string, string>
  /** Basic mode: no remote features. */
  basic?: boolean
  /** Development diagnostics in the alert bar rather than only the console (SPEC §9 default: true). */
  debug?: boolean
  sdkVersion?: string
  /** Base URL of the Foyer API server (the operator's own). */
  apiUrl?: string
  /** WalletConnect relay URL (the operator's own). */
  relayUrl?: string
  /** Origin of the embedded-wallet site (frame and social popups). */
  secureSiteUrl?: string
  /**
   * Analytics events beyond the SPEC §7 mandatory ones (INITIALIZE, CONNECT_SUCCESS, SOCIAL_LOGIN_SUCCESS): on by
   * default (SPEC §9); they go to `apiUrl`, the operator's own server. Same as `features.analytics`.
   */
  analytics?: boolean
  /**
   * `false` sends nothing at all: no analytics event and no error report (the project config and origin check still
   * run when the modal first opens, as they always do). Default: true.
   */
  telemetry?: boolean
  /**
   * Endpoints for visitors whose time zone is one of SPEC §9's restricted ones (mainland China, Hong Kong, Macau),
   * as the product routes them to other hosts; unset fields keep the usual ones.
   */
  restrictedRegionEndpoints?: { apiUrl?: string; relayUrl?: string; secureSiteUrl?: string }
  /** CAIP-2 id of the network to start on (one of the host's networks; otherwise the first, and APKT001). */
  defaultNetwork?: string
  /** Offer the "What is a wallet?" guide on Connect (SPEC §9 wallet guide, default: true). */
  enableWalletGuide?: boolean
  /** The host's own wallets, offered in the Connect list's external tier (EVM; see {@link HostConnector}). */
  connectors?: HostConnector[]
  /**
   * Offer wallets on Connect (SPEC §9 `wallets`, default: true): false leaves the visitor email and social login only
   * (the wallet list, WalletConnect and "Browse all wallets" are not shown).
   */
  enableWallets?: boolean
  /**
   * The embedded wallet's diagnostics in the browser console (SPEC §9 auth logger, default: true): dropped or
   * malformed frame messages, refused sign-ins, methods it does not allow. false keeps the page's and the secure
   * frame's consoles quiet; the errors themselves still reach the caller.
   */
  enableAuthLogger?: boolean
}

/** SPEC §9 `wallets`: on unless the host set `enableWallets: false`. */
export function walletsEnabled(options: Readonly<HostOptions>): boolean {
  return options.enableWallets !== false
}

/** SPEC §9 auth logger: on unless the host set `enableAuthLogger: false`. */
export function authLoggerEnabled(options: Readonly<HostOptions>): boolean {
  return options.enableAuthLogger !== false
}

/** SPEC §4/§9 reconnect: on unless the host set `enableReconnect: false` or `features.reconnect: false`. */
export function reconnectEnabled(options: Readonly<HostOptions>): boolean {
  return options.enableReconnect !== false && options.features?.reconnect !== false
}
