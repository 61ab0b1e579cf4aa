// Past one machine, end to end: Redis, PostgreSQL, two relay processes and two API processes (`npm run server`
// with FOYER_SERVICES). A real dapp (UniversalProvider) reaches relay A through a TCP load balancer, a real wallet
// (WalletKit) sits on relay B: they pair, sign (verified with viem) and send a transaction mined on anvil, which
// both API processes then serve from the one indexer. Relay A is killed with SIGKILL; while the dapp has no relay,
// the wallet publishes N session events through B; the dapp reconnects through the balancer to B and receives all
// N, counted, then signs again over B.
import { createServer, connect, type Server, type Socket } from 'node:net'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http, parseEther, stringToHex, verifyMessage, type Hex } from 'viem'
import { foundry } from 'viem/chains'
import { CHAIN, createDapp, createWallet, eip155Request, startAnvil } from '../../server/relay/sdk-harness.js'
import { redisAvailable, testPrefix, testRedisUrl } from '../../server/relay/redis-testing.js'
import { startServerProcess, withSchema, type ServerProcess } from './processes.js'

process.env.IS_VITEST = 'true' // the SDKs skip their unreachable telemetry and verify hosts
const DATABASE_URL = process.env.DATABASE_URL
const ready = Boolean(DATABASE_URL) && redisAvailable
const why = ready ? '' : ' — skipped: needs DATABASE_URL (server/store/ci-postgres.sh) and Redis (redis-server)'
const PROJECT_ID = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'
const RECEIVER: Hex = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SCHEMA = `t_scale_${process.pid}_${Date.now().toString(36)}`
const EVENTS = 5

/** A TCP load balancer: each connection goes to the first target that accepts it; `hold` refuses new ones. */
function startBalancer(targets: string[]): Promise<{ url: string; hold: boolean; close(): void }> {
  const sockets = new Set<Socket>()
  const lb = {
    url: '',
    hold: false,
    close: () => {
      for (const s of sockets) s.destroy()
      server.close()
    },
  }
  const server: Server = createServer((client) => {
    sockets.add(client)
    client.on('close', () => sockets.delete(client))
    client.on('error', () => client.destroy())
    if (lb.hold) return void client.destroy()
    const tryTarget = (i: number): void => {
      if (i >= targets.length) return void client.destroy()
      const { hostname, port } = new URL(targets[i])
      const upstream = connect(Number(port), hostname)
      sockets.add(upstream)
      upstream.once('error', () => (upstream.destroy(), upstream.bytesRead === 0 ? tryTarget(i + 1) : client.destroy()))
      upstream.once('connect', () => {
        client.pipe(upstream).pipe(client)
        upstream.on('close', () => client.destroy())
        client.on('close', () => upstream.destroy())
      })
    }
    tryTarget(0)
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      lb.url = `ws://127.0.0.1:${(server.address() as { port: number }).port}`
      resolve(lb)
    }),
  )
}

describe.skipIf(!ready)(`two relay and two API processes on Redis and PostgreSQL${why}`, () => {
  const procs: ServerProcess[] = []
  let db: pg.Client
  let dir: string
  let anvil: Awaited<ReturnType<typeof startAnvil>>
  let balancer: Awaited<ReturnType<typeof startBalancer>>
  let dapp: Awaited<ReturnType<typeof createDapp>>
  let wallet: Awaited<ReturnType<typeof createWallet>>
  let relayA: ServerProcess, relayB: ServerProcess, apiA: ServerProcess, apiB: ServerProcess

  beforeAll(async () => {
    db = new pg.Client({ connectionString: DATABASE_URL })
    await db.connect()
    await db.query(`CREATE SCHEMA ${SCHEMA}`)
    anvil = await startAnvil()
    dir = mkdtempSync(join(tmpdir(), 'foyer-scale-'))
    const chain = {
      chainId: 31337,
      caipNetworkId: 'eip155:31337',
      name: 'Local',
      rpcUrl: anvil.url,
      nativeSymbol: 'ETH',
      nativeName: 'Ether',
      nativeDecimals: 18,
      testnet: false,
      tokens: [],
    }
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ chains: [chain] }))
    const redis = { REDIS_URL: await testRedisUrl(), FOYER_REDIS_PREFIX: testPrefix('scale') }
    const api = {
      ...redis,
      FOYER_SERVICES: 'api,indexer',
      DATABASE_URL: withSchema(DATABASE_URL!, SCHEMA),
      FOYER_CONFIG: join(dir, 'config.json'),
      FOYER_INDEXER_POLL_MS: '100',
    }
    const relayReady = /^relay ws/m
    ;[relayA, relayB, apiA] = await Promise.all([
      startServerProcess({ ...redis, FOYER_SERVICES: 'relay' }, relayReady),
      startServerProcess({ ...redis, FOYER_SERVICES: 'relay' }, relayReady),
      startServerProcess(api),
    ])
    apiB = await startServerProcess(api) // after A: migrations and the seed would only take turns anyway
    procs.push(relayA, relayB, apiA, apiB)
    balancer = await startBalancer([relayA.url('relay'), relayB.url('relay')])
    const side = { projectId: PROJECT_ID, rpcUrl: anvil.url }
    ;[dapp, wallet] = await Promise.all([
      createDapp({ ...side, relayUrl: balancer.url }),
      createWallet({ ...side, relayUrl: relayB.url('relay') }),
    ])
  })
  afterAll(async () => {
    await dapp?.client.core.relayer.transportClose().catch(() => {})
    await wallet?.core.relayer.transportClose().catch(() => {})
    balancer?.close()
    await Promise.all(procs.map((p) => p.kill('SIGKILL')))
    anvil?.close()
    await db?.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`)
    await db?.end()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const request = (method: string, params: unknown[]) => dapp.request<Hex>({ method, params }, CHAIN)

  it('pairs across relays, signs, transacts, and loses nothing when relay A is killed', async () => {
    for (const p of [relayA, relayB])
      expect((await fetch(`${p.url('relay').replace('ws:', 'http:')}/readyz`)).status).toBe(200)
    for (const p of [apiA, apiB]) expect((await fetch(`${p.url('API')}/readyz`)).status).toBe(200)

    const uri = new Promise<string>((resolve) => dapp.once('display_uri', resolve))
    const connecting = dapp.connect(eip155Request(anvil.url))
    await wallet.kit.pair({ uri: await uri })
    const session = await connecting
    expect(session?.namespaces.eip155.accounts).toEqual([`${CHAIN}:${wallet.account.address}`])

    const signature = await request('personal_sign', [stringToHex('across two relays'), wallet.account.address])
    expect(await verifyMessage({ address: wallet.account.address, message: 'across two relays', signature })).toBe(true)
    const hash = await request('eth_sendTransaction', [
      { from: wallet.account.address, to: RECEIVER, value: `0x${parseEther('0.01').toString(16)}` },
    ])
    const chain = createPublicClient({ chain: foundry, transport: http(anvil.url) })
    expect((await chain.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success')
    // Both API processes serve it from the one indexer's rows in PostgreSQL.
    for (const p of [apiA, apiB]) {
      const history = async () =>
        JSON.stringify(
          await (await fetch(`${p.url('API')}/v1/transactions/${wallet.account.address}?chainId=eip155:31337`)).json(),
        )
      await expect.poll(history, { timeout: 20_000 }).toContain(hash)
    }

    // Relay A dies; the dapp has no relay until the balancer lets it through to B.
    const received: unknown[] = []
    dapp.client.on('session_event', (e) => received.push(e.params.event.data))
    balancer.hold = true
    await relayA.kill('SIGKILL')
    for (let i = 0; i < EVENTS; i++) {
      await wallet.kit.emitSessionEvent({
        topic: session!.topic,
        event: { name: 'accountsChanged', data: [`${wallet.account.address}#${i}`] },
        chainId: CHAIN,
      })
    }
    expect(received).toEqual([])
    balancer.hold = false
    await expect.poll(() => received.length, { timeout: 60_000, interval: 200 }).toBe(EVENTS)
    expect(received).toEqual(Array.from({ length: EVENTS }, (_, i) => [`${wallet.account.address}#${i}`]))

    const again = await request('personal_sign', [stringToHex('over relay B'), wallet.account.address])
    expect(await verifyMessage({ address: wallet.account.address, message: 'over relay B', signature: again })).toBe(
      true,
    )
    const metrics = await (await fetch(`${relayB.url('relay').replace('ws:', 'http:')}/metrics`)).text()
    expect(metrics).toMatch(/foyer_relay_messages_delivered_total \d+/)
  }, 180_000)
})
