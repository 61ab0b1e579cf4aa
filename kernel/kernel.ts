// The kernel: one event log, reducers over immer, state as a signal, requests with lifecycle events, reactions,
// a mitt bus outward, and plugins that may arrive late.
import { signal, computed, type ReadonlySignal } from '@preact/signals-core'
import mitt from 'mitt'
import { systemClock, type Clock } from './clock.js'
import { createErrorReporter, type ErrorReport } from './reporter.js'
import { FoyerError, isUserRejection, serializeError, type ErrorCategory } from './errors.js'
import { createHttp, type HttpClient } from './http.js'
import { invariant } from './invariant.js'
import { createEventLog, type LogSnapshot } from './log.js'
import { createCatalog, manifestDrift, type CatalogEntry } from './catalog.js'
import { loadImmer } from './drafts.js'
import { reduceRequestStatus } from './contracts/requests.js'
import {
  isManifest,
  type ExtensionPoint,
  type PluginDefinition,
  type PluginEntry,
  type PluginManifest,
  type ViewMeta,
  type ViewSpec,
} from './plugin.js'
import { createRegistry } from './registry.js'
import { DevelopmentBuild, findNonSerializable } from './serializable.js'
import type { HostOptions } from './options.js'
import { createStorage, type Storage } from './storage.js'
import type { EventMap, EventType, FoyerEvent, KernelState, RequestArgs, RequestName, RequestOutput } from './types.js'

/** Options of {@link createKernel}. */
export interface KernelOptions {
  plugins?: PluginEntry[]
  clock?: Clock
  storage?: Storage
  http?: HttpClient
  /** Host options, readable by plugins' `setup` and handlers. */
  options?: HostOptions
  /** Events kept in the log (default 1000). */
  logCapacity?: number
  /** Where error reports go (the /e endpoint when the host enabled reporting). */
  sendErrorReport?: (report: ErrorReport) => void
  /** Development checks (plain-data payloads, manifests matching their plugins); on unless NODE_ENV is production. */
  dev?: boolean
  /** false: manifests' start-up work (`boot`, e.g. restoring a stored connection) does not run, as on a server. */
  boot?: boolean
}

/** A running kernel. */
export interface Kernel {
  readonly state: ReadonlySignal<KernelState>
  getState(): KernelState
  select<T>(fn: (state: KernelState) => T): ReadonlySignal<T>
  emit<E extends EventType>(type: E, payload: EventMap[E], requestId?: string): void
  request<R extends RequestName>(name: R, ...input: RequestArgs<R>): Promise<RequestOutput<R>>
  /**
   * Sends a request whose outcome the caller does not wait for (a click, an effect): a failure is reported
   * ({@link Kernel.reportError}), never thrown or left unhandled.
   */
  send<R extends RequestName>(name: R, ...input: RequestArgs<R>): void
  /** True when a handler is registered or a manifest promises one. */
  hasRequest(name: string): boolean
  on<E extends EventType>(type: E, fn: (event: FoyerEvent<E>) => void): () => void
  onAny(fn: (event: FoyerEvent<string>) => void): () => void
  register(plugin: PluginDefinition): () => void
  load(id: string): Promise<void>
  /** A loaded view (reactive: readers inside computed/effects/components follow registrations). */
  getView(id: string): ViewSpec | undefined
  /** What the shell may show of a view before its code loads (title, footer, back button). */
  viewMeta(id: string): ViewMeta | undefined
  ensureView(id: string): Promise<ViewSpec | undefined>
  /** Starts downloading the code of view `id`'s plugin without running it (the visitor's intent: hover, focus). */
  prefetchView(id: string): void
  /** Starts downloading the code of the plugin that handles request `name`, without running it (intent, too). */
  prefetchRequest(name: string): void
  /** Every view id known now, loaded or promised by a manifest (reactive). */
  viewIds(): string[]
  /** True once the code of view `id` is loaded (it renders without waiting). */
  isViewLoaded(id: string): boolean
  /** The entries plugins declare for an extension point, from manifests and loaded definitions alike. */
  entries(point: ExtensionPoint): CatalogEntry[]
  log(): LogSnapshot<KernelState>
  replay(events: FoyerEvent<string>[], base?: KernelState): KernelState
  /** The state before any plugin's setup or boot ran (no storage read): what server rendering and hydration show. */
  readonly initialState: KernelState
  reportError(error: unknown, category?: ErrorCategory): FoyerError
  readonly clock: Clock
  readonly storage: Storage
  readonly http: HttpClient
  readonly options: Readonly<HostOptions>
  dispose(): void
  /** Lets tests write `using kernel = createKernel(...)`. */
  [Symbol.dispose](): void
}

/** Creates a kernel with the given plugins (definitions now, manifests on demand). */
export function createKernel(opts: KernelOptions = {}): Kernel {
  const clock = opts.clock ?? systemClock()
  const storage = opts.storage ?? createStorage()
  const http = opts.http ?? createHttp({ baseUrl: String(opts.options?.apiUrl ?? 'http://127.0.0.1/') })
  const options = Object.freeze({ ...opts.options })
  const bus = mitt<Record<string, FoyerEvent<string>>>()
  const log = createEventLog<KernelState>(opts.logCapacity ?? 1000)
  const reporter = createErrorReporter({ send: opts.sendErrorReport ?? (() => {}), clock })
  const root = signal({} as KernelState)
  const catalog = createCatalog()
  // Production builds fold DevelopmentBuild to false, so the checks below (and their code) are gone there.
  const dev = DevelopmentBuild && (opts.dev ?? true)
  const loading = new Map<string, Promise<void>>()
  // One import per plugin: a prefetch started at the visitor's intent is the same download a later load awaits.
  const imports = new Map<string, Promise<PluginDefinition>>()
  const importPlugin = (manifest: PluginManifest): Promise<PluginDefinition> => {
    let pending = imports.get(manifest.id)
    if (!pending) {
      pending = manifest.load().then((mod) => ('default' in mod ? mod.default : mod))
      // A failed download may succeed later (a flaky network): forget it, so the next load tries again.
      pending.catch(() => imports.delete(manifest.id))
      imports.set(manifest.id, pending)
    }
    return pending
  }
  const prefetch = (owner: PluginManifest | undefined) => {
    if (owner && !registry.has(owner.id)) importPlugin(owner).catch(() => undefined)
  }
  let immer: Promise<void> | undefined
  let seq = 0
  let reqSeq = 0
  let ready = false

  const registry = createRegistry({
    clock,
    bus,
    getState: () => root.peek(),
    request: (n, i) => kernel.request(n as never, i as never),
    hasRequest: (n) => kernel.hasRequest(n),
    report: (e) => kernel.reportError(e),
    post: reduceRequestStatus,
    largeSlice: () => {
      // Until immer arrives, the copy keeps working; a failed download is tried again at the next large slice.
      immer ??= loadImmer().then(registry.useImmer, () => {
        immer = undefined
      })
    },
    viewMeta: (id) => catalog.viewMeta(id),
  })
  let initial = root.peek()

  // A disposed kernel records nothing: late work (a view's failed download, a slow request) cannot revive it.
  let disposed = false
  const emit = (type: string, payload: unknown, requestId?: string) => {
    if (disposed) return
    if (dev) {
      const bad = findNonSerializable(payload, 'payload')
      invariant(!bad, `event "${type}" carries a value that is not plain data: ${bad} (DESIGN §2.4)`)
    }
    const event: FoyerEvent<string> = {
      type,
      payload,
      meta: requestId ? { seq: ++seq, at: clock.now(), requestId } : { seq: ++seq, at: clock.now() },
    } as FoyerEvent<string>
    const before = root.peek()
    const next = registry.reduce(before, event)
    log.append(event, before)
    if (next !== before) root.value = next
    bus.emit(type, event)
  }

  const contextFor = (requestId: string, signal: AbortSignal) => ({
    requestId,
    signal,
    emit: (type: string, payload: unknown) => emit(type, payload, requestId),
    request: kernel.request,
    on: kernel.on,
    getState: () => root.peek(),
    hasRequest: (name: string) => kernel.hasRequest(name),
    hasView: (id: string) => !!registry.view(id) || !!catalog.ownerOfView(id),
    clock,
    storage,
    http,
  })

  const kernel: Kernel = {
    state: root,
    getState: () => root.peek(),
    select: (fn) => computed(() => fn(root.value)),
    emit: (type, payload, requestId) => emit(type, payload, requestId),
    request: (async (name: string, input?: unknown) => {
      if (!registry.handler(name)) {
        const owner = catalog.ownerOfRequest(name)
        if (owner) await kernel.load(owner.id)
      }
      const handler = registry.handler(name)
      invariant(handler, `no handler for request "${name}"`)
      const requestId = `r${++reqSeq}`
      emit(`${name}/started`, { input: input ?? null }, requestId)
      try {
        const output = await handler(input, contextFor(requestId, registry.handlerSignal(name)!) as never)
        emit(`${name}/succeeded`, {}, requestId)
        return output
      } catch (error) {
        emit(`${name}/failed`, { error: serializeError(error), rejected: isUserRejection(error) }, requestId)
        throw error
      }
    }) as Kernel['request'],
    // one input or none: request reads a missing input as undefined, so it need not be spread (first-paint bytes)
    send: (name: string, input?: unknown) =>
      void kernel.request(name as never, input as never).catch(kernel.reportError),
    hasRequest: (name) => !!registry.handler(name) || !!catalog.ownerOfRequest(name),
    on: (type, fn) => {
      bus.on(type, fn as never)
      return () => bus.off(type, fn as never)
    },
    onAny(fn) {
      const h = (_t: string, e: FoyerEvent<string>) => fn(e)
      bus.on('*', h as never)
      return () => bus.off('*', h as never)
    },
    register(plugin) {
      const dispose = registry.add(plugin, {
        addSlice: (id, slice) => {
          if (ready) emit('plugin/loaded', { id, slice })
          else {
            root.value = { ...root.peek(), [id]: slice } as KernelState
          }
        },
        removeSlice: (id) => emit('plugin/unloaded', { id }),
        context: (signal) => ({ ...contextFor('setup', signal), on: kernel.on, options }),
        ready: () => ready,
      })
      return dispose
    },
    load(id) {
      if (registry.has(id)) return Promise.resolve()
      const pending = loading.get(id)
      if (pending) return pending
      const manifest = catalog.get(id)
      invariant(manifest, `unknown plugin "${id}"`)
      const promise = importPlugin(manifest)
        .then(async (def) => {
          // A manifest that drifted from its plugin would offer views and requests that never arrive.
          // (checked in development only: a production build keeps neither the check nor its message)
          if (dev) {
            const drift = manifestDrift(manifest, def)
            invariant(!drift.length, `plugin "${id}" does not match its manifest: ${drift.join('; ')}`)
          }
          for (const dep of def.requires ?? []) if (catalog.get(dep)) await kernel.load(dep)
          if (!registry.has(id)) kernel.register(def)
        })
        .finally(() => loading.delete(id))
      loading.set(id, promise)
      return promise
    },
    getView: (id) => registry.view(id),
    viewMeta: (id) => registry.view(id) ?? catalog.viewMeta(id),
    async ensureView(id) {
      if (registry.view(id)) return registry.view(id)
      const owner = catalog.ownerOfView(id)
      if (owner) await kernel.load(owner.id)
      return registry.view(id)
    },
    prefetchView(id) {
      prefetch(catalog.ownerOfView(id))
    },
    prefetchRequest(name) {
      prefetch(catalog.ownerOfRequest(name))
    },
    viewIds: () => [...new Set([...registry.viewIds(), ...catalog.viewIds()])],
    isViewLoaded: (id) => !!registry.view(id),
    entries: (point) => {
      const listed = catalog.entries()
      // A loaded plugin may add entries its manifest does not list (ones that only matter once it runs).
      const fromDefinitions = registry
        .definitions()
        .flatMap((d) => (d.entries ?? []).map((e) => ({ ...e, plugin: d.id })))
        .filter((e) => !listed.some((l) => l.plugin === e.plugin && l.point === e.point && l.id === e.id))
      return [...listed, ...fromDefinitions].filter((e) => e.point === point)
    },
    log: () => log.read(root.peek()),
    replay: (events, base = initial) => events.reduce((s, e) => registry.reduce(s, e), base),
    get initialState() {
      return initial
    },
    reportError(error, category) {
      const { error: wrapped } = reporter.report(error, category)
      emit('error/reported', { error: serializeError(wrapped) })
      return wrapped
    },
    clock,
    storage,
    http,
    options,
    dispose() {
      registry.disposeAll()
      bus.all.clear()
      disposed = true
    },
    [Symbol.dispose]() {
      kernel.dispose()
    },
  }

  for (const entry of opts.plugins ?? []) {
    if (isManifest(entry)) catalog.add(entry)
    else kernel.register(entry)
  }
  initial = root.peek()
  ready = true
  registry.startAll()
  // Manifests' eager start-up work runs once everything is registered (e.g. restoring a stored connection).
  const bootSignal = new AbortController().signal
  for (const m of opts.boot === false ? [] : catalog.all()) {
    try {
      m.boot?.({ ...contextFor('boot', bootSignal), on: kernel.on, options })
    } catch (error) {
      kernel.reportError(error)
    }
  }
  return kernel
}
