// Plugins are plain objects. An optional plugin enters the app as a tiny eager manifest plus a lazy loader.
import type { Draft } from 'immer'
import type { Clock } from './clock.js'
import type { HttpClient } from './http.js'
import type { Storage } from './storage.js'
import type { EventMap, EventType, FoyerEvent, KernelState, RequestInput, RequestName, RequestOutput } from './types.js'

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
  request<R extends RequestName>(
    name: R,
    ...input: RequestInput<R> extends void ? [] : [RequestInput<R>]
  ): Promise<RequestOutput<R>>
  getState(): KernelState
  /** True when a handler for this request is registered or promised by a manifest. */
  hasRequest(name: string): boolean
  /** True when a view with this id is registered or promised by a manifest. */
  hasView(id: string): boolean
  clock: Clock
  storage: Storage
  http: HttpClient
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

/** A view a plugin contributes; `component` is opaque to the kernel (the shell renders it). */
export interface ViewSpec<C = unknown> {
  component: C
  /** Header title, or a function of state. */
  title?: string | ((state: KernelState) => string)
  /** Which footer the shell shows under the view. */
  footer?: 'legal' | 'default'
  /** Hide the header's back button. */
  noBack?: boolean
}

/** What `setup` receives: the same seams a handler gets, without a request id. */
export type PluginContext = Omit<HandlerContext, 'requestId'> & {
  on<E extends EventType>(type: E, fn: (event: FoyerEvent<E>) => void): () => void
  options: Readonly<Record<string, unknown>>
}

/** A plugin definition: a plain object. */
export interface PluginDefinition<S = any> {
  id: string
  requires?: string[]
  state?: SliceSpec<S>
  views?: Record<string, ViewSpec>
  handlers?: { [R in RequestName]?: Handler<R> }
  reactions?: Reaction<any, any>[]
  /** Live objects (providers, sockets) live in this closure; the returned function tears them down. */
  setup?(ctx: PluginContext): void | (() => void)
}

/** The eager part of an optional plugin: enough to know when to load it. */
export interface PluginManifest {
  id: string
  views?: string[]
  requests?: string[]
  /** Kernel state flag that must be on for the plugin to be offered (e.g. a remote feature). */
  feature?: string
  load(): Promise<PluginDefinition | { default: PluginDefinition }>
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
