// The demo's wiring to the local stack. `npm start` injects the real URLs into the page; a bare static serve
// falls back to loopback defaults.
import type { FoyerOptions, HostConnector, NetworkInfo } from '../index.js'

/** What the demo server injects as `window.__FOYER_DEMO__`. */
export interface DemoConfig {
  projectId: string
  apiUrl?: string
  relayUrl?: string
  /** The embedded wallet's secure site (its own origin). */
  secureSiteUrl?: string
  chains?: Array<{ chainId: number; rpcUrl: string }>
  /** Extra createFoyer options for tests (e.g. `features`, `enableReconnect`, `allowUnsupportedChain`). */
  options?: Partial<FoyerOptions>
  /** Set false to leave the in-page dev wallet out (tests that bring their own wallet). */
  devWallet?: boolean
  /**
   * The host's own wallets (Foyer's `connectors` option), each over the EIP-1193 provider the page put at
   * `window[global]` before the demo ran (tests install one there).
   */
  hostConnectors?: Array<
    { global: string } & Pick<HostConnector, 'id' | 'name' | 'imageUrl' | 'imageId' | 'explorerId' | 'chains'>
  >
  /** Sign in with X: Foyer's server-backed or local ready-made config (`foyer/siwx`), with its options. */
  siwx?: { config: 'server' | 'local'; required?: boolean; statement?: string; expiresInSeconds?: number }
}

declare global {
  interface Window {
    __FOYER_DEMO__?: DemoConfig
  }
}

/** Where the demo page's "Sign in with X" switch is kept (this browser only). */
export const SiwxSwitchKey = 'foyer-demo:siwx'

/** True when the visitor turned the demo's "Sign in with X" switch on. */
export function siwxSwitchedOn(): boolean {
  try {
    return localStorage.getItem(SiwxSwitchKey) === 'on'
  } catch {
    return false
  }
}

/**
 * The demo's config, from the page or defaults. The page's switch turns Sign in with X on: the server-backed config
 * when the page has the API (`npm start`), else the local one; a config the server injected wins.
 */
export function demoConfig(): DemoConfig {
  const config: DemoConfig = { projectId: 'f0e1d2c3b4a5968778695a4b3c2d1e0f', ...window.__FOYER_DEMO__ }
  if (!config.siwx && siwxSwitchedOn()) config.siwx = { config: config.apiUrl ? 'server' : 'local' }
  return config
}

/** The networks the demo offers: two local EVM chains carrying mainnet ids, plus Solana and Bitcoin. */
export const demoNetworks: NetworkInfo[] = [
  { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  { caipNetworkId: 'eip155:8453', name: 'Base', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  {
    caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    name: 'Solana',
    chainNamespace: 'solana',
    nativeSymbol: 'SOL',
  },
  {
    caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
    name: 'Bitcoin',
    chainNamespace: 'bip122',
    nativeSymbol: 'BTC',
  },
]

/** SPEC §3 customRpcUrls from the injected local chains, so wallets are told the local RPC of each EVM network. */
export function demoCustomRpcUrls(config: DemoConfig): Record<string, string[]> {
  return Object.fromEntries((config.chains ?? []).map((c) => [`eip155:${c.chainId}`, [c.rpcUrl]]))
}
