// The host's options (SPEC §3 names plus Foyer's endpoint and test seams) and their translation into kernel config.
import { checkNetwork, FoyerError, hostConnectorProblem, withNetworkImage } from '../kernel/index.js'
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

// A default network outside `networks` falls back to the first one; the project plugin raises APKT001 for it.
function defaultNetworkOf(o: FoyerOptions): string | undefined {
  return (o.networks ?? []).some((n) => n.caipNetworkId === o.defaultNetwork) ? o.defaultNetwork : undefined
}

/** SPEC §9 restricted time zones (upper-cased), as the product lists them. */
export const RestrictedTimeZones: readonly string[] = [
  'ASIA/SHANGHAI',
  'ASIA/URUMQI',
  'ASIA/CHONGQING',
  'ASIA/HARBIN',
  'ASIA/KASHGAR',
  'ASIA/MACAU',
  'ASIA/HONG_KONG',
  'ASIA/MACAO',
  'ASIA/BEIJING',
]

/** The options with `restrictedRegionEndpoints` in force when the visitor's time zone is a restricted one. */
export function regionalOptions(o: FoyerOptions, timeZone?: string): FoyerOptions {
  const r = o.restrictedRegionEndpoints
  if (!r) return o
  try {
    const zone = (timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone).toUpperCase()
    if (!RestrictedTimeZones.includes(zone)) return o
  } catch {
    return o
  }
  return { ...o, ...Object.fromEntries(Object.entries(r).filter(([, v]) => v)) }
}

/** The serializable config slice the kernel's rules read. */
export function toConfig(o: FoyerOptions): ConfigState {
  if (o.siwx && o.siweConfig) throw FoyerError.of('siweAndSiwx', { category: 'CONFIGURATION' })
  checkConnectors(o.connectors)
  const features: Record<string, unknown> = {
    ...o.features,
    ...(o.analytics !== undefined ? { analytics: o.analytics } : {}),
  }
  if (o.enableWallets === false) features.wallets = false
  if (o.telemetry === false) features.analytics = false
  return {
    projectId: typeof o.projectId === 'string' ? o.projectId.trim() : '',
    // the same check and completion as a network added later (foyer.addNetwork)
    networks: (o.networks ?? []).map((n) => withNetworkImage(checkNetwork(n), o)),
    ...(defaultNetworkOf(o) ? { defaultNetwork: defaultNetworkOf(o) } : {}),
    namespaces: [...(o.adapters ?? [])],
    mobile: o.mobile ?? detectMobile(),
    features,
    ...(o.termsConditionsUrl ? { termsConditionsUrl: o.termsConditionsUrl } : {}),
    ...(o.privacyPolicyUrl ? { privacyPolicyUrl: o.privacyPolicyUrl } : {}),
    ...(o.metadata ? { metadata: { ...o.metadata } } : {}),
    ...(o.basic ? { basic: true } : {}),
    ...(o.debug === false ? { debug: false } : {}),
  }
}

// A host's own wallets are checked where the host passes them: a broken entry is a clear error, not a missing row.
function checkConnectors(list: unknown): void {
  if (list === undefined) return
  const problem = Array.isArray(list)
    ? (list.map((c, i) => hostConnectorProblem(c, i)).find(Boolean) ??
      (new Set(list.map((c: { id?: unknown }) => c.id)).size < list.length ? 'connectors ids must differ' : undefined))
    : 'connectors must be an array'
  if (problem) throw new FoyerError(problem, { code: 'INVALID_CONNECTORS', category: 'CONFIGURATION' })
}

/** The options plugins may read through `ctx.options`: everything but DOM nodes, seams and plugin lists. */
export function pluginOptions(o: FoyerOptions): HostOptions {
  const { embedded, plugins, storage, clock, fetch, ...rest } = o
  void embedded
  void plugins
  void storage
  void clock
  void fetch
  return { ...rest, sdkVersion: o.sdkVersion ?? SdkVersion, ...(o.telemetry === false ? { analytics: false } : {}) }
}

export type { CustomWallet, FoyerMetadata, HostConnector } from '../kernel/index.js'
