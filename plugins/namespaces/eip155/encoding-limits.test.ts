// SPEC §9 encoding limits, held by viem, which encodes every EVM transaction and blob here: blob data up to 761,855
// bytes, 131,072 bytes per blob (4,096 fields of 31 usable bytes), and a fee cap of at most 2^256 − 1.
import { assertTransactionEIP1559, maxUint256, toBlobs } from 'viem'
import { describe, expect, it } from 'vitest'

describe('encoding limits (SPEC §9)', () => {
  it('takes blob data up to 761855 bytes, in blobs of 131072 bytes (4096 fields × 31 bytes used), and no more', () => {
    const blobs = toBlobs({ data: new Uint8Array(761_855).fill(1), to: 'bytes' })
    expect(blobs).toHaveLength(6) // 6 blobs × 4096 fields × 31 bytes = 761,856 = the limit + the terminator
    expect(blobs.every((b) => b.length === 131_072)).toBe(true)
    expect(() => toBlobs({ data: new Uint8Array(761_856), to: 'bytes' })).toThrow(/Blob size is too large/)
  })

  it('refuses a fee cap above 2^256 − 1', () => {
    expect(() => assertTransactionEIP1559({ chainId: 1, maxFeePerGas: maxUint256 })).not.toThrow()
    expect(() => assertTransactionEIP1559({ chainId: 1, maxFeePerGas: maxUint256 + 1n })).toThrow(/fee cap/i)
  })
})
