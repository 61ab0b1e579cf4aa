// The kernel core through its public surface: emit/reduce/signals, requests, reactions, lazy plugins, dispose.
import { effect } from '@preact/signals-core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  createKernel,
  createFakeClock,
  definePlugin,
  UserRejectedError,
  FoyerError,
  type Kernel,
  type PluginManifest,
} from './index.js'
import { createTestKernel, emitRaw, flush, recordEvents, requestRaw } from './testing/test-kernel.js'
import { LargeSliceNodes } from './drafts.js'
import { produce as immerProduce } from './immer.js'

// Immer's produce, watched: the kernel switches to it once a slice grows large.
vi.mock('./immer.js', async (original) => {
  const m = await original<typeof import('./immer.js')>()
  return { produce: vi.fn(m.produce) }
})

const kernels: Kernel[] = []
const track = <K extends Kernel>(k: K): K => {
  kernels.push(k)
  return k
}
afterEach(() => {
  while (kernels.length) kernels.pop()!.dispose()
})

type Counter = { n: number; last?: string }
const counterPlugin = (id = 'counter') =>
  definePlugin<Counter>({
    id,
    state: {
      init: () => ({ n: 0 }),
      on: {
        ['test/incremented' as never]: (s: Counter, p: { by: number }) => {
          s.n += p.by
        },
        ['test/named' as never]: (s: Counter, p: { name: string }) => {
          s.last = p.name
        },
      },
    },
  })
const slice = (k: Kernel, id = 'counter') => (k.getState() as unknown as Record<string, Counter>)[id]

describe('emit, reduce, signals', () => {
  it('stamps seq, time and request id, reduces and notifies the bus', () => {
    const k = track(createTestKernel({ plugins: [counterPlugin()] }))
    const seen = recordEvents(k)
    k.clock.advance(42)
    emitRaw(k, 'test/incremented', { by: 2 })
    expect(slice(k).n).toBe(2)
    const e = seen.at(-1)!
    expect(e).toMatchObject({ type: 'test/incremented', payload: { by: 2 }, meta: { at: 42 } })
    expect(e.meta.seq).toBeGreaterThan(0)
    ;(k.emit as (t: string, p: unknown, r?: string) => void)('test/incremented', { by: 1 }, 'r9')
    expect(seen.at(-1)!.meta).toMatchObject({ requestId: 'r9', seq: e.meta.seq + 1 })
  })

  it('state is immutable: an event nobody reduces keeps the same state object', () => {
    const k = track(createTestKernel({ plugins: [counterPlugin()] }))
    const before = k.getState()
    emitRaw(k, 'test/nobodyListens', {})
    expect(k.getState()).toBe(before)
    emitRaw(k, 'test/incremented', { by: 1 })
    expect(k.getState()).not.toBe(before)
    expect(slice({ getState: () => before } as Kernel).n).toBe(0)
    expect(Object.isFrozen(k.getState())).toBe(true)
  })

  it('select notifies only when its slice changes', () => {
    const k = track(createTestKernel({ plugins: [counterPlugin('a'), counterPlugin('b')] }))
    const a = k.select((s) => (s as unknown as Record<string, Counter>).a)
    const runs: number[] = []
    const stop = effect(() => {
      runs.push(a.value.n)
    })
    expect(runs).toEqual([0])
    emitRaw(k, 'test/named', { name: 'x' }) // both slices change
    expect(runs).toEqual([0, 0])
    k.emit('theme/modeChanged', { mode: 'light' }) // another slice only
    k.emit('theme/modeChanged', { mode: 'dark' })
    expect(runs).toEqual([0, 0])
    emitRaw(k, 'test/incremented', { by: 3 })
    expect(runs).toEqual([0, 0, 3])
    stop()
  })

  it('reducers of one event run in registration order; later ones see earlier results in root; others keep identity', () => {
    type Pair = { n: number; sawA?: number }
    const a = definePlugin<Pair>({
      id: 'a',
      state: {
        init: () => ({ n: 0 }),
        on: {
          ['test/both' as never]: (s: Pair) => {
            s.n++
          },
          ['test/noop' as never]: () => {},
        },
      },
    })
    const b = definePlugin<Pair>({
      id: 'b',
      state: {
        init: () => ({ n: 0 }),
        on: {
          ['test/both' as never]: (_s: Pair, _p: unknown, _e: unknown, root: Record<string, Pair>) => ({
            n: 10,
            sawA: root.a.n,
          }),
        },
      },
    })
    const k = track(createTestKernel({ plugins: [a, b] }))
    const before = k.getState()
    emitRaw(k, 'test/both', {})
    const after = k.getState() as unknown as Record<string, Pair>
    expect(after.a).toEqual({ n: 1 })
    expect(after.b).toEqual({ n: 10, sawA: 1 })
    expect(k.getState().theme).toBe(before.theme)
    expect(Object.isFrozen(after) && Object.isFrozen(after.a) && Object.isFrozen(after.b)).toBe(true)
    // a reducer that changes nothing keeps the whole state
    emitRaw(k, 'test/noop', {})
    expect(k.getState()).toBe(after)
  })

  it('reduces on a plain copy, and on immer once a slice grows past LargeSliceNodes objects', async () => {
    const listPlugin = definePlugin<{ items: Array<{ n: number }> }>({
      id: 'list',
      state: {
        init: () => ({ items: [] }),
        on: {
          ['test/added' as never]: (s: { items: Array<{ n: number }> }, p: { count: number }) => {
            for (let i = 0; i < p.count; i++) s.items.push({ n: s.items.length })
          },
        },
      },
    })
    const k = track(createTestKernel({ plugins: [listPlugin] }))
    const items = () => (k.getState() as unknown as { list: { items: Array<{ n: number }> } }).list.items
    vi.mocked(immerProduce).mockClear()
    emitRaw(k, 'test/added', { count: 10 })
    emitRaw(k, 'test/added', { count: LargeSliceNodes })
    // The first event on a large slice still runs on a copy and sends for immer.
    emitRaw(k, 'test/added', { count: 1 })
    expect(items()).toHaveLength(LargeSliceNodes + 11)
    expect(immerProduce).not.toHaveBeenCalled()
    await new Promise((r) => setTimeout(r, 0))
    const before = items()
    emitRaw(k, 'test/added', { count: 1 })
    expect(immerProduce).toHaveBeenCalled()
    expect(items()).toHaveLength(LargeSliceNodes + 12)
    expect(items()[0]).toBe(before[0])
    expect(items().at(-1)).toEqual({ n: LargeSliceNodes + 11 })
  })

  it('kernel.on and onAny deliver events outward and unsubscribe', () => {
    const k = track(createTestKernel())
    const one = vi.fn()
    const any = vi.fn()
    const off1 = k.on('theme/modeChanged', one)
    const off2 = k.onAny(any)
    k.emit('theme/modeChanged', { mode: 'light' })
    off1()
    off2()
    k.emit('theme/modeChanged', { mode: 'dark' })
    expect(one).toHaveBeenCalledTimes(1)
    expect(any).toHaveBeenCalledTimes(1)
    expect(one.mock.calls[0][0].payload).toEqual({ mode: 'light' })
  })
})

describe('requests', () => {
  const echo = definePlugin({
    id: 'echo',
    handlers: {
      ['test/echo' as never]: (input: { v: number }, ctx: { emit: (t: string, p: unknown) => void }) => {
        ctx.emit('test/echoed', input)
        return input.v * 2
      },
      ['test/fail' as never]: () => {
        throw new FoyerError('Boom', { code: 'BOOM', category: 'WALLET' })
      },
      ['test/reject' as never]: () => {
        throw new UserRejectedError()
      },
      ['test/reject4001' as never]: () => {
        throw Object.assign(new Error('nope'), { code: 4001 })
      },
    } as never,
  })

  it('runs the one handler inside started/succeeded events carrying the request id', async () => {
    const k = track(createTestKernel({ plugins: [echo] }))
    const seen = recordEvents(k)
    await expect(requestRaw(k, 'test/echo', { v: 21 })).resolves.toBe(42)
    expect(seen.map((e) => e.type)).toEqual(['test/echo/started', 'test/echoed', 'test/echo/succeeded'])
    const ids = new Set(seen.map((e) => e.meta.requestId))
    expect(ids.size).toBe(1)
    expect([...ids][0]).toMatch(/^r\d+$/)
    expect(seen[0].payload).toEqual({ input: { v: 21 } })
  })

  it('gives each call its own request id', async () => {
    const k = track(createTestKernel({ plugins: [echo] }))
    const seen = recordEvents(k)
    await Promise.all([requestRaw(k, 'test/echo', { v: 1 }), requestRaw(k, 'test/echo', { v: 2 })])
    expect(new Set(seen.map((e) => e.meta.requestId)).size).toBe(2)
  })

  it('emits failed with a serialized error and rethrows', async () => {
    const k = track(createTestKernel({ plugins: [echo] }))
    const seen = recordEvents(k)
    await expect(requestRaw(k, 'test/fail')).rejects.toThrow('Boom')
    const failed = seen.find((e) => e.type === 'test/fail/failed')!
    expect(failed.payload).toEqual({
      error: { name: 'FoyerError', message: 'Boom', code: 'BOOM', category: 'WALLET' },
      rejected: false,
    })
    expect(failed.meta.requestId).toBe(seen[0].meta.requestId)
    expect(JSON.parse(JSON.stringify(failed.payload))).toEqual(failed.payload)
  })

  it('flags user rejection (class or 4001 code)', async () => {
    const k = track(createTestKernel({ plugins: [echo] }))
    const seen = recordEvents(k)
    await expect(requestRaw(k, 'test/reject')).rejects.toBeInstanceOf(UserRejectedError)
    await expect(requestRaw(k, 'test/reject4001')).rejects.toThrow('nope')
    const failed = seen
      .filter((e) => e.type.endsWith('/failed'))
      .map((e) => e.payload as { rejected: boolean; error: { code?: unknown; category?: string } })
    expect(failed.map((p) => p.rejected)).toEqual([true, true])
    expect(failed[0].error).toMatchObject({ code: 4001, category: 'USER_REJECTED' })
  })

  it('send: the outcome is not awaited, a failure is reported (sent unless a rejection), never left unhandled', async () => {
    const reports: unknown[] = []
    const k = track(createTestKernel({ plugins: [echo], sendErrorReport: (r) => reports.push(r) }))
    const seen = recordEvents(k)
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    const send = k.send as (name: string, input?: unknown) => void
    try {
      expect(send('test/echo', { v: 1 })).toBeUndefined()
      send('test/fail')
      send('test/reject')
      await flush()
      await new Promise((r) => setTimeout(r, 0)) // unhandled rejections are noticed a macrotask later
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
    expect(unhandled).toEqual([])
    expect(seen.map((e) => e.type)).toContain('test/echo/succeeded')
    const reported = seen.filter((e) => e.type === 'error/reported').map((e) => e.payload)
    expect(reported).toEqual([
      { error: { name: 'FoyerError', message: 'Boom', code: 'BOOM', category: 'WALLET' } },
      { error: expect.objectContaining({ name: 'UserRejectedError', code: 4001, category: 'USER_REJECTED' }) },
    ])
    expect(reports).toEqual([expect.objectContaining({ errorType: 'WALLET', errorMessage: 'Boom' })])
  })

  it('refuses a second handler for the same request and an unknown request', async () => {
    const k = track(createTestKernel({ plugins: [echo] }))
    expect(() =>
      k.register(definePlugin({ id: 'echo2', handlers: { ['test/echo' as never]: () => 1 } as never })),
    ).toThrow(/already has a handler/)
    await expect(requestRaw(k, 'test/missing')).rejects.toThrow(/no handler/)
    expect(k.hasRequest('test/echo')).toBe(true)
    expect(k.hasRequest('test/missing')).toBe(false)
  })
})

describe('reactions', () => {
  const make = (reaction: Record<string, unknown>, provide = true) => {
    const calls: unknown[] = []
    const plugins = [
      definePlugin({ id: 'reacting', reactions: [reaction as never] }),
      ...(provide
        ? [
            definePlugin({
              id: 'target',
              handlers: {
                ['test/target' as never]: (i: unknown) => {
                  calls.push(i)
                },
              } as never,
            }),
          ]
        : []),
    ]
    return { k: track(createTestKernel({ plugins })), calls }
  }

  it('requests the follow-up when the event happens and `when` holds, with mapped input', async () => {
    const { k, calls } = make({
      on: 'test/ping',
      request: 'test/target',
      when: (e: { payload: { go: boolean } }) => e.payload.go,
      input: (e: { payload: { n: number } }) => ({ n: e.payload.n }),
    })
    emitRaw(k, 'test/ping', { go: false, n: 1 })
    emitRaw(k, 'test/ping', { go: true, n: 2 })
    await flush()
    expect(calls).toEqual([{ n: 2 }])
  })

  it('waits `after` ms on the fake clock', async () => {
    const { k, calls } = make({ on: 'test/ping', request: 'test/target', after: 100 })
    emitRaw(k, 'test/ping', {})
    k.clock.advance(99)
    await flush()
    expect(calls).toHaveLength(0)
    k.clock.advance(1)
    await flush()
    expect(calls).toHaveLength(1)
  })

  it('an optional reaction without a provider is skipped quietly; a required one is reported', async () => {
    const optional = make({ on: 'test/ping', request: 'test/target', optional: true }, false)
    const seen = recordEvents(optional.k)
    emitRaw(optional.k, 'test/ping', {})
    await flush()
    expect(seen.map((e) => e.type)).toEqual(['test/ping'])

    const required = make({ on: 'test/ping', request: 'test/target' }, false)
    const seen2 = recordEvents(required.k)
    emitRaw(required.k, 'test/ping', {})
    await flush()
    expect(seen2.map((e) => e.type)).toContain('error/reported')
  })

  it('dispose cancels reactions still waiting for their delay', async () => {
    const { k, calls } = make({ on: 'test/ping', request: 'test/target', after: 100 })
    emitRaw(k, 'test/ping', {})
    k.dispose()
    k.clock.advance(1000)
    await flush()
    expect(calls).toHaveLength(0)
    expect(k.clock.pending()).toBe(0)
  })
})

describe('lazy plugins', () => {
  const lazy = (onLoad: () => void): PluginManifest => ({
    id: 'lazy',
    views: { LazyView: {} },
    requests: ['lazy/do'],
    load: async () => {
      onLoad()
      await new Promise((r) => setTimeout(r, 5))
      return {
        default: definePlugin<{ seenProject: string; n: number }>({
          id: 'lazy',
          state: {
            init: (s) => ({ seenProject: s.config.projectId + (s.theme.mode === 'light' ? ':light' : ':dark'), n: 0 }),
            on: {
              ['test/incremented' as never]: (s: { n: number }, p: { by: number }) => {
                s.n += p.by
              },
            },
          },
          views: { LazyView: { component: 'lazy' } },
          handlers: { ['lazy/do' as never]: () => 'done' } as never,
        }),
      }
    },
  })

  it('a request or ensureView loads the plugin once, even when asked concurrently', async () => {
    const load = vi.fn()
    const k = track(createTestKernel({ plugins: [lazy(load)] }))
    expect(k.hasRequest('lazy/do')).toBe(true)
    expect(k.viewIds()).toContain('LazyView')
    expect(k.getView('LazyView')).toBeUndefined()
    const [a, b, v] = await Promise.all([requestRaw(k, 'lazy/do'), requestRaw(k, 'lazy/do'), k.ensureView('LazyView')])
    expect([a, b]).toEqual(['done', 'done'])
    expect(v).toEqual({ component: 'lazy' })
    await k.ensureView('LazyView')
    await k.load('lazy')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it("a late plugin's slice starts from init(currentState); earlier events are not replayed into it", async () => {
    const k = track(createTestKernel({ plugins: [lazy(() => {})] }))
    emitRaw(k, 'test/incremented', { by: 5 })
    k.emit('theme/modeChanged', { mode: 'light' })
    const seen = recordEvents(k)
    await k.ensureView('LazyView')
    const s = (k.getState() as unknown as Record<string, { seenProject: string; n: number }>).lazy
    expect(s).toEqual({ seenProject: 'test-project:light', n: 0 })
    expect(seen.map((e) => e.type)).toEqual(['plugin/loaded'])
    emitRaw(k, 'test/incremented', { by: 1 })
    expect((k.getState() as unknown as Record<string, { n: number }>).lazy.n).toBe(1)
  })

  it("prefetchView downloads a plugin's code without running it; the load that follows reuses the download", async () => {
    const load = vi.fn()
    const k = track(createTestKernel({ plugins: [lazy(load)] }))
    const seen = recordEvents(k)
    k.prefetchView('LazyView')
    k.prefetchView('LazyView')
    expect(load).toHaveBeenCalledTimes(1)
    await new Promise((r) => setTimeout(r, 20))
    expect(k.getView('LazyView')).toBeUndefined()
    expect(seen).toEqual([])
    await k.ensureView('LazyView')
    expect(k.getView('LazyView')).toBeDefined()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('a failed download is tried again by the next load', async () => {
    let attempts = 0
    const flaky: PluginManifest = {
      id: 'flaky',
      views: { FlakyView: {} },
      load: async () => {
        if (++attempts === 1) throw new Error('network down')
        return definePlugin({ id: 'flaky', views: { FlakyView: { component: 'flaky' } } })
      },
    }
    const k = track(createTestKernel({ plugins: [flaky] }))
    k.prefetchView('FlakyView')
    await expect(k.ensureView('FlakyView')).rejects.toThrow('network down')
    await expect(k.ensureView('FlakyView')).resolves.toEqual({ component: 'flaky' })
    expect(attempts).toBe(2)
  })

  it('ensureView of an unknown view resolves undefined', async () => {
    const k = track(createTestKernel())
    await expect(k.ensureView('Nope')).resolves.toBeUndefined()
  })
})

describe('dispose', () => {
  it('runs teardowns in LIFO order: later plugins first, setup teardown before the slice goes', () => {
    const order: string[] = []
    const mk = (id: string) =>
      definePlugin({
        id,
        state: { init: () => ({}), on: {} },
        setup: () => () => order.push(`${id}:setup`),
      })
    const k = createKernel({ plugins: [mk('a'), mk('b')], clock: createFakeClock() })
    k.onAny((e) => {
      if (e.type === 'plugin/unloaded') order.push(`${(e.payload as { id: string }).id}:slice`)
    })
    k.dispose()
    expect(order).toEqual(['b:setup', 'b:slice', 'a:setup', 'a:slice'])
  })

  it('unregistering one plugin tears down its setup, handlers, views and slice in LIFO order', async () => {
    const order: string[] = []
    const k = track(createTestKernel())
    k.onAny((e) => {
      if (e.type === 'plugin/unloaded') order.push('slice')
    })
    const off = k.register(
      definePlugin({
        id: 'late',
        state: { init: () => ({ x: 1 }), on: {} },
        views: { LateView: { component: 'late' } },
        handlers: { ['late/do' as never]: () => 1 } as never,
        setup: () => () => order.push('setup'),
      }),
    )
    expect((k.getState() as unknown as Record<string, unknown>).late).toEqual({ x: 1 })
    off()
    expect(order).toEqual(['setup', 'slice'])
    expect((k.getState() as unknown as Record<string, unknown>).late).toBeUndefined()
    expect(k.getView('LateView')).toBeUndefined()
    expect(k.hasRequest('late/do')).toBe(false)
    off() // idempotent
    expect(order).toEqual(['setup', 'slice'])
  })

  it('after dispose the bus is silent', () => {
    const k = createTestKernel()
    const fn = vi.fn()
    k.onAny(fn)
    k.dispose()
    fn.mockClear()
    k.emit('theme/modeChanged', { mode: 'light' })
    expect(fn).not.toHaveBeenCalled()
  })

  it('after dispose a late event changes nothing and reaches no listener, not even one added later', () => {
    const k = createTestKernel()
    k.dispose()
    const before = k.getState()
    const late = vi.fn()
    k.onAny(late)
    k.reportError(new Error('a view failed to download after the page closed the modal'))
    k.emit('theme/modeChanged', { mode: 'light' })
    expect(late).not.toHaveBeenCalled()
    expect(k.getState()).toBe(before)
  })
})
