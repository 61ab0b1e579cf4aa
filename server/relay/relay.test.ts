// The relay over real sockets with raw protocol clients: session calls, refusals, limits and heartbeats.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { connect as netConnect } from 'node:net'
import { WebSocket } from 'ws'
import { createRelayClientKey, signRelayJwt } from './jwt.js'
import { subscriptionId } from './methods.js'
import { connectRawClient, RawRpcError, type RawDelivery, type RawRelayClient } from './raw-client.js'
import { startRelay, type RelayOptions, type RunningRelay } from './relay.js'
import { redisAvailable, testPrefix, testRedisUrl } from './redis-testing.js'

let relay: RunningRelay | undefined
const clients: RawRelayClient[] = []
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()))
  await relay?.close()
  relay = undefined
})

// Every test runs on the in-memory store and, when Redis can be had, on Redis.
let backend: 'memory' | 'redis' = 'memory'
async function setup(opts: RelayOptions = {}) {
  const redis = backend === 'redis' ? { redisUrl: await testRedisUrl(), redisPrefix: testPrefix('relay') } : {}
  relay = await startRelay({ ...opts, ...redis })
  const connect = async () => {
    const c = await connectRawClient(relay!.url)
    clients.push(c)
    return c
  }
  return { relay, connect }
}

function nextDelivery(c: RawRelayClient): Promise<RawDelivery> {
  return new Promise((resolve) => c.onDelivery(resolve))
}

describe.each(redisAvailable ? (['memory', 'redis'] as const) : (['memory'] as const))('relay on %s', (name) => {
  beforeEach(() => {
    backend = name
  })

  it('echoes 19-digit request ids byte for byte', async () => {
    const { connect } = await setup()
    const c = await connect()
    c.sendRaw('{"id":1763712345678901239,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"abc"}}')
    expect(await c.nextFrame()).toBe(
      `{"id":1763712345678901239,"jsonrpc":"2.0","result":"${subscriptionId('abc', c.clientId)}"}`,
    )
    // The 2.25 SDKs send the same ids as JSON strings.
    c.sendRaw('{"id":"1795237495528094464","jsonrpc":"2.0","method":"irn_unsubscribe","params":{"topic":"abc"}}')
    expect(await c.nextFrame()).toBe('{"id":"1795237495528094464","jsonrpc":"2.0","result":true}')
  })

  it('runs the session handshake: propose, approve, settle, then traffic on the session topic', async () => {
    const { connect } = await setup()
    const [dapp, wallet] = [await connect(), await connect()]
    expect(
      await dapp.request('wc_proposeSession', { pairingTopic: 'pair', sessionProposal: 'proposal', ttl: 300 }),
    ).toBe(true)
    const proposal = nextDelivery(wallet)
    await wallet.request('irn_subscribe', { topic: 'pair' })
    expect(await proposal).toMatchObject({
      topic: 'pair',
      message: 'proposal',
      tag: 1100,
      subscriptionId: subscriptionId('pair', wallet.clientId),
    })

    const response = nextDelivery(dapp)
    const approve = {
      sessionTopic: 'sess',
      pairingTopic: 'pair',
      sessionProposalResponse: 'response',
      sessionSettlementRequest: 'settle',
      ttl: 300,
    }
    expect(await wallet.request('wc_approveSession', approve)).toBe(true)
    expect(await response).toMatchObject({ topic: 'pair', message: 'response', tag: 1101 })
    const settle = nextDelivery(dapp)
    await dapp.request('irn_subscribe', { topic: 'sess' })
    expect(await settle).toMatchObject({ topic: 'sess', message: 'settle', tag: 1102 })

    // The wallet was subscribed to the session topic by wc_approveSession itself.
    const req = nextDelivery(wallet)
    await dapp.request('irn_publish', { topic: 'sess', message: 'sign this', ttl: 300, tag: 1108 })
    expect(await req).toMatchObject({ topic: 'sess', message: 'sign this', tag: 1108 })
  })

  it('stops delivering after unsubscribe and supports batch calls', async () => {
    const { connect } = await setup()
    const [a, b] = [await connect(), await connect()]
    expect(await a.request('irn_batchSubscribe', { topics: ['x', 'y'] })).toEqual([
      subscriptionId('x', a.clientId),
      subscriptionId('y', a.clientId),
    ])
    expect(await a.request('irn_unsubscribe', { topic: 'x', id: subscriptionId('x', a.clientId) })).toBe(true)
    const got: string[] = []
    const waiters: Array<[number, () => void]> = []
    a.onDelivery((d) => {
      got.push(d.message)
      for (const [n, resolve] of waiters) if (got.length >= n) resolve()
    })
    // Deliveries follow the answer that triggers them, possibly in a later socket read.
    const count = (n: number) =>
      new Promise<void>((resolve) => (got.length >= n ? resolve() : waiters.push([n, resolve])))
    await b.request('irn_batchPublish', {
      messages: [
        { topic: 'x', message: 'to-x', ttl: 60 },
        { topic: 'y', message: 'to-y', ttl: 60 },
      ],
    })
    await b.request('irn_publish', { topic: 'z', message: 'to-z', ttl: 60 })
    expect(await a.request('irn_batchFetchMessages', { topics: ['z'] })).toEqual({ messages: [], hasMore: false })
    await a.request('irn_subscribe', { topic: 'z' })
    await count(2)
    expect(got).toEqual(['to-y', 'to-z'])
    await a.request('irn_batchUnsubscribe', {
      subscriptions: [
        { topic: 'y', id: 'ignored' },
        { topic: 'z', id: 'ignored' },
      ],
    })
    await b.request('irn_publish', { topic: 'y', message: 'late', ttl: 60 })
    expect(await a.request('irn_batchFetchMessages', { topics: ['y'] })).toEqual({ messages: [], hasMore: false })
    // A live delivery would have been written to a's socket before this answer, so it would be counted by now.
    expect(got).toHaveLength(2)
    await a.request('irn_subscribe', { topic: 'y' })
    await count(3)
    expect(got).toEqual(['to-y', 'to-z', 'late'])
  })

  it('answers bad requests with JSON-RPC errors and keeps the socket usable', async () => {
    const { connect } = await setup({ maxTopicsPerSocket: 2 })
    const c = await connect()
    const code = (p: Promise<unknown>) =>
      p.then(
        () => 0,
        (e: RawRpcError) => e.code,
      )
    expect(await code(c.request('irn_nope', {}))).toBe(-32601)
    expect(await code(c.request('irn_publish', { topic: 't', message: 42 }))).toBe(-32602)
    expect(await code(c.request('irn_subscribe', []))).toBe(-32602)
    expect(await code(c.request('irn_batchSubscribe', { topics: ['a', 'b', 'c'] }))).toBe(-32005)
    c.socket.send(Buffer.from([1, 2, 3]), { binary: true })
    expect(JSON.parse(await c.nextFrame()).error.code).toBe(-32600)
    c.sendRaw('{"jsonrpc":"2.0","method":"irn_subscribe","id":{"x":1}}')
    expect(JSON.parse(await c.nextFrame()).error.code).toBe(-32600)
    expect(typeof (await c.request('irn_subscribe', { topic: 'ok' }))).toBe('string')
  })

  it('closes a socket that sends an oversized frame; others are unaffected', async () => {
    const { connect } = await setup({ maxMessageBytes: 1024 })
    const [big, other] = [await connect(), await connect()]
    const closed = new Promise<number>((resolve) => big.socket.once('close', resolve))
    big.sendRaw(
      JSON.stringify({
        id: 1,
        jsonrpc: '2.0',
        method: 'irn_publish',
        params: { topic: 't', message: 'x'.repeat(2000) },
      }),
    )
    expect(await closed).toBe(1009)
    expect(typeof (await other.request('irn_subscribe', { topic: 't' }))).toBe('string')
  })

  it('refuses upgrades with a wrong project id or a missing JWT; a custom project pattern applies', async () => {
    const { relay } = await setup({ projectIdPattern: /^foyer-[a-z]+$/ })
    await expect(connectRawClient(relay.url)).rejects.toThrow(/HTTP 403/)
    await expect(connectRawClient(relay.url, { projectId: 'foyer-demo', auth: '' })).rejects.toThrow(/HTTP 401/)
    const stale = signRelayJwt(createRelayClientKey(), { aud: relay.url, iat: 1_000_000, ttlSeconds: 60 })
    await expect(connectRawClient(relay.url, { projectId: 'foyer-demo', auth: stale })).rejects.toThrow(/HTTP 401/)
    clients.push(await connectRawClient(relay.url, { projectId: 'foyer-demo' }))
    expect(relay.stats().connections).toBe(1)
  })

  it('closes a socket when its JWT expires (4001) and one that floods frames (1008)', async () => {
    const { relay, connect } = await setup({ frameRateLimit: { burst: 5, perSecond: 1 } })
    // Expired 59 s ago: still inside the 60 s skew, so accepted, and closed within a second.
    const nearlyStale = signRelayJwt(createRelayClientKey(), {
      aud: relay.url,
      iat: Math.floor(Date.now() / 1000) - 100,
      ttlSeconds: 41,
    })
    const expiring = await connectRawClient(relay.url, { auth: nearlyStale })
    const expired = new Promise<number>((resolve) => expiring.socket.once('close', resolve))
    const noisy = await connect()
    const flooded = new Promise<number>((resolve) => noisy.socket.once('close', resolve))
    for (let i = 0; i < 10; i++) noisy.sendRaw('{"jsonrpc":"2.0","method":"noise"}')
    expect(await flooded).toBe(1008)
    expect(await expired).toBe(4001)
  })

  it('survives a hostile upgrade request line', async () => {
    const { relay, connect } = await setup()
    const reply = await new Promise<string>((resolve) => {
      const sock = netConnect(relay.port, '127.0.0.1', () =>
        sock.write(
          'GET //evil:99999/?projectId=%zz&auth=%ff HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n',
        ),
      )
      let text = ''
      sock.on('data', (d) => (text += d))
      sock.on('close', () => resolve(text))
    })
    expect(reply).toMatch(/^HTTP\/1.1 403/)
    expect(typeof (await (await connect()).request('irn_subscribe', { topic: 't' }))).toBe('string')
  }, 5_000)

  it('pings clients and drops a socket that stops answering pings', async () => {
    const { relay } = await setup({ pingIntervalMs: 40 })
    const live = await connectRawClient(relay.url)
    clients.push(live)
    const pinged = new Promise<void>((resolve) => live.socket.once('ping', () => resolve()))
    const key = createRelayClientKey()
    const qs = new URLSearchParams({
      auth: signRelayJwt(key, { aud: relay.url }),
      projectId: '0123456789abcdef0123456789abcdef',
    })
    const mute = new WebSocket(`${relay.url}?${qs}`, { autoPong: false })
    await new Promise((resolve) => mute.once('open', resolve))
    await pinged
    await new Promise((resolve) => mute.once('close', resolve))
    expect(live.socket.readyState).toBe(WebSocket.OPEN)
    expect(relay.stats().connections).toBe(1)
  })

  it('serves /health and closes cleanly with clients attached', async () => {
    const { relay, connect } = await setup()
    await connect()
    const res = await fetch(`http://127.0.0.1:${relay.port}/health`)
    expect(await res.json()).toMatchObject({ status: 'ok', connections: 1 })
    expect((await fetch(`http://127.0.0.1:${relay.port}/`)).status).toBe(426)
  })
})
