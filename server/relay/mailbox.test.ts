import { afterAll, describe, expect, it } from 'vitest'
import { DEFAULT_LIMITS, TokenBucket } from './limits.js'
import { Mailbox, type MailboxMessage, type MailboxOptions, type MailboxSubscriber } from './mailbox.js'
import { MemoryStore, type MemoryStoreOptions } from './memory-store.js'
import { openRedisStore } from './redis-store.js'
import { redisAvailable, testPrefix, testRedisUrl } from './redis-testing.js'
import type { MailboxStore } from './store.js'

const opened: MailboxStore[] = []
afterAll(() => Promise.all(opened.map((s) => s.close())))

// Both backends: this process's memory (the default) and Redis (REDIS_URL, shared by relay processes).
const BACKENDS: Array<[string, (o: MemoryStoreOptions) => Promise<MailboxStore>]> = [
  ['memory', async (o) => new MemoryStore(o)],
  ...(redisAvailable
    ? [
        [
          'redis',
          async (o: MemoryStoreOptions) =>
            openRedisStore({
              url: await testRedisUrl(),
              prefix: testPrefix('mailbox'),
              maxMessagesPerTopic: o.maxMessagesPerTopic,
              quotas: o,
            }),
        ] as [string, (o: MemoryStoreOptions) => Promise<MailboxStore>],
      ]
    : []),
]

async function setup(
  make: (o: MemoryStoreOptions) => Promise<MailboxStore>,
  overrides: Partial<MemoryStoreOptions & { maxTopics: number }> = {},
  mailbox: Partial<MailboxOptions> = {},
) {
  // Real time as the origin: Redis expires keys on its own clock.
  let t = Date.now()
  const clock = { now: () => t, advance: (ms: number) => (t += ms) }
  const limits = { maxMessagesPerTopic: 3, maxTopics: 10, maxStoredBytes: 1e6, ...overrides }
  const store = await make(limits)
  opened.push(store)
  const box = new Mailbox(store, { maxTopics: limits.maxTopics, maxTtlSeconds: 60, now: clock.now, ...mailbox })
  return { box, clock, store }
}

function subscriber(clientId: string, ip = '127.0.0.1'): MailboxSubscriber & { got: MailboxMessage[] } {
  const got: MailboxMessage[] = []
  return { clientId, ip, got, deliver: (m) => void got.push(m) }
}

/** The backlog of an accepted subscribe. */
function list(r: MailboxMessage[] | { refused: string }): MailboxMessage[] {
  if (!Array.isArray(r)) throw new Error(`refused: ${r.refused}`)
  return r
}

const msg = (topic: string, message: string, publisherId: string, ttlSeconds = 30, publisherIp = '127.0.0.1') => ({
  topic,
  message,
  publisherId,
  publisherIp,
  ttlSeconds,
  tag: 0,
})
const OK = { ok: true }

describe.each(BACKENDS)('Mailbox on %s', (_name, make) => {
  it('delivers live to subscribers but never back to the publisher', async () => {
    const { box } = await setup(make)
    const dapp = subscriber('dapp')
    const wallet = subscriber('wallet')
    await box.subscribe('t', dapp)
    await box.subscribe('t', wallet)
    expect(await box.publish(msg('t', 'hello', 'dapp'))).toEqual(OK)
    expect(wallet.got.map((m) => m.message)).toEqual(['hello'])
    expect(dapp.got).toEqual([])
  })

  it('keeps messages for late subscribers until acknowledged or expired', async () => {
    const { box, clock } = await setup(make)
    await box.publish(msg('t', 'early', 'dapp', 10))
    const backlog = list(await box.subscribe('t', subscriber('wallet')))
    expect(backlog.map((m) => m.message)).toEqual(['early'])
    // Not acknowledged: a resubscribe (new socket) gets it again.
    expect(list(await box.subscribe('t', subscriber('wallet'))).length).toBe(1)
    await box.ack('t', backlog[0].seq, 'wallet')
    expect(await box.subscribe('t', subscriber('wallet'))).toEqual([])
    // Another client still sees it until the ttl passes.
    expect(list(await box.subscribe('t', subscriber('other'))).length).toBe(1)
    clock.advance(10_001)
    expect(await box.subscribe('t', subscriber('third'))).toEqual([])
  })

  it('bounds each mailbox, drops duplicates and clamps ttl', async () => {
    const { box, clock } = await setup(make)
    for (const m of ['a', 'b', 'c', 'd', 'd']) await box.publish(msg('t', m, 'p', 3600))
    expect(list(await box.subscribe('t', subscriber('x'))).map((m) => m.message)).toEqual(['b', 'c', 'd'])
    clock.advance(60_001)
    expect(await box.subscribe('t', subscriber('y'))).toEqual([])
  })

  it('fetch returns unseen messages once, with hasMore past the limit', async () => {
    const { box } = await setup(make)
    for (const m of ['a', 'b', 'c']) await box.publish(msg('t', m, 'p'))
    expect(await box.fetch(['t', 'unknown'], 'x', 2)).toMatchObject({
      hasMore: true,
      messages: [{ message: 'a' }, { message: 'b' }],
    })
    expect(await box.fetch(['t'], 'x', 2)).toMatchObject({ hasMore: false, messages: [{ message: 'c' }] })
    expect((await box.fetch(['t'], 'p', 10)).messages).toEqual([])
  })
})

// Issue 20: one client (or one address) must not take the store or the topic table from everyone else.
describe.each(BACKENDS)('Mailbox quotas on %s', (_name, make) => {
  const refused = (reason: RegExp) => ({ ok: false, reason: expect.stringMatching(reason) })

  it("a 30-day tiny message lives a day at most (the SDKs' longest ttl), then frees its publisher's share", async () => {
    const { box, clock } = await setup(make, { maxStoredMessagesPerClient: 2 }, { ...DEFAULT_LIMITS })
    const month = 30 * 24 * 3600
    expect(await box.publish(msg('t1', 'a', 'attacker', month))).toEqual(OK)
    expect(await box.publish(msg('t2', 'b', 'attacker', month))).toEqual(OK)
    expect(await box.publish(msg('t3', 'c', 'attacker', month))).toEqual(
      refused(/too many stored messages for this client/),
    )
    expect(await box.publish(msg('t3', 'c', 'honest', month))).toEqual(OK)
    clock.advance(24 * 3600 * 1000 + 1000)
    expect(list(await box.subscribe('t1', subscriber('late')))).toEqual([])
    expect(await box.publish(msg('t4', 'd', 'attacker', 60))).toEqual(OK)
  })

  it('keeps a message as long as the SDKs publish its tag with, whatever ttl the publisher asks for', async () => {
    const { box, clock } = await setup(make, {}, { ...DEFAULT_LIMITS })
    const month = 30 * 24 * 3600
    const tagged = (topic: string, tag: number, ttlSeconds: number) => ({ ...msg(topic, topic, 'p', ttlSeconds), tag })
    const alive = async (topic: string) => list(await box.subscribe(topic, subscriber(`r${Math.random()}`))).length
    // Proposals and settlements: 5 min; pairing pings: 30 s; tag 0 (the SDK's unregistered methods): a day; a session
    // request: its expiry, up to the SDK's bound of 7 days; its response: 15 min.
    for (const [topic, tag, ttl] of [
      ['proposal', 1100, month],
      ['ping', 1002, month],
      ['untagged', 0, month],
      ['request', 1108, 7 * 86400],
      ['response', 1109, 7 * 86400],
    ] as const)
      expect(await box.publish(tagged(topic, tag, ttl))).toEqual(OK)
    clock.advance(31_000)
    expect(await alive('ping')).toBe(0)
    expect(await alive('proposal')).toBe(1)
    clock.advance(5 * 60_000)
    expect(await alive('proposal')).toBe(0)
    expect(await alive('response')).toBe(1)
    clock.advance(15 * 60_000)
    expect(await alive('response')).toBe(0)
    clock.advance(24 * 3600_000)
    expect(await alive('untagged')).toBe(0)
    expect(await alive('request')).toBe(1)
    clock.advance(6 * 86400_000)
    expect(await alive('request')).toBe(0)
  })

  it('counts stored bytes per client and per address, across the clients of one address', async () => {
    const { box } = await setup(make, { maxStoredBytesPerClient: 300, maxStoredBytesPerIp: 500 })
    const big = (c: string) => c.repeat(200)
    expect(await box.publish(msg('a', big('1'), 'c1', 30, '10.0.0.1'))).toEqual(OK)
    expect(await box.publish(msg('b', big('2'), 'c1', 30, '10.0.0.1'))).toEqual(refused(/bytes for this client/))
    expect(await box.publish(msg('b', big('3'), 'c2', 30, '10.0.0.1'))).toEqual(OK)
    expect(await box.publish(msg('c', big('4'), 'c3', 30, '10.0.0.1'))).toEqual(refused(/bytes from this address/))
    expect(await box.publish(msg('c', big('5'), 'c4', 30, '10.0.0.2'))).toEqual(OK)
  })

  it("a flooded mailbox evicts its heaviest publisher's oldest message, never the lighter peer's", async () => {
    const { box } = await setup(make)
    expect(await box.publish(msg('pair', 'proposal', 'dapp'))).toEqual(OK)
    for (const m of ['x1', 'x2', 'x3', 'x4', 'x5']) expect(await box.publish(msg('pair', m, 'flooder'))).toEqual(OK)
    expect(list(await box.subscribe('pair', subscriber('wallet'))).map((m) => m.message)).toEqual([
      'proposal',
      'x4',
      'x5',
    ])
  })

  it('bounds live subscriptions per client and per address', async () => {
    const { box } = await setup(make, { maxTopics: 100 }, { maxSubscriptionsPerClient: 2, maxSubscriptionsPerIp: 3 })
    const a = subscriber('a', '10.0.0.1')
    const b = subscriber('b', '10.0.0.1')
    expect(list(await box.subscribe('t1', a))).toEqual([])
    expect(list(await box.subscribe('t1', a))).toEqual([]) // the same subscription again costs nothing
    expect(list(await box.subscribe('t2', a))).toEqual([])
    expect(await box.subscribe('t3', a)).toEqual({ refused: expect.stringMatching(/for this client/) })
    expect(list(await box.subscribe('t3', b))).toEqual([])
    expect(await box.subscribe('t4', b)).toEqual({ refused: expect.stringMatching(/from this address/) })
    expect(list(await box.subscribe('t4', subscriber('c', '10.0.0.2')))).toEqual([])
    box.unsubscribe('t1', a)
    expect(list(await box.subscribe('t4', b))).toEqual([])
  })
})

describe.skipIf(!redisAvailable)('Mailbox on Redis, two relay processes', () => {
  it('fans a message out to the other process, which keeps it for a late subscriber there', async () => {
    const url = await testRedisUrl()
    const prefix = testPrefix('fanout')
    const [a, b] = await Promise.all([0, 1].map(() => openRedisStore({ url, prefix, maxMessagesPerTopic: 10 })))
    opened.push(a, b)
    const boxA = new Mailbox(a, { maxTopics: 10, maxTtlSeconds: 60 })
    const boxB = new Mailbox(b, { maxTopics: 10, maxTtlSeconds: 60 })
    const wallet = subscriber('wallet')
    await boxB.subscribe('t', wallet)
    await boxA.publish(msg('t', 'from A', 'dapp'))
    await expect.poll(() => wallet.got.map((m) => m.message)).toEqual(['from A'])
    // A duplicate published on B is recognised across processes.
    await boxB.publish(msg('t', 'from A', 'dapp'))
    expect(list(await boxB.subscribe('t', subscriber('late'))).map((m) => m.message)).toEqual(['from A'])
  })
})

const refused = (reason: RegExp) => ({ ok: false, reason: expect.stringMatching(reason) })

// Issue 30: a crowd of addresses filling a whole-process cap pushes out its own heaviest members, never a newcomer.
describe.each(BACKENDS)('Mailbox on %s: whole-store caps evict the heaviest address first', (_name, make) => {
  it('a full store (bytes) drops the oldest messages of the address holding the most bytes', async () => {
    const { box } = await setup(make, { maxStoredBytes: 10 })
    expect(await box.publish(msg('a', '1234', 'p1', 60, '10.0.0.1'))).toEqual(OK)
    expect(await box.publish(msg('b', '5678', 'p2', 60, '10.0.0.1'))).toEqual(OK)
    expect(await box.publish(msg('c', '9', 'h', 60, '10.0.0.9'))).toEqual(OK)
    // 10.0.0.1 holds 8 bytes, 10.0.0.9 one: room for 'xy' comes from 10.0.0.1's oldest ('a').
    expect(await box.publish(msg('d', 'xy', 'h', 60, '10.0.0.9'))).toEqual(OK)
    const alive = async (t: string) => list(await box.subscribe(t, subscriber(`r-${t}`))).map((m) => m.message)
    expect(await alive('a')).toEqual([])
    expect([await alive('b'), await alive('c'), await alive('d')]).toEqual([['5678'], ['9'], ['xy']])
    // A message larger than the whole store is refused, and evicts nothing.
    expect(await box.publish(msg('e', '12345678901', 'h', 60, '10.0.0.9'))).toEqual(refused(/storage is full/))
    expect(await alive('b')).toEqual(['5678'])
  })

  it('a full store (messages) drops the oldest message of the address holding the most, expired ones first', async () => {
    const { box, clock } = await setup(make, { maxStoredMessages: 3 })
    expect(await box.publish(msg('a', 'a', 'p1', 5, '10.0.0.1'))).toEqual(OK)
    expect(await box.publish(msg('b', 'b', 'p1', 60, '10.0.0.1'))).toEqual(OK)
    expect(await box.publish(msg('c', 'c', 'h', 60, '10.0.0.9'))).toEqual(OK)
    clock.advance(5_001)
    // 'a' has expired: it goes, and nobody's live message does.
    expect(await box.publish(msg('d', 'd', 'h', 60, '10.0.0.9'))).toEqual(OK)
    const alive = async (t: string) => list(await box.subscribe(t, subscriber(`r-${t}`))).map((m) => m.message)
    expect([await alive('b'), await alive('c'), await alive('d')]).toEqual([['b'], ['c'], ['d']])
    // Now 10.0.0.9 holds two, 10.0.0.1 one: the next message from 10.0.0.1 pushes out 10.0.0.9's oldest ('c').
    expect(await box.publish(msg('e', 'e', 'p1', 60, '10.0.0.1'))).toEqual(OK)
    expect([await alive('c'), await alive('d'), await alive('b'), await alive('e')]).toEqual([[], ['d'], ['b'], ['e']])
  })
})

describe('Mailbox: the topic table of live subscriptions', () => {
  it("a full table drops the heaviest address's oldest subscription, never a light newcomer's", async () => {
    const { box } = await setup(BACKENDS[0][1], { maxTopics: 3 })
    const dropped: string[] = []
    const heavy = { ...subscriber('heavy', '10.0.0.1'), dropped: (t: string) => void dropped.push(t) }
    const light = subscriber('light', '10.0.0.2')
    expect(list(await box.subscribe('h1', heavy))).toEqual([])
    expect(list(await box.subscribe('h2', heavy))).toEqual([])
    expect(list(await box.subscribe('l1', light))).toEqual([])
    expect(list(await box.subscribe('n1', subscriber('newcomer', '10.0.0.3')))).toEqual([])
    expect(dropped).toEqual(['h1'])
    expect(box.stats().topics).toBe(3)
    // The dropped subscription gets nothing more; the others still do.
    await box.publish(msg('h1', 'lost', 'p', 30, '10.0.0.9'))
    await box.publish(msg('l1', 'kept', 'p', 30, '10.0.0.9'))
    expect(heavy.got).toEqual([])
    expect(light.got.map((m) => m.message)).toEqual(['kept'])
  })
})

describe('TokenBucket', () => {
  it('allows a burst, refuses beyond it, refills over time', () => {
    let t = 0
    const bucket = new TokenBucket({ burst: 3, perSecond: 2 }, () => t)
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false])
    t += 500
    expect([bucket.take(), bucket.take()]).toEqual([true, false])
    t += 10_000
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false])
  })
})
