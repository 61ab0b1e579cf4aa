import { describe, expect, it } from 'vitest'
import { addressKey, KeyedBuckets, Tally } from './quotas.js'

describe('relay quotas', () => {
  it('counts an IPv6 address by its /64 (one host is often given a whole /64) and IPv4 as is', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(addressKey('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64')
    expect(addressKey('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64')
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  })

  it('a tally refuses past its maximum and forgets a key given back to zero', () => {
    const t = new Tally(2)
    expect([t.take('a'), t.take('a'), t.take('a'), t.take('b')]).toEqual([true, true, false, true])
    t.give('a')
    expect([t.take('a'), t.count('a')]).toEqual([true, 2])
    t.give('b')
    expect(t.count('b')).toBe(0)
  })

  it('keyed buckets limit each key alone and forget idle full buckets', () => {
    let now = 0
    const b = new KeyedBuckets({ burst: 2, perSecond: 1 }, () => now)
    expect([b.take('a'), b.take('a'), b.take('a'), b.take('b')]).toEqual([true, true, false, true])
    now += 2000
    b.prune()
    expect([b.take('a'), b.take('a'), b.take('a')]).toEqual([true, true, false])
  })
})
