// Kernel throughput and memory: 1,000,000 events through kernel.emit with a select() subscribed by an effect, so
// each event is emitted, reduced (on a copy of the small slice: kernel/drafts.ts), logged (bounded ring) and pushed
// through the signal graph.
// Run: node --expose-gc --import tsx bench/kernel.ts   (exits 1 below 200,000 events/s or on >10% heap growth)
import { effect } from '@preact/signals-core'
import {
  corePlugins,
  createFakeClock,
  createKernel,
  createStorage,
  definePlugin,
  memoryBackend,
  type Kernel,
} from '../kernel/index.js'

const TOTAL = 1_000_000
const CHECKPOINTS = [100_000, 250_000, 500_000, 1_000_000]
const MIN_EVENTS_PER_S = 200_000
const MAX_HEAP_DRIFT = 0.1

const gc = (globalThis as { gc?: () => void }).gc
if (!gc) {
  console.error('run with node --expose-gc --import tsx bench/kernel.ts')
  process.exit(2)
}

// The bench slice counts its events; the event type is ad hoc, so no declaration merging leaks into the project.
const benchPlugin = definePlugin<{ count: number }>({
  id: 'bench',
  state: {
    init: () => ({ count: 0 }),
    on: {
      ['bench/ticked' as never]: (s: { count: number }) => {
        s.count++
      },
    },
  },
})

const kernel: Kernel = createKernel({
  plugins: [
    ...corePlugins({
      config: { projectId: 'bench', networks: [], namespaces: ['eip155'], mobile: false, features: {} },
    }),
    benchPlugin,
  ],
  clock: createFakeClock(),
  storage: createStorage(memoryBackend()),
})
const emit = kernel.emit as (type: string, payload: unknown) => void
const count = kernel.select((s) => (s as unknown as { bench: { count: number } }).bench.count)
let seen = 0
let effectRuns = 0
const stop = effect(() => {
  seen = count.value
  effectRuns++
})

const heap = () => {
  gc!()
  gc!()
  return process.memoryUsage().heapUsed
}
const payload = {}
// Warm up the JIT so the first checkpoint is not a compile benchmark.
for (let i = 0; i < 20_000; i++) emit('bench/ticked', payload)

const rows: Array<{ events: number; eventsPerS: number; heapMiB: number }> = []
let done = 0
let emitMs = 0
for (const target of CHECKPOINTS) {
  const n = target - done
  const t0 = performance.now()
  for (let i = 0; i < n; i++) emit('bench/ticked', payload)
  const ms = performance.now() - t0
  emitMs += ms
  done = target
  rows.push({ events: target, eventsPerS: Math.round(n / (ms / 1000)), heapMiB: heap() / 1048576 })
}
stop()

const eventsPerS = Math.round(TOTAL / (emitMs / 1000))
const heapAt100k = rows[0].heapMiB
const heapAt1M = rows[rows.length - 1].heapMiB
const drift = (heapAt1M - heapAt100k) / heapAt100k
const log = kernel.log()
const correct = seen === TOTAL + 20_000 && effectRuns === TOTAL + 20_000 + 1

console.log('events      segment events/s   heap used (MiB, after gc)')
for (const r of rows)
  console.log(
    `${String(r.events).padStart(9)}   ${String(r.eventsPerS).padStart(17)}   ${r.heapMiB.toFixed(2).padStart(10)}`,
  )
console.log(
  `total: ${TOTAL} events in ${emitMs.toFixed(0)} ms = ${eventsPerS} events/s; heap drift 100k→1M ${(drift * 100).toFixed(2)}%; log ${log.events.length} kept, ${log.dropped} dropped`,
)

const ok = eventsPerS >= MIN_EVENTS_PER_S && Math.abs(drift) <= MAX_HEAP_DRIFT && correct
console.log(
  JSON.stringify({
    bench: 'kernel',
    events: TOTAL,
    eventsPerS,
    minEventsPerS: MIN_EVENTS_PER_S,
    heapMiB: Object.fromEntries(rows.map((r) => [r.events, Number(r.heapMiB.toFixed(2))])),
    heapDrift: Number(drift.toFixed(4)),
    maxHeapDrift: MAX_HEAP_DRIFT,
    signalUpdates: effectRuns - 1,
    correct,
    ok,
  }),
)
kernel.dispose()
process.exit(ok ? 0 : 1)
