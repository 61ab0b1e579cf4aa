import { describe, expect, it } from 'vitest'
import { openLimits, openRateLimiter } from './limiter.js'

describe('openLimits (memory)', () => {
  it('takes from each budget in turn, gives the earlier points back on a refusal, and refunds on request', async () => {
    const limits = await openLimits({
      name: 't',
      budgets: { first: { points: 2, seconds: 60 }, second: { points: 1, seconds: 60 } },
    })
    expect(limits.backend).toBe('memory')
    expect(
      await limits.take([
        ['first', 'k'],
        ['second', 'k'],
      ]),
    ).toEqual({ ok: true })
    const refused = await limits.take([
      ['first', 'k'],
      ['second', 'k'],
    ])
    expect(refused).toMatchObject({ ok: false, scope: 'second' })
    expect(refused.ok || refused.retryAfterSeconds).toBeGreaterThan(0)
    // the refused take gave its point in `first` back: one is left there, and another key is untouched
    expect(await limits.take([['first', 'k']])).toEqual({ ok: true })
    expect(await limits.take([['first', 'k']])).toMatchObject({ ok: false, scope: 'first' })
    expect(await limits.take([['second', 'other']])).toEqual({ ok: true })
    await limits.refund([['second', 'other']])
    expect(await limits.take([['second', 'other']])).toEqual({ ok: true })
    await limits.close()
  })

  it('counts per IP and per project for the API and relay, 0 points meaning unlimited', async () => {
    const limiter = await openRateLimiter({
      name: 'api',
      perIp: { points: 1, seconds: 60 },
      perProject: { points: 0, seconds: 60 },
    })
    expect(await limiter.take('10.0.0.1', 'p')).toEqual({ ok: true })
    expect(await limiter.take('10.0.0.1', 'p')).toMatchObject({ ok: false, scope: 'ip' })
    for (let i = 0; i < 5; i++) expect(await limiter.take(`10.0.1.${i}`, 'p')).toEqual({ ok: true })
    await limiter.close()
  })
})

describe('the ip scope', () => {
  it('counts IPv6 addresses by /64, or by the configured prefix, and IPv4 addresses one by one', async () => {
    const budgets = { ip: { points: 1, seconds: 60 } }
    const by64 = await openLimits({ name: 'v6', budgets })
    expect(await by64.take([['ip', '2001:db8:0:1::1']])).toEqual({ ok: true })
    expect(await by64.take([['ip', '2001:db8:0:1:ffff::2']])).toMatchObject({ ok: false, scope: 'ip' })
    expect(await by64.take([['ip', '2001:db8:0:2::1']])).toEqual({ ok: true })
    expect(await by64.take([['ip', '10.0.0.1']])).toEqual({ ok: true })
    expect(await by64.take([['ip', '10.0.0.2']])).toEqual({ ok: true })
    expect(by64.address('2001:db8:0:1::9')).toBe('2001:db8:0:1::/64')
    await by64.close()

    const by48 = await openLimits({ name: 'v6-48', budgets, ipv6Prefix: 48 })
    expect(await by48.take([['ip', '2001:db8:0:1::1']])).toEqual({ ok: true })
    expect(await by48.take([['ip', '2001:db8:0:2::1']])).toMatchObject({ ok: false, scope: 'ip' })
    await by48.close()
  })
})
