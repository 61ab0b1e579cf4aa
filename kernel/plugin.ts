// Plugins are plain objects. An optional plugin enters the app as a tiny eager manifest plus a lazy loader.
import type { Draft } from 'immer'
import type { Clock } from './clock.js'
import type { HttpClient } from './http.js'
import type { HostOptions } from './options.js'
import type { Storage } from './storage.js'
import type {
  EventMap,
  EventType,
  FoyerEvent,
  KernelState,
  RequestArgs,
  RequestInput,
  RequestName,
  RequestOutput,
} from './types.js'

/** A reducer for one event type over one slice; it may mutate the draft or return a new slice. */
export type SliceReducer<S, E extends EventType> = (
  slice: Draft<S>,
  payload: EventMap[E],
  event: FoyerEvent<E>,
  root: Readonly<KernelState>,
) => void | S

/** A slice of state owned by a plugin, keyed by the plugin's id. */
export interface SliceSpec<S> {
  /** Initial value; a late plugin may derive it from the state at load time. */
  init(state: Readonly<KernelState>): S
  on: { [E in EventType]?: SliceReducer<S, E> }
}

/** What a handler receives besides its input. */
export interface HandlerContext {
  requestId: string
  emit<E extends EventType>(type: E, payload: EventMap[E]): void
  request<R extends RequestName>(name: R, ...input: RequestArgs<R>): Promise<RequestOutput<R>>
  getState(): KernelState
  /** True when a handler for this request is registered or promised by a manifest. */
  hasRequest(name: string): boolean
  /** True when a view with this id is registered or promised by a manifest. */
  hasView(id: string): boolean
  clock: Clock
  storage: Storage
  http: HttpClient
  /** Aborted when the plugin that owns this handler is disposed (pass it to fetches and waits). */
  signal: AbortSignal
  /** Calls `fn` on each `type` event until the returned function is called (a handler waiting for a fact). */
  on<E extends EventType>(type: E, fn: (event: FoyerEvent<E>) => void): () => void
}

/** The one handler of a request. */
export type Handler<R extends RequestName> = (
  input: RequestInput<R>,
  ctx: HandlerContext,
) => RequestOutput<R> | Promise<RequestOutput<R>>

/** A declared follow-up: when `on` happens (and `when` holds), request `request` (after `after` ms). */
export interface Reaction<E extends EventType = EventType, R extends RequestName = RequestName> {
  on: E
  when?: (event: FoyerEvent<E>, state: KernelState) => boolean
  after?: number
  request: R
  input?: (event: FoyerEvent<E>, state: KernelState) => RequestInput<R>
  /** Skip quietly when no plugin provides the request (an optional collaborator). */
  optional?: boolean
}

/** What the shell knows of a view before its code loads: title, footer, back button. */
export interface ViewMeta {
  /** Header title, or a function of state. */
  title?: string | ((state: KernelState) => string)
  /** Which footer the shell shows under the view. */
  footer?: 'legal' | 'default'
  /** Hide the header's back button. */
  noBack?: boolean
  /**
   * What the view needs to show anything true; opened without it (`open({ view })`, a launcher), the shell shows one
   * empty state instead and does not load the view: `'connection'` (a connected account), `'data'` (route data from
   * its flow), or a dotted path into state that must be set (`'auth.user.email'`).
   */
  needs?: string[]
}

/** A view a plugin contributes; `component` is opaque to the kernel (the shell renders it). */
export interface ViewSpec<C = unknown> extends ViewMeta {
  component: C
}

/**
 * Where an entry appears in the shell (DESIGN §1 "Extension points"): a Connect method, an Account tab, an Account
 * action, or a line under the address on Account (`account-header`, rendered in place).
 */
export type ExtensionPoint = 'connect-method' | 'account-tab' | 'account-action' | 'account-header'

/**
 * An entry a plugin declares in its manifest: the shell renders it (label, icon, order) without loading the plugin's
 * chunk, and opens `view` when the visitor uses it. Connect methods with `inline` render their view in place instead.
 */
export interface ExtensionEntry {
  point: ExtensionPoint
  /** Stable id: the SPEC feature name for account actions (`onramp`, `swaps`, `receive`, `send`), the method for
   * connect methods (`email`, `social`, `wallet`); data-testids derive from it (`account-action-<id>`, …). */
  id: string
  view: string
  label: string
  /** An icon name of the shell's UI kit. */
  icon?: string
  /** Position among entries the SPEC order does not place (ascending; default 100). */
  order?: number
  /** A feature flag (SPEC §6) that must be on for the entry to show. */
  feature?: string
  /** Namespaces the entry applies to (default: all); compared with the active namespace. */
  namespaces?: string[]
  /** Connectors the entry applies to (default: all); compared with the active namespace's connector id. */
  connectors?: string[]
  /** Render `view` in place (Connect methods, Account header lines): its chunk loads with the view around it. */
  inline?: boolean
  /** Connect methods: the SPEC method the entry belongs to (`email`, `social`, `wallet`; default: `id`). */
  method?: string
  /** The entry's data-testid when it must differ from the default (`account-action-<id>`, `account-tab-<id>`, …). */
  testId?: string
  /**
   * Inline Connect methods: the rows the shell draws from this plain data until the plugin's code is loaded, so opening
   * Connect does not download it. Intent on a row prefetches the code; a click sends the row's request (which loads
   * it), and the plugin's own inline view takes over once loaded. With the entry's feature a list
   * (`features.socials: ['google', …]`), only the rows it names show, in its order.
   */
  rows?: EntryRow[]
}

/** One row of an inline Connect method drawn before its plugin loads (see {@link ExtensionEntry.rows}). */
export interface EntryRow {
  /** Stable id; the row's data-testid is `<entry id>-selector-<row id>`. */
  id: string
  /** The first row's text (a full-width row). */
  label: string
  /** The text of the second and later rows (small buttons in one line); default `label`. */
  short?: string
  /** An icon name of the shell's UI kit (first row). */
  icon?: string
  /** The request a click sends, with `input`. */
  request: string
  input?: Record<string, string | number | boolean>
}

/** What `setup` receives: the same seams a handler gets, without a request id. */
export type PluginContext = Omit<HandlerContext, 'requestId'> & {
  on<E extends EventType>(type: E, fn: (event: FoyerEvent<E>) => void): () => void
  options: Readonly<HostOptions>
}

/** What a manifest's `boot` receives: enough to read stored facts and start work, nothing of the plugin's code. */
export type BootContext = Omit<PluginContext, 'signal'>

/** A plugin definition: a plain object. */
export interface PluginDefinition<S = any> {
  id: string
  requires?: string[]
  state?: SliceSpec<S>
  views?: Record<string, ViewSpec>
  handlers?: { [R in RequestName]?: Handler<R> }
  reactions?: Reaction<any, any>[]
  /** Entries for the shell's extension points (usually in the manifest instead, so they show before loading). */
  entries?: ExtensionEntry[]
  /** Live objects (providers, sockets) live in this closure; the returned function tears them down. */
  setup?(ctx: PluginContext): void | (() => void)
}

/** The eager part of an optional plugin: enough to know when to load it and what the shell may show before that. */
export interface PluginManifest {
  id: string
  /** Every view the plugin registers, with what the shell shows before the code arrives. */
  views?: Record<string, ViewMeta>
  /** Every request the plugin handles. */
  requests?: string[]
  /** Feature flag (SPEC §6) that must be on for the plugin's entries to be offered (e.g. a remote feature). */
  feature?: string
  /** Entries the shell renders from this manifest (Connect methods, Account tabs and actions). */
  entries?: ExtensionEntry[]
  /** Tiny eager start-up work (e.g. restoring a stored connection); it may request the plugin's requests. */
  boot?(ctx: BootContext): void
  load(): Promise<PluginDefinition | { default: PluginDefinition }>
}

/** Declares a manifest with full type checking; returns it unchanged. */
export function defineManifest(manifest: PluginManifest): PluginManifest {
  return manifest
}

/** An entry of the plugin list: a definition (loaded now) or a manifest (loaded on demand). */
export type PluginEntry = PluginDefinition | PluginManifest

/** Declares a plugin with full type checking; returns it unchanged. */
export function definePlugin<S = any>(plugin: PluginDefinition<S>): PluginDefinition<S> {
  return plugin
}

/** True when `entry` is a lazy manifest rather than a definition. */
export function isManifest(entry: PluginEntry): entry is PluginManifest {
  return typeof (entry as PluginManifest).load === 'function'
}
