import { afterAll, describe, expect, it } from 'vitest'
import { TokenBucket } from './limits.js'
import { Mailbox, type MailboxMessage, type MailboxSubscriber } from './mailbox.js'
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
            }),
        ] as [string, (o: MemoryStoreOptions) => Promise<MailboxStore>],
      ]
    : []),
]

async function setup(
  make: (o: MemoryStoreOptions) => Promise<MailboxStore>,
  overrides: Partial<MemoryStoreOptions> = {},
) {
  // Real time as the origin: Redis expires keys on its own clock.
  let t = Date.now()
  const clock = { now: () => t, advance: (ms: number) => (t += ms) }
  const limits = { maxMessagesPerTopic: 3, maxTopics: 10, maxStoredBytes: 1e6, ...overrides }
  const store = await make(limits)
  opened.push(store)
  const box = new Mailbox(store, { maxTopics: limits.maxTopics, maxTtlSeconds: 60, now: clock.now })
  return { box, clock, store }
}

function subscriber(clientId: string): MailboxSubscriber & { got: MailboxMessage[] } {
  const got: MailboxMessage[] = []
  return { clientId, got, deliver: (m) => void got.push(m) }
}

const msg = (topic: string, message: string, publisherId: string, ttlSeconds = 30) => ({
  topic,
  message,
  publisherId,
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
    const backlog = (await box.subscribe('t', subscriber('wallet')))!
    expect(backlog.map((m) => m.message)).toEqual(['early'])
    // Not acknowledged: a resubscribe (new socket) gets it again.
    expect((await box.subscribe('t', subscriber('wallet')))!.length).toBe(1)
    await box.ack('t', backlog[0].seq, 'wallet')
    expect(await box.subscribe('t', subscriber('wallet'))).toEqual([])
    // Another client still sees it until the ttl passes.
    expect((await box.subscribe('t', subscriber('other')))!.length).toBe(1)
    clock.advance(10_001)
    expect(await box.subscribe('t', subscriber('third'))).toEqual([])
  })

  it('bounds each mailbox, drops duplicates and clamps ttl', async () => {
    const { box, clock } = await setup(make)
    for (const m of ['a', 'b', 'c', 'd', 'd']) await box.publish(msg('t', m, 'p', 3600))
    expect((await box.subscribe('t', subscriber('x')))!.map((m) => m.message)).toEqual(['b', 'c', 'd'])
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
    expect((await boxB.subscribe('t', subscriber('late')))!.map((m) => m.message)).toEqual(['from A'])
  })
})

describe('Mailbox on memory: process-wide bounds', () => {
  it('refuses new topics beyond maxTopics', async () => {
    const { box } = await setup(BACKENDS[0][1], { maxTopics: 2 })
    expect(await box.publish(msg('a', 'm', 'p'))).toEqual(OK)
    expect(await box.publish(msg('b', 'm', 'p'))).toEqual(OK)
    expect((await box.publish(msg('c', 'm', 'p'))).ok).toBe(false)
    expect(await box.subscribe('x', subscriber('x'))).toEqual([])
    expect(await box.subscribe('y', subscriber('x'))).toEqual([])
    expect(await box.subscribe('z', subscriber('x'))).toBeNull()
    expect(await box.publish(msg('a', 'm2', 'p'))).toEqual(OK)
  })

  it('refuses publishes beyond maxStoredBytes until expired messages free room', async () => {
    const { box, clock } = await setup(BACKENDS[0][1], { maxStoredBytes: 10 })
    expect(await box.publish(msg('a', '123456', 'p', 5))).toEqual(OK)
    expect(await box.publish(msg('b', '7890', 'p', 60))).toEqual(OK)
    expect((await box.publish(msg('c', 'x', 'p'))).ok).toBe(false)
    expect(await box.publish(msg('a', '123456', 'p'))).toEqual(OK)
    expect(box.stats()).toMatchObject({ messages: 2, storedBytes: 10 })
    clock.advance(5_001)
    expect(await box.publish(msg('c', 'x', 'p'))).toEqual(OK)
    expect(box.stats()).toMatchObject({ messages: 2, storedBytes: 5 })
    expect(await box.sweep()).toBe(0)
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
