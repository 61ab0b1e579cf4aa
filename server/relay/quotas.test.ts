import { describe, expect, it } from 'vitest'
import { KeyedBuckets, Tally } from './quotas.js'

describe('relay quotas', () => {
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
