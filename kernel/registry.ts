// What plugins registered: slices and their reducers, request handlers, views, reactions and teardowns.
import { signal } from '@preact/signals-core'
import type { Emitter } from 'mitt'
import type { Clock, TimerHandle } from './clock.js'
import { produceByCopy, type Produce } from './drafts.js'
import { invariant } from './invariant.js'
import type { PluginContext, PluginDefinition, Reaction, ViewMeta, ViewSpec } from './plugin.js'
import type { FoyerEvent, KernelState } from './types.js'

type AnyReducer = (slice: unknown, payload: unknown, event: FoyerEvent<string>, root: unknown) => unknown
type AnyHandler = (input: unknown, ctx: never) => unknown

interface Hooks {
  addSlice(id: string, slice: unknown): void
  removeSlice(id: string): void
  context(signal: AbortSignal): PluginContext
  ready(): boolean
}

interface Deps {
  /** What a manifest says of a view (title, footer), merged under the definition's own spec. */
  viewMeta?(id: string): ViewMeta | undefined
  clock: Clock
  bus: Emitter<Record<string, FoyerEvent<string>>>
  getState(): KernelState
  request(name: string, input: unknown): Promise<unknown>
  hasRequest(name: string): boolean
  report(error: unknown): void
  /** Runs after the slice reducers for every event (the kernel's request-status bookkeeping). */
  post?(state: KernelState, event: FoyerEvent<string>): KernelState
  /** A reducer copied a slice past `LargeSliceNodes` objects (the kernel then loads immer). */
  largeSlice?(): void
}

/** The kernel's book of registrations; internal. */
export function createRegistry(deps: Deps) {
  const plugins = new Map<
    string,
    { def: PluginDefinition; teardowns: Array<() => void>; hooks: Hooks; started: boolean; abort: AbortController }
  >()
  const reducers = new Map<string, Array<[string, AnyReducer]>>()
  const handlers = new Map<string, { fn: AnyHandler; signal: AbortSignal }>()
  const views = new Map<string, ViewSpec>()
  // Views change without state changing (a plugin may have no slice): readers subscribe to this version instead.
  const viewsVersion = signal(0)
  const timers = new Set<TimerHandle>()
  const meta = (id: string): ViewMeta => deps.viewMeta?.(id) ?? {}
  let produce: Produce = (base, recipe) => produceByCopy(base, recipe, deps.largeSlice)

  const runReaction = (r: Reaction, event: FoyerEvent<string>) => {
    const state = deps.getState()
    if (r.when && !r.when(event as never, state)) return
    const go = () => {
      if (r.optional && !deps.hasRequest(r.request)) return
      const input = r.input ? r.input(event as never, deps.getState()) : undefined
      deps.request(r.request, input).catch(deps.report)
    }
    if (!r.after) return go()
    const t = deps.clock.setTimeout(() => {
      timers.delete(t)
      go()
    }, r.after)
    timers.add(t)
  }

  const start = (id: string) => {
    const entry = plugins.get(id)!
    if (entry.started) return
    entry.started = true
    const teardown = entry.def.setup?.(entry.hooks.context(entry.abort.signal))
    if (teardown) entry.teardowns.push(teardown)
  }

  const reduceSlices = (state: KernelState, event: FoyerEvent<string>): KernelState => {
    if (event.type === 'plugin/loaded' || event.type === 'plugin/unloaded') {
      const { id, slice } = event.payload as { id: string; slice?: unknown }
      const next = { ...state } as Record<string, unknown>
      if (event.type === 'plugin/loaded') next[id] = slice
      else delete next[id]
      return next as unknown as KernelState
    }
    const list = reducers.get(event.type)
    if (!list) return state
    // One draft per listening slice, not per root: cheaper on the hot path, and reading other slices through `root`
    // creates no drafts. Later reducers see earlier ones' results; unchanged slices keep their identity.
    let next = state as unknown as Record<string, unknown>
    for (const [id, fn] of list) {
      const slice = next[id]
      if (slice === undefined) continue
      const root = next
      const out = produce(slice, (draft: unknown) => fn(draft, event.payload, event, root) as never)
      if (out === slice) continue
      if (next === (state as unknown)) next = { ...next }
      next[id] = out
    }
    return (next === (state as unknown) ? state : Object.freeze(next)) as KernelState
  }

  return {
    has: (id: string) => plugins.has(id),
    handler: (name: string) => handlers.get(name)?.fn,
    /** The abort signal of the plugin that handles `name`. */
    handlerSignal: (name: string) => handlers.get(name)?.signal,
    /** Reactive: reading it subscribes the caller (computed, effect, useSignals) to view registrations. */
    view: (id: string) => (void viewsVersion.value, views.get(id)),
    viewIds: () => (void viewsVersion.value, [...views.keys()]),
    definitions: () => [...plugins.values()].map((p) => p.def),

    /** Reducers run on immer's drafts from now on (drafts.ts says when). */
    useImmer(p: Produce) {
      produce = p
    },

    reduce(state: KernelState, event: FoyerEvent<string>): KernelState {
      const reduced = reduceSlices(state, event)
      return deps.post ? deps.post(reduced, event) : reduced
    },

    add(def: PluginDefinition, hooks: Hooks): () => void {
      invariant(!plugins.has(def.id), `plugin "${def.id}" is already registered`)
      for (const name of Object.keys(def.handlers ?? {}))
        invariant(!handlers.has(name), `request "${name}" already has a handler`)
      for (const id of Object.keys(def.views ?? {})) invariant(!views.has(id), `view "${id}" is already registered`)
      const teardowns: Array<() => void> = []
      const abort = new AbortController()
      plugins.set(def.id, { def, teardowns, hooks, started: false, abort })
      if (def.state) {
        hooks.addSlice(def.id, def.state.init(deps.getState()))
        for (const [type, fn] of Object.entries(def.state.on)) {
          const list = reducers.get(type) ?? []
          list.push([def.id, fn as AnyReducer])
          reducers.set(type, list)
          teardowns.push(() => {
            const l = reducers.get(type)!.filter(([id]) => id !== def.id)
            if (l.length) reducers.set(type, l)
            else reducers.delete(type)
          })
        }
        teardowns.push(() => hooks.removeSlice(def.id))
      }
      for (const [name, fn] of Object.entries(def.handlers ?? {})) {
        handlers.set(name, { fn: fn as AnyHandler, signal: abort.signal })
        teardowns.push(() => handlers.delete(name))
      }
      for (const [id, spec] of Object.entries(def.views ?? {})) {
        views.set(id, { ...meta(id), ...spec })
        teardowns.push(() => {
          views.delete(id)
          viewsVersion.value++
        })
      }
      if (def.views && Object.keys(def.views).length) viewsVersion.value++
      for (const r of def.reactions ?? []) {
        const fn = (e: FoyerEvent<string>) => runReaction(r, e)
        deps.bus.on(r.on, fn)
        teardowns.push(() => deps.bus.off(r.on, fn))
      }
      if (hooks.ready()) start(def.id)
      return () => {
        const entry = plugins.get(def.id)
        if (!entry) return
        plugins.delete(def.id)
        // Work in flight stops first; then teardowns run in LIFO order: the setup's teardown first, the slice last.
        entry.abort.abort()
        for (const t of entry.teardowns.reverse()) t()
      }
    },

    startAll() {
      for (const id of plugins.keys()) start(id)
    },

    disposeAll() {
      for (const t of timers) deps.clock.clearTimeout(t)
      timers.clear()
      for (const [id, entry] of [...plugins.entries()].reverse()) {
        plugins.delete(id)
        entry.abort.abort()
        for (const t of entry.teardowns.reverse()) {
          try {
            t()
          } catch (e) {
            deps.report(e)
          }
        }
      }
    },
  }
}
