// API throughput and latency on loopback: the API runs in a child process (its own event loop) over in-memory PGlite
// (or DATABASE_URL when set); this process drives N concurrent keep-alive connections per scenario for a fixed time.
// Run: npx tsx bench/api.ts [--connections 10] [--seconds 5] [--in-process] [--no-balances]
// Balances are included when server/api/routes/balances.ts exists: the child then starts one local anvil chain.
import { fork } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { startApi } from '../server/api/server.js'
import type { ChainConfig } from '../server/types.js'
import { percentile } from './stats.js'

const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const HAS_BALANCES =
  existsSync(fileURLToPath(new URL('../server/api/routes/balances.ts', import.meta.url))) &&
  !process.argv.includes('--no-balances')

interface Served {
  url: string
  balances: boolean
  close(): Promise<void>
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`)
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN
  return Number.isFinite(v) && v > 0 ? v : fallback
}

async function serve(): Promise<Served> {
  let chains: ChainConfig[] = []
  let stopChains = async (): Promise<void> => undefined
  if (HAS_BALANCES) {
    try {
      const { startChains } = await import('../server/chains/index.js')
      const local = await startChains({ chains: [{ chainId: 1 }], fund: [OWNER] })
      chains = local.chains
      stopChains = () => local.close()
    } catch (err) {
      console.error(`[bench] no local chain, skipping balances: ${(err as Error).message}`)
    }
  }
  const api = await startApi({ config: { dataDir: 'memory://', databaseUrl: process.env.DATABASE_URL, chains } })
  return {
    url: api.url,
    balances: chains.length > 0,
    close: async () => {
      await api.close()
      await stopChains()
    },
  }
}

if (process.argv.includes('--serve')) {
  const served = await serve()
  process.send?.({ url: served.url, balances: served.balances })
  process.on('message', () => void served.close().then(() => process.exit(0)))
} else {
  await main()
}

async function startServerProcess(): Promise<Served> {
  if (process.argv.includes('--in-process')) return serve()
  const child = fork(fileURLToPath(import.meta.url), ['--serve', ...process.argv.slice(2)], {
    execArgv: process.execArgv,
    stdio: 'inherit',
  })
  const info = await new Promise<{ url: string; balances: boolean }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { url: string; balances: boolean }))
    child.once('exit', (code) => reject(new Error(`API process exited with ${code}`)))
  })
  return { ...info, close: () => new Promise((resolve) => (child.once('exit', () => resolve()), child.send('close'))) }
}

interface Result {
  scenario: string
  requests: number
  errors: number
  rps: number
  p50: number
  p99: number
}

async function run(
  scenario: string,
  paths: (i: number) => string,
  base: string,
  connections: number,
  seconds: number,
): Promise<Result> {
  const latencies: number[] = []
  let errors = 0
  let counter = 0
  const deadline = performance.now() + seconds * 1000
  const started = performance.now()
  // Each worker is one keep-alive connection in practice: Node's fetch pools sockets per origin and reuses them.
  const worker = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const t = performance.now()
      try {
        const res = await fetch(base + paths(counter++))
        await res.arrayBuffer()
        if (res.status >= 400) errors++
      } catch {
        errors++
      }
      latencies.push(performance.now() - t)
    }
  }
  await Promise.all(Array.from({ length: connections }, worker))
  const elapsed = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return {
    scenario,
    requests: latencies.length,
    errors,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  }
}

async function main(): Promise<void> {
  const connections = arg('connections', 10)
  const seconds = arg('seconds', 5)
  const served = await startServerProcess()
  const searches = ['meta', 'wallet', 'rain', 'safe', 'x', 'trust', 'zer', 'bit', 'zz', 'ledger']
  const scenarios: Array<[string, (i: number) => string]> = [
    ['wallets search (entries=40)', (i) => `/v1/wallets?entries=40&search=${searches[i % searches.length]}`],
    ['wallets page (entries=40)', (i) => `/v1/wallets?entries=40&page=${(i % 14) + 1}`],
    ['project config', () => '/v1/projects/0123456789abcdef0123456789abcdef/config'],
  ]
  if (served.balances)
    scenarios.push(['balances (1 local chain, 3 tokens)', () => `/v1/balances/${OWNER}?chainId=eip155:1`])
  try {
    // Warm-up: JIT and the store's first queries would otherwise land in the first scenario's p99.
    await run('warm-up', scenarios[0][1], served.url, connections, 1)
    const results: Result[] = []
    for (const [name, paths] of scenarios) results.push(await run(name, paths, served.url, connections, seconds))
    console.log(
      `API bench: ${connections} connections × ${seconds} s per scenario, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (memory)'}, ${served.url}`,
    )
    console.table(
      results.map((r) => ({
        scenario: r.scenario,
        requests: r.requests,
        errors: r.errors,
        'req/s': Math.round(r.rps),
        'p50 ms': r.p50.toFixed(2),
        'p99 ms': r.p99.toFixed(2),
      })),
    )
    if (!served.balances) console.log('balances: not measured (no balances route or no local chain)')
  } finally {
    await served.close()
  }
}
