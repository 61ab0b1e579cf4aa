// The host's options (SPEC §3 names plus Foyer's endpoint and test seams) and their translation into kernel config.
import { apiIconUrl, FoyerError } from '../kernel/index.js'
import type {
  Clock,
  ConfigState,
  HostOptions,
  NetworkInfo,
  PluginEntry,
  Storage,
  ThemeMode,
  ThemeVariables,
} from '../kernel/index.js'

/** Options of {@link createFoyer}: SPEC §3 project options plus endpoints, embedding and test seams. */
export interface FoyerOptions extends HostOptions {
  projectId: string
  networks?: NetworkInfo[]
  /** CAIP-2 id of the network to start on; the first network otherwise. */
  defaultNetwork?: string
  /** Chain namespaces with an adapter, e.g. `['eip155']`. */
  adapters?: string[]
  termsConditionsUrl?: string
  privacyPolicyUrl?: string
  themeMode?: ThemeMode
  themeVariables?: ThemeVariables
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

// A default network outside `networks` is a host mistake worth saying out loud; the first network is used instead.
function defaultNetworkOf(o: FoyerOptions): string | undefined {
  if (!o.defaultNetwork) return undefined
  if ((o.networks ?? []).some((n) => n.caipNetworkId === o.defaultNetwork)) return o.defaultNetwork
  console.warn(`[foyer] defaultNetwork "${o.defaultNetwork}" is not in \`networks\`; using the first network.`)
  return undefined
}

/** The serializable config slice the kernel's rules read. */
export function toConfig(o: FoyerOptions): ConfigState {
  if (o.siwx && o.siweConfig) throw FoyerError.of('siweAndSiwx', { category: 'CONFIGURATION' })
  const features = { analytics: false, ...o.features, ...(o.analytics !== undefined ? { analytics: o.analytics } : {}) }
  if (o.telemetry === false) features.analytics = false
  return {
    projectId: typeof o.projectId === 'string' ? o.projectId.trim() : '',
    // One picture per network everywhere (header, modal, wallet prompts): the host's image, else the API's logo.
    networks: (o.networks ?? []).map((n) => {
      const imageUrl =
        o.chainImages?.[n.caipNetworkId] ?? n.imageUrl ?? apiIconUrl(o.apiUrl, 'networks', n.caipNetworkId)
      return imageUrl ? { ...n, imageUrl } : { ...n }
    }),
    ...(defaultNetworkOf(o) ? { defaultNetwork: defaultNetworkOf(o) } : {}),
    namespaces: [...(o.adapters ?? [])],
    mobile: o.mobile ?? detectMobile(),
    features,
    ...(o.termsConditionsUrl ? { termsConditionsUrl: o.termsConditionsUrl } : {}),
    ...(o.privacyPolicyUrl ? { privacyPolicyUrl: o.privacyPolicyUrl } : {}),
    ...(o.metadata ? { metadata: { ...o.metadata } } : {}),
  }
}

/** The options plugins may read through `ctx.options`: everything but DOM nodes, seams and plugin lists. */
export function pluginOptions(o: FoyerOptions): HostOptions {
  const { embedded, plugins, storage, clock, fetch, ...rest } = o
  void embedded
  void plugins
  void storage
  void clock
  void fetch
  return { ...rest, sdkVersion: o.sdkVersion ?? SdkVersion, analytics: o.telemetry !== false && !!o.analytics }
}

export type { CustomWallet, FoyerMetadata } from '../kernel/index.js'
