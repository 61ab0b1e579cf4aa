// Relay throughput and delivery latency on loopback: N raw protocol clients in pairs, each pair sharing a topic,
// every client publishing to its peer with a bounded number of publishes in flight. The relay runs in a child
// process so its event loop is not shared with the clients'. Run: npx tsx bench/relay.ts [--clients 100]
// [--messages 20000] [--seconds 20 (wall-clock budget, split across phases)] [--size 512] [--window 8] [--in-process]
import { fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { connectRawClient, type RawRelayClient } from '../server/relay/raw-client.js'
import { startRelay, type RelayOptions } from '../server/relay/relay.js'
import { BENCH_RELAY_LIMITS } from './relay-limits.js'
import { percentile } from './stats.js'

const RELAY_OPTS: RelayOptions = BENCH_RELAY_LIMITS

if (process.argv.includes('--serve')) {
  const relay = await startRelay(RELAY_OPTS)
  process.send?.({ url: relay.url })
  process.on('message', () => void relay.close().then(() => process.exit(0)))
} else {
  await main()
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN
  return Number.isFinite(v) && v > 0 ? v : fallback
}

async function startRelayProcess(): Promise<{ url: string; close(): Promise<void> }> {
  if (process.argv.includes('--in-process')) return startRelay(RELAY_OPTS)
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: process.execArgv, stdio: 'inherit' })
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { url: string }).url))
    child.once('exit', (code) => reject(new Error(`relay process exited with ${code}`)))
  })
  return { url, close: () => new Promise((resolve) => (child.once('exit', () => resolve()), child.send('close'))) }
}

interface PhaseResult {
  phase: string
  window: number
  published: number
  delivered: number
  errors: number
  seconds: number
  deliveredPerSecond: number
  p50Ms: number
  p99Ms: number
  maxMs: number
}

// Each client keeps `window` publishes in flight to its peer until `total` messages are out or time runs out.
async function runPhase(
  phase: string,
  clients: RawRelayClient[],
  topics: string[],
  total: number,
  window: number,
  seconds: number,
  padding: string,
): Promise<PhaseResult> {
  const latencies: number[] = []
  const onDelivery = (d: { message: string; receivedAt: number }) => {
    if (d.message.startsWith(`${phase}:`)) latencies.push(d.receivedAt - Number(d.message.split(':')[1]))
  }
  for (const c of clients) c.onDelivery(onDelivery)
  let sent = 0
  let errors = 0
  const perClient = Math.ceil(total / clients.length)
  const start = performance.now()
  const deadline = start + seconds * 1000
  async function run(c: RawRelayClient, topic: string, index: number): Promise<void> {
    let mine = 0
    const lane = async () => {
      while (mine < perClient && sent < total && performance.now() < deadline) {
        mine++
        sent++
        const message = `${phase}:${performance.now()}:${index}:${mine}:${padding}`
        await c.request('irn_publish', { topic, message, ttl: 60, tag: 1108 }).catch(() => errors++)
      }
    }
    await Promise.all(Array.from({ length: window }, lane))
  }
  await Promise.all(clients.map((c, i) => run(c, topics[i >> 1], i)))
  // Deliveries trail the last acknowledgement slightly; wait for them, bounded.
  const drainUntil = performance.now() + 2000
  while (latencies.length < sent - errors && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 5))
  const elapsed = (performance.now() - start) / 1000
  const sorted = latencies.sort((a, b) => a - b)
  const round = (n: number) => Number(n.toFixed(2))
  return {
    phase,
    window,
    published: sent,
    delivered: sorted.length,
    errors,
    seconds: round(elapsed),
    deliveredPerSecond: Math.round(sorted.length / elapsed),
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted[sorted.length - 1] ?? NaN),
  }
}

async function main(): Promise<void> {
  const clientCount = Math.max(2, Math.floor(arg('clients', 100) / 2) * 2)
  const total = arg('messages', 20_000)
  const seconds = arg('seconds', 20)
  const size = arg('size', 512)
  const window = arg('window', 8)
  const relay = await startRelayProcess()
  const clients: RawRelayClient[] = []
  for (let i = 0; i < clientCount; i += 10) {
    const batch = Array.from({ length: Math.min(10, clientCount - i) }, () => connectRawClient(relay.url))
    clients.push(...(await Promise.all(batch)))
  }
  const topics = Array.from({ length: clientCount / 2 }, () => randomBytes(32).toString('hex'))
  await Promise.all(clients.map((c, i) => c.request('irn_subscribe', { topic: topics[i >> 1] })))
  const padding = randomBytes(size).toString('base64').slice(0, size)
  // A short unreported warm-up, so JIT compilation does not land in the latency tail.
  await runPhase('warmup', clients, topics, Math.min(2000, total), 1, seconds / 4, padding)
  // Latency with one publish in flight per client (clientCount concurrent); throughput with `window` in flight.
  const phases = [
    await runPhase('latency', clients, topics, Math.ceil(total / 4), 1, seconds / 2, padding),
    await runPhase('throughput', clients, topics, total, window, seconds / 2, padding),
  ]
  await Promise.all(clients.map((c) => c.close()))
  await relay.close()

  console.log(
    `relay bench: ${clientCount} clients in ${clientCount / 2} pairs on loopback, ${size}-byte messages, relay ${process.argv.includes('--in-process') ? 'in process' : 'in a child process'}`,
  )
  console.table(
    Object.fromEntries(
      phases.map((p) => [
        `${p.phase} (window ${p.window})`,
        {
          published: p.published,
          delivered: p.delivered,
          errors: p.errors,
          s: p.seconds,
          'msg/s': p.deliveredPerSecond,
          'p50 ms': p.p50Ms,
          'p99 ms': p.p99Ms,
          'max ms': p.maxMs,
        },
      ]),
    ),
  )
  console.log(
    JSON.stringify({
      bench: 'relay',
      clients: clientCount,
      payloadBytes: size,
      relayInProcess: process.argv.includes('--in-process'),
      node: process.version,
      phases,
    }),
  )
}
