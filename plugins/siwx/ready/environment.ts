// What Foyer hands its ready-made sign-in configs when the plugin starts: its HTTP client (the host's apiUrl), its
// storage, its clock, chain reads, and the page's domain. Host-written configs never see it.
import type { HttpClient, PluginContext, SIWXConfig, Storage } from '../../../kernel/index.js'

/** The environment of a ready-made config. */
export interface SiwxEnvironment {
  http: HttpClient
  storage: Storage
  now(): number
  /** The page's host (the message's domain) and URL (its uri). */
  domain: string
  uri: string
  /** A JSON-RPC read on a configured network (`chain/read`), for smart-account checks. */
  readChain(chainId: string, method: string, params?: readonly unknown[]): Promise<unknown>
}

/** The key under which a ready-made config takes its environment. */
export const BindEnvironment = Symbol.for('foyer.siwx.bindEnvironment')

/** A config that wants the environment. */
export type Bindable = SIWXConfig & { [BindEnvironment]?(env: SiwxEnvironment): void }

/** Hands `config` the plugin's environment when it asks for one. */
export function bindEnvironment(config: Bindable, ctx: PluginContext): void {
  config[BindEnvironment]?.({
    http: ctx.http,
    storage: ctx.storage,
    now: () => ctx.clock.now(),
    domain: typeof location === 'undefined' ? 'localhost' : location.host,
    uri: typeof location === 'undefined' ? 'http://localhost/' : `${location.origin}${location.pathname}`,
    readChain: (caipNetworkId, method, params) => ctx.request('chain/read', { caipNetworkId, method, params }),
  })
}
