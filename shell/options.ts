// The host's options (SPEC §3 names plus Foyer's endpoint and test seams) and their translation into kernel config.
import type {
  Clock,
  ConfigState,
  NetworkInfo,
  PluginEntry,
  Storage,
  ThemeMode,
  ThemeVariables,
} from '../kernel/index.js'

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

/** Options of {@link createFoyer}: SPEC §3 project options plus endpoints, embedding and test seams. */
export interface FoyerOptions {
  projectId: string
  metadata?: FoyerMetadata
  networks?: NetworkInfo[]
  /** CAIP-2 id of the network to start on; the first network otherwise. */
  defaultNetwork?: string
  /** Chain namespaces with an adapter, e.g. `['eip155']`. */
  adapters?: string[]
  features?: Record<string, unknown>
  includeWalletIds?: string[]
  excludeWalletIds?: string[]
  featuredWalletIds?: string[]
  customWallets?: CustomWallet[]
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
  siwx?: unknown
  defaultAccountTypes?: Record<string, string>
  basic?: boolean
  debug?: boolean
  sdkVersion?: string
  /** Base URL of the Foyer API server. */
  apiUrl?: string
  /** WalletConnect relay URL. */
  relayUrl?: string
  /** Origin of the embedded-wallet site (frame and social popups). */
  secureSiteUrl?: string
  /** Send analytics events (off unless the host turns it on). */
  analytics?: boolean
  /** Embedded mode: render the modal inline in this element, always open. */
  embedded?: HTMLElement
  /** Append nothing to the page; the host renders `<FoyerModal/>` itself. */
  disableAppend?: boolean
  /** Third-party plugins (definitions or lazy manifests). */
  plugins?: PluginEntry[]
  /** CSP nonce for the `<style>` fallback when constructable stylesheets are missing. */
  nonce?: string
  /** Test seam: storage (default: prefixed localStorage). */
  storage?: Storage
  /** Test seam: clock (default: the system clock). */
  clock?: Clock
  /** Test seam: fetch used by the HTTP client. */
  fetch?: typeof fetch
  /** Test seam: treat the platform as mobile (default: sniffed from the user agent). */
  mobile?: boolean
}

/** The SDK version reported to the API. */
export const SdkVersion = 'foyer-0.1.0'

/** A rough mobile check; hosts and tests can override it with `mobile`. */
export function detectMobile(): boolean {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent
  return /Android|iPhone|iPad|iPod|Mobile/i.test(ua)
}

/** The serializable config slice the kernel's rules read. */
export function toConfig(o: FoyerOptions): ConfigState {
  const features = { analytics: false, ...o.features, ...(o.analytics !== undefined ? { analytics: o.analytics } : {}) }
  return {
    projectId: typeof o.projectId === 'string' ? o.projectId.trim() : '',
    networks: [...(o.networks ?? [])],
    namespaces: [...(o.adapters ?? [])],
    mobile: o.mobile ?? detectMobile(),
    features,
    ...(o.termsConditionsUrl ? { termsConditionsUrl: o.termsConditionsUrl } : {}),
    ...(o.privacyPolicyUrl ? { privacyPolicyUrl: o.privacyPolicyUrl } : {}),
    ...(o.metadata ? { metadata: { ...o.metadata } } : {}),
  }
}

/** The options plugins may read through `ctx.options`: everything but DOM nodes, seams and plugin lists. */
export function pluginOptions(o: FoyerOptions): Record<string, unknown> {
  const { embedded, plugins, storage, clock, fetch, ...rest } = o
  void embedded
  void plugins
  void storage
  void clock
  void fetch
  return { ...rest, sdkVersion: o.sdkVersion ?? SdkVersion, analytics: o.analytics ?? false }
}
