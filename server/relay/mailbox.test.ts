import { describe, expect, it } from 'vitest'
import { TokenBucket } from './limits.js'
import { Mailbox, type MailboxMessage, type MailboxSubscriber } from './mailbox.js'

function setup(overrides: Partial<ConstructorParameters<typeof Mailbox>[0]> = {}) {
  let t = 1_000_000
  const clock = { now: () => t, advance: (ms: number) => (t += ms) }
  const box = new Mailbox({
    maxMessagesPerTopic: 3,
    maxTopics: 10,
    maxTtlSeconds: 60,
    maxStoredBytes: 1e6,
    now: clock.now,
    ...overrides,
  })
  return { box, clock }
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

describe('Mailbox', () => {
  it('delivers live to subscribers but never back to the publisher', () => {
    const { box } = setup()
    const dapp = subscriber('dapp')
    const wallet = subscriber('wallet')
    box.subscribe('t', dapp)
    box.subscribe('t', wallet)
    expect(box.publish(msg('t', 'hello', 'dapp'))).toBe(true)
    expect(wallet.got.map((m) => m.message)).toEqual(['hello'])
    expect(dapp.got).toEqual([])
  })

  it('keeps messages for late subscribers until acknowledged or expired', () => {
    const { box, clock } = setup()
    box.publish(msg('t', 'early', 'dapp', 10))
    const wallet = subscriber('wallet')
    const backlog = box.subscribe('t', wallet)!
    expect(backlog.map((m) => m.message)).toEqual(['early'])
    // Not acknowledged: a resubscribe (new socket) gets it again.
    expect(box.subscribe('t', subscriber('wallet'))!.length).toBe(1)
    box.ack('t', backlog[0].seq, 'wallet')
    expect(box.subscribe('t', subscriber('wallet'))).toEqual([])
    // Another client still sees it until the ttl passes.
    expect(box.subscribe('t', subscriber('other'))!.length).toBe(1)
    clock.advance(10_001)
    expect(box.subscribe('t', subscriber('third'))).toEqual([])
    expect(box.sweep()).toBe(1)
  })

  it('bounds each mailbox, drops duplicates, clamps ttl and forgets empty topics', () => {
    const { box, clock } = setup()
    for (const m of ['a', 'b', 'c', 'd', 'd']) box.publish(msg('t', m, 'p', 3600))
    expect(box.subscribe('t', subscriber('x'))!.map((m) => m.message)).toEqual(['b', 'c', 'd'])
    clock.advance(60_001)
    box.sweep()
    expect(box.stats()).toEqual({ topics: 1, messages: 0, subscribers: 1, storedBytes: 0 })
    const s = subscriber('y')
    box.subscribe('u', s)
    box.unsubscribe('u', s)
    expect(box.stats().topics).toBe(1)
  })

  it('refuses new topics beyond maxTopics', () => {
    const { box } = setup({ maxTopics: 2 })
    expect(box.publish(msg('a', 'm', 'p'))).toBe(true)
    expect(box.subscribe('b', subscriber('x'))).toEqual([])
    expect(box.publish(msg('c', 'm', 'p'))).toBe(false)
    expect(box.subscribe('c', subscriber('x'))).toBeNull()
    expect(box.publish(msg('a', 'm2', 'p'))).toBe(true)
  })

  it('refuses publishes beyond maxStoredBytes until expired messages free room', () => {
    const { box, clock } = setup({ maxStoredBytes: 10 })
    expect(box.publish(msg('a', '123456', 'p', 5))).toBe(true)
    expect(box.publish(msg('b', '7890', 'p', 60))).toBe(true)
    expect(box.publish(msg('c', 'x', 'p'))).toBe(false)
    expect(box.publish(msg('a', '123456', 'p'))).toBe(true)
    expect(box.stats()).toMatchObject({ topics: 2, storedBytes: 10 })
    clock.advance(5_001)
    expect(box.publish(msg('c', 'x', 'p'))).toBe(true)
    expect(box.stats()).toMatchObject({ topics: 2, storedBytes: 5 })
  })

  it('fetch returns unseen messages once, with hasMore past the limit', () => {
    const { box } = setup()
    for (const m of ['a', 'b', 'c']) box.publish(msg('t', m, 'p'))
    expect(box.fetch(['t', 'unknown'], 'x', 2)).toMatchObject({
      hasMore: true,
      messages: [{ message: 'a' }, { message: 'b' }],
    })
    expect(box.fetch(['t'], 'x', 2)).toMatchObject({ hasMore: false, messages: [{ message: 'c' }] })
    expect(box.fetch(['t'], 'p', 10).messages).toEqual([])
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
