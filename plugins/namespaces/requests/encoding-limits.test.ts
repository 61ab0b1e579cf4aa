// SPEC §9 encoding limits, held by viem, which encodes every EVM transaction and blob here: blob data up to 761,855
// bytes, 131,072 bytes per blob (4,096 fields of 31 usable bytes), a fee cap of at most 2^256 − 1, and 8,192 reads of
// bytes already read while decoding an ABI answer (every contract read's result goes through decodeAbiParameters).
import {
  assertTransactionEIP1559,
  concatHex,
  decodeAbiParameters,
  maxUint256,
  numberToHex,
  toBlobs,
  type Hex,
} from 'viem'
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

  it('reads the same bytes again at most 8192 times while decoding an ABI answer', () => {
    const word = (n: number) => numberToHex(n, { size: 32 })
    // uint256[][] whose n elements all point at one empty array: each element after the first reads it again
    const answer = (n: number) => concatHex([word(32), word(n), ...Array<Hex>(n).fill(word(n * 32)), word(0)])
    const decode = (n: number) => decodeAbiParameters([{ type: 'uint256[][]' }], answer(n))
    expect(decode(8193)[0]).toHaveLength(8193) // 8192 reads again
    expect(() => decode(8194)).toThrow('Recursive read limit of `8192` exceeded (recursive read count: `8193`)')
  })
})
