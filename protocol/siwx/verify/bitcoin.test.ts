// Bitcoin message verification against published vectors: BIP-322's own (bitcoin/bips bip-0322/basic-test-vectors.json,
// CC0; the "smp" prefix of the simple variant stripped), Bitcoin Core's P2TR vector (util_tests.cpp), and
// bitcoinjs-message's BIP-137 fixtures (MIT).
import { describe, expect, it } from 'vitest'
import { bip322MessageHash, bip322Transactions, legacyMessageHash, verifyBitcoinMessage } from './bitcoin.js'
import { sha256 } from '@noble/hashes/sha2'
import { OutScript, Address, NETWORK } from '@scure/btc-signer'

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')
const P2WPKH = 'bc1q9vza2e8x573nczrlzms0wvx3gsqjx7vavgkx0l'

describe('BIP-322', () => {
  it('hashes messages and builds the virtual transactions as the BIP says', () => {
    const vectors = [
      [
        '',
        'c90c269c4f8fcbe6880f72a721ddfbf1914268a794cbb21cfafee13770ae19f1',
        'c5680aa69bb8d860bf82d4e9cd3504b55dde018de765a91bb566283c545a99a7',
        '1e9654e951a5ba44c8604c4de6c67fd78a27e81dcadcfe1edf638ba3aaebaed6',
      ],
      [
        'Hello World',
        'f0eb03b1a75ac6d9847f55c624a99169b5dccba2a31f5b23bea77ba270de0a7a',
        'b79d196740ad5217771c1098fc4a4b51e0535c32236c71f1ea4d61a2d603352b',
        '88737ae86f2077145f93cc4b153ae9a1cb8d56afa511988c149c5c8c9d93bddf',
      ],
      [
        'UTF-8 support: öäüéàè 测试文本 \uD83D\uDE04',
        '43936b237ea38c7794eb5d755e0d220b6db92ebfc5c8f482759d22b1286376d7',
        'c8f4f525fe8afb1bc09b44175bd2096f079c98425e8a1be676b712add1fb62f0',
        '8f488e06b89eafd019ec528109eafaf7f1d1811fd617aa1eeb9658f1c1be6586',
      ],
    ]
    const script = OutScript.encode(Address(NETWORK).decode(P2WPKH))
    for (const [message, hash, toSpend, toSign] of vectors) {
      expect(hex(bip322MessageHash(message))).toBe(hash)
      const txs = bip322Transactions(message, script)
      expect(txs.toSpend.id).toBe(toSpend)
      expect(hex(sha256(sha256(txs.toSign.unsignedTx)).reverse())).toBe(toSign)
    }
  })

  it('accepts the published simple signatures (P2WPKH, P2TR with and without an explicit sighash type)', () => {
    const ok: Array<[string, string, string]> = [
      [
        P2WPKH,
        '',
        'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
      ],
      [
        P2WPKH,
        '',
        'AkgwRQIhAPkJ1Q4oYS0htvyuSFHLxRQpFAY56b70UvE7Dxazen0ZAiAtZfFz1S6T6I23MWI2lK/pcNTWncuyL8UL+oMdydVgzAEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
      ],
      [
        P2WPKH,
        'Hello World',
        'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI=',
      ],
      [
        P2WPKH,
        'Hello World',
        'AkgwRQIhAOzyynlqt93lOKJr+wmmxIens//zPzl9tqIOua93wO6MAiBi5n5EyAcPScOjf1lAqIUIQtr3zKNeavYabHyR8eGhowEhAsfxIAMZZEKUPYWI4BruhAQjzFT8FSFSajuFwrDL1Yhy',
      ],
      [
        'bc1pss0zhytly75awhm6x2hhvd5lnzv3vssgrf9axfheq8ldyzn88ges79fler',
        'No prefix fallback',
        'AUCJYOwOjxYAvatTAGYaVlNXBVyFuc4MwNQkOuK2tl8xhfKDONd0NjfYyNSYcRqeCp8hsAnCEPHAVEkO9h6vbQ/R',
      ],
      [
        'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3',
        'Hello World',
        'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ==',
      ],
    ]
    for (const [address, message, signature] of ok)
      expect(verifyBitcoinMessage(address, message, signature)).toEqual({ ok: true })
  })

  it('refuses the published error cases with a reason', () => {
    const sig =
      'AkcwRAIgM2gBAQqvZX15ZiysmKmQpDrG83avLIT492QBzLnQIxYCIBaTpOaD20qRlEylyxFSeEA2ba9YOixpX8z46TSDtS40ASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='
    const cases: Array<[string, string, string, RegExp]> = [
      [P2WPKH, '', 'not-valid-base64!!!', /base64/],
      [P2WPKH, '', '', /base64/],
      [P2WPKH, 'Wrong message that was not signed', sig, /does not verify/],
      ['bc1qp0ahvfh83088w49k405szqgg4f3pptr7p2g06tdxfjcd40z4lh4q95lsz9', '', sig, /not belong/],
      [P2WPKH, '', 'AA==', /empty/],
      [
        'bc1ppv609nr0vr25u07u95waq5lucwfm6tde4nydujnu8npg4q75mr5sxq8lt3',
        '',
        'AUHd69PrJQEv+oKTfZ8l+WROBHuy9HKrbFCJu7U1iK2iiEy1vMU5EfMtjc+VSHM7aU0SDbak5IUZRVno2P5mjSafAQ==',
        /does not verify/,
      ],
    ]
    for (const [address, message, signature, reason] of cases) {
      const v = verifyBitcoinMessage(address, message, signature)
      expect(v.ok, `${address} ${JSON.stringify(message)}`).toBe(false)
      expect(!v.ok && v.reason).toMatch(reason)
    }
  })
})

describe('legacy (BIP-137) signatures', () => {
  it('hashes as bitcoinjs-message does', () => {
    expect(hex(legacyMessageHash(''))).toBe('80e795d4a4caadd7047af389d9f7f220562feb6196032e2131e10563352c4bcc')
    expect(hex(legacyMessageHash('Vires is Numeris'))).toBe(
      'f8a5affbef4a3241b19067aa694562f64f513310817297089a8929a930f4f933',
    )
  })

  it("accepts bitcoinjs-message's fixtures for P2PKH (both key forms), P2SH-P2WPKH and P2WPKH", () => {
    const m = 'vires is numeris'
    expect(
      verifyBitcoinMessage(
        '16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM',
        m,
        'G8JawPtQOrybrSP1WHQnQPr67B9S3qrxBrl1mlzoTJOSHEpmnF7D3+t+LX0Xei9J20B5AIdPbeL3AaTBZ4N3bY0=',
      ),
    ).toEqual({ ok: true })
    expect(
      verifyBitcoinMessage(
        '1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAs',
        m,
        'H8JawPtQOrybrSP1WHQnQPr67B9S3qrxBrl1mlzoTJOSHEpmnF7D3+t+LX0Xei9J20B5AIdPbeL3AaTBZ4N3bY0=',
      ),
    ).toEqual({ ok: true })
    expect(
      verifyBitcoinMessage(
        '3JvL6Ymt8MVWiCNHC7oWU6nLeHNJKLZGLN',
        m,
        'JF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8=',
      ),
    ).toEqual({ ok: true })
    expect(
      verifyBitcoinMessage(
        'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        m,
        'KF8nHqFr3K2UKYahhX3soVeoW8W1ECNbr0wfck7lzyXjCS5Q16Ek45zyBuy1Fiy9sTPKVgsqqOuPvbycuVSSVl8=',
      ),
    ).toEqual({ ok: true })
  })

  it("refuses bitcoinjs-message's invalid fixtures", () => {
    const sig = 'G8JawPtQOrybrSP1WHQnQPr67B9S3qrxBrl1mlzoTJOSHEpmnF7D3+t+LX0Xei9J20B5AIdPbeL3AaTBZ4N3bY0='
    const compressed = 'H8JawPtQOrybrSP1WHQnQPr67B9S3qrxBrl1mlzoTJOSHEpmnF7D3+t+LX0Xei9J20B5AIdPbeL3AaTBZ4N3bY0='
    expect(verifyBitcoinMessage('16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM', 'foobar', sig).ok).toBe(false)
    expect(verifyBitcoinMessage('1111111111111111111114oLvT2', 'vires is numeris', compressed).ok).toBe(false)
    expect(verifyBitcoinMessage('16UwLL9Risc3QfPqBUvKofHmBQ7wMtjvM', 'vires is numeris', compressed).ok).toBe(false)
    expect(verifyBitcoinMessage('1PMycacnJaSqwwJqjawXBErnLsZ7RkXUAs', 'vires is numeris', sig).ok).toBe(false)
  })
})
