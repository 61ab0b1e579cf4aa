// Properties of the event log: replaying the retained events over the log's base gives the current state (also
// across a late plugin load), replay from the initial state works while the log has not wrapped, and the log stays
// within its capacity with `dropped` counting what fell out.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createEventLog, definePlugin, type FoyerEvent, type PluginManifest } from './index.js'
import { createTestKernel, emitRaw, type TestKernel } from './testing/test-kernel.js'

type Counter = { n: number }
const counter = definePlugin<Counter>({
  id: 'counter',
  state: {
    init: () => ({ n: 0 }),
    on: {
      ['test/incremented' as never]: (s: Counter, p: { by: number }) => {
        s.n += p.by
      },
    },
  },
})

// A late plugin whose slice derives from the state at load time and then follows its own events.
const lazyManifest: PluginManifest = {
  id: 'lazy',
  views: { LazyView: {} },
  load: async () =>
    definePlugin<{ base: number; mode: string; seen: number[] }>({
      id: 'lazy',
      state: {
        init: (s) => ({ base: (s as unknown as { counter: Counter }).counter.n, mode: s.theme.mode, seen: [] }),
        on: {
          ['test/incremented' as never]: (s: { seen: number[] }, p: { by: number }) => {
            s.seen.push(p.by)
          },
          'theme/modeChanged': (s, p) => {
            s.mode = p.mode
          },
        },
      },
      views: { LazyView: { component: 'lazy' } },
    }),
}

type Op =
  | { op: 'inc'; by: number }
  | { op: 'theme'; mode: 'light' | 'dark' }
  | { op: 'connect' | 'disconnect'; namespace: 'eip155' | 'solana' }
  | { op: 'open'; view?: 'Networks' | 'SIWXSignMessage' }
  | { op: 'push'; view: 'AllWallets' | 'ConnectingFarcaster' | 'Connect' }
  | { op: 'back' | 'close' | 'load' }
  | { op: 'snackbar'; message: string }
  | { op: 'advance'; ms: number }
  | { op: 'siwx'; required: boolean }

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('inc' as const), by: fc.integer({ min: -5, max: 5 }) }),
  fc.record({ op: fc.constant('theme' as const), mode: fc.constantFrom('light' as const, 'dark' as const) }),
  fc.record({
    op: fc.constantFrom('connect' as const, 'disconnect' as const),
    namespace: fc.constantFrom('eip155' as const, 'solana' as const),
  }),
  fc.record(
    {
      op: fc.constant('open' as const),
      view: fc.option(fc.constantFrom('Networks' as const, 'SIWXSignMessage' as const), { nil: undefined }),
    },
    { requiredKeys: ['op'] },
  ),
  fc.record({
    op: fc.constant('push' as const),
    view: fc.constantFrom('AllWallets' as const, 'ConnectingFarcaster' as const, 'Connect' as const),
  }),
  fc.record({ op: fc.constantFrom('back' as const, 'close' as const, 'load' as const) }),
  fc.record({ op: fc.constant('snackbar' as const), message: fc.string({ maxLength: 8 }) }),
  fc.record({ op: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 3000 }) }),
  fc.record({ op: fc.constant('siwx' as const), required: fc.boolean() }),
)

async function run(k: TestKernel, o: Op): Promise<void> {
  switch (o.op) {
    case 'inc':
      return emitRaw(k, 'test/incremented', { by: o.by })
    case 'theme':
      await k.request('theme/setMode', { mode: o.mode })
      return
    case 'connect':
      return k.emit('wallet/connected', { namespace: o.namespace, caipAddress: `${o.namespace}:1:a`, connectorId: 'x' })
    case 'disconnect':
      return k.emit('wallet/disconnected', { namespace: o.namespace })
    case 'open':
      return k.request('modal/open', o.view ? { view: o.view } : undefined)
    case 'push':
      return k.request('router/push', { view: o.view })
    case 'back':
      return k.request('router/back')
    case 'close':
      await k.request('modal/close')
      return
    case 'load':
      await k.ensureView('LazyView')
      return
    case 'snackbar':
      return k.request('snackbar/show', { variant: 'success', message: o.message })
    case 'advance':
      return k.clock.advance(o.ms)
    case 'siwx':
      return k.emit('siwx/requirementChanged', { required: o.required })
  }
}

describe('event log and replay', () => {
  it('replay(log.events, log.base) equals the current state; replay(events) from the start while not wrapped', async () => {
    let wrapped = 0
    let whole = 0
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(1, 3, 16, 64, 1000),
        fc.array(opArb, { maxLength: 60, size: 'max' }),
        async (logCapacity, ops) => {
          const k = createTestKernel({ plugins: [counter, lazyManifest], logCapacity })
          try {
            for (const o of ops) {
              await run(k, o)
              const log = k.log()
              expect(k.replay(log.events, log.base)).toEqual(k.getState())
            }
            const log = k.log()
            if (log.dropped === 0) {
              whole++
              expect(k.replay(log.events)).toEqual(k.getState())
            } else wrapped++
          } finally {
            k.dispose()
          }
        },
      ),
      { numRuns: 300 },
    )
    // both branches were exercised
    expect(wrapped).toBeGreaterThan(10)
    expect(whole).toBeGreaterThan(10)
  }, 30_000)

  it('a late plugin load is in the log and replays into the same slice', async () => {
    const k = createTestKernel({ plugins: [counter, lazyManifest] })
    emitRaw(k, 'test/incremented', { by: 3 })
    await k.ensureView('LazyView')
    emitRaw(k, 'test/incremented', { by: 2 })
    const state = k.getState() as unknown as { lazy: { base: number; seen: number[] }; counter: Counter }
    expect(state.lazy).toEqual({ base: 3, mode: 'dark', seen: [2] })
    expect(k.log().events.map((e) => e.type)).toEqual(['test/incremented', 'plugin/loaded', 'test/incremented'])
    expect(k.replay(k.log().events)).toEqual(k.getState())
    k.dispose()
  })

  it('the kernel log stays within logCapacity and `dropped` counts what fell out', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 3000 }), (logCapacity, count) => {
        const k = createTestKernel({ plugins: [counter], logCapacity })
        const seqs: number[] = []
        k.onAny((e) => seqs.push(e.meta.seq))
        for (let i = 0; i < count; i++) emitRaw(k, 'test/incremented', { by: 1 })
        const log = k.log()
        const kept = Math.min(count, logCapacity)
        expect(log.events).toHaveLength(kept)
        expect(log.dropped).toBe(count - kept)
        expect(log.events.map((e) => e.meta.seq)).toEqual(seqs.slice(seqs.length - kept))
        expect((log.base as unknown as { counter: Counter }).counter.n).toBe(count - kept)
        k.dispose()
      }),
      { numRuns: 200 },
    )
  })

  it('createEventLog: any append sequence keeps the newest `capacity` events in order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.array(fc.nat(), { maxLength: 300 }), (capacity, values) => {
        const log = createEventLog<number>(capacity)
        values.forEach((v, i) =>
          log.append({ type: 't', payload: v, meta: { seq: i + 1, at: 0 } } as FoyerEvent<string>, i),
        )
        const r = log.read(-1)
        const kept = Math.min(values.length, capacity)
        expect(log.size).toBe(kept)
        expect(r.events.map((e) => e.payload)).toEqual(values.slice(values.length - kept))
        expect(r.dropped).toBe(values.length - kept)
        expect(r.base).toBe(values.length ? values.length - kept : -1)
      }),
      { numRuns: 300 },
    )
  })
})
