// @vitest-environment node
// SPEC §9 RPC settings on the read client, against a real HTTP server: 3 retries with exponential back-off from
// 150 ms, JSON-RPC batches (calls made together go out as one request), and the 10 s time-out the transport carries.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HandlerContext, KernelState } from '../../../kernel/index.js'
import { readClient, RpcSettings } from './reads.js'
import type { RequestEnv } from './session.js'

type Hit = { at: number; body: unknown }
let server: Server
let url = ''
let hits: Hit[] = []
let failFirst = 0

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      const body = JSON.parse(raw)
      hits.push({ at: performance.now(), body })
      if (hits.length <= failFirst) return void res.writeHead(503).end('busy')
      const answer = (c: { id: number }) => ({ jsonrpc: '2.0', id: c.id, result: '0x1' })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

// A fresh client per test (the env's cache is per env), on a network whose RPC URL is the test server.
function client() {
  const network = 'eip155:31337'
  const env: RequestEnv = {
    adapters: () => [],
    options: () => ({ projectId: 'p', customRpcUrls: { [network]: [{ url }] } }) as never,
    clients: new Map(),
  }
  const state = {
    account: { activeCaipNetworkId: network },
    config: { networks: [{ caipNetworkId: network, name: 'Anvil' }] },
  } as unknown as KernelState
  return readClient(env, { getState: () => state } as unknown as HandlerContext).then((r) => r.client)
}

describe('read client RPC settings (SPEC §9)', () => {
  it('carries retry 3, back-off 150 ms, time-out 10 s on its transport', async () => {
    const c = await client()
    expect(RpcSettings).toEqual({ retryCount: 3, retryDelayMs: 150, timeoutMs: 10_000, batchSize: 1000 })
    const t = c.transport as unknown as { retryCount: number; retryDelay: number; timeout: number }
    expect([t.retryCount, t.retryDelay, t.timeout]).toEqual([3, 150, 10_000])
  })

  it('retries a failing node 3 times, waiting about 150, 300 and 600 ms, then answers', async () => {
    hits = []
    failFirst = 3
    const c = await client()
    expect(await c.request({ method: 'eth_chainId' } as never)).toBe('0x1')
    expect(hits).toHaveLength(4)
    const gaps = hits.slice(1).map((h, i) => h.at - hits[i].at)
    // viem's back-off is exponential from the delay: ~150, ~300, ~600 ms (a little scheduling slack below)
    expect(gaps[0]).toBeGreaterThanOrEqual(140)
    expect(gaps[1]).toBeGreaterThanOrEqual(280)
    expect(gaps[2]).toBeGreaterThanOrEqual(580)
    hits = []
    failFirst = 10
    await expect((await client()).request({ method: 'eth_chainId' } as never)).rejects.toThrow()
    expect(hits).toHaveLength(4) // one try and 3 retries, no more
  }, 15_000)

  it('sends calls made together as one JSON-RPC batch', async () => {
    hits = []
    failFirst = 0
    const c = await client()
    const calls = Array.from({ length: 5 }, () => c.request({ method: 'eth_blockNumber' } as never))
    expect(await Promise.all(calls)).toEqual(['0x1', '0x1', '0x1', '0x1', '0x1'])
    expect(hits).toHaveLength(1)
    expect((hits[0].body as unknown[]).length).toBe(5)
  })
})
