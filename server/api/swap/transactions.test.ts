import { describe, expect, it } from 'vitest'
import { SWAP_DEADLINE_SECONDS, swapDeadline } from './transactions.js'

describe('swapDeadline', () => {
  // A local chain loaded from a saved state has a latest block hours old until the next one is mined: a deadline
  // counted from it was already past when the swap was mined, and the swap reverted (swap.test.ts, CI run of stop 39).
  it('counts from the server clock when the latest block is old', () => {
    const now = Date.UTC(2026, 10, 27, 23, 0, 0)
    const hoursAgo = BigInt(now / 1000 - 3 * 3600)
    expect(swapDeadline(hoursAgo, now)).toBe(BigInt(now / 1000) + SWAP_DEADLINE_SECONDS)
  })

  it('counts from the block when the chain runs ahead of the server clock', () => {
    const now = Date.UTC(2026, 10, 27, 23, 0, 0)
    const ahead = BigInt(now / 1000 + 30)
    expect(swapDeadline(ahead, now)).toBe(ahead + SWAP_DEADLINE_SECONDS)
  })
})
