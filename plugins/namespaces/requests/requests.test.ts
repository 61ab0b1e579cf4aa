// The per-namespace wallet RPC layers against a scripted wallet session: EIP-5792 answers of every generation,
// batch status polling on the injected clock, amounts as decimal strings, Solana's older signature-only answer,
// Bitcoin's hex or base64 signatures, and the one rule for refusals (4001 whatever the transport said).
import { describe, expect, it } from 'vitest'
import { ed25519 } from '@noble/curves/ed25519'
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { createFakeClock, FoyerError, UserRejectedError } from '../../../kernel/index.js'
import * as bitcoin from './bitcoin.requests.js'
import { CallsStatusPollMs, getCapabilities, sendCalls } from './calls.requests.js'
import { transactionParams, withDomainType } from './evm.requests.js'
import * as solana from './solana.requests.js'
import { encodeBase58, fromBase64, toBase64 } from '../../../protocol/base58.js'
import { isUnsupportedMethod, walletError } from '../wallet-errors.js'
import { coerce, decimal, plain } from './abi.js'
import type { WalletSession } from './session.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TO = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

function session(answer: (method: string, params: any) => unknown, over: Partial<WalletSession> = {}) {
  const calls: Array<{ method: string; params: any }> = []
  const s: WalletSession = {
    namespace: 'eip155',
    connectorId: 'w',
    address: ADDRESS,
    caipNetworkId: 'eip155:8453',
    async call<T>(method: string, params: unknown) {
      calls.push({ method, params })
      return answer(method, params) as T
    },
    ...over,
  }
  return { s, calls }
}
const unsupported = () => {
  throw Object.assign(new Error('Method not found'), { code: -32601 })
}
const mined = async (hash: string) => ({
  hash,
  caipNetworkId: 'eip155:8453',
  status: 'success' as const,
  blockNumber: '1',
  gasUsed: '21000',
})

describe('wallet errors', () => {
  it("turns every transport's refusal into a UserRejectedError (4001), and keeps other failures as they are", () => {
    for (const [ns, e] of [
      ['eip155', { code: 4001, message: 'no' }],
      ['solana', { code: 5000, message: 'User rejected.' }],
      ['bip122', { code: -32000, message: 'User rejected the request' }],
      ['eip155', Object.assign(new Error('wrapped'), { cause: { code: 4001 } })],
    ] as const)
      expect(walletError(ns, e)).toBeInstanceOf(UserRejectedError)
    // -32000 is a generic server error on EVM (e.g. insufficient funds), not a refusal.
    const evm = walletError('eip155', { code: -32000, message: 'insufficient funds' })
    expect(evm).toBeInstanceOf(FoyerError)
    expect(evm).toMatchObject({ message: 'insufficient funds', code: -32000 })
    expect([4200, -32601, 5101].map((code) => isUnsupportedMethod({ code }))).toEqual([true, true, true])
    expect(isUnsupportedMethod({ code: -32603 })).toBe(false)
  })
})

describe('amounts and ABI values', () => {
  it('takes whole decimal strings only, and gives bigints back as decimal strings', () => {
    expect(decimal('1000000000000000000000')).toBe(10n ** 21n)
    for (const bad of ['1.5', '-1', 'abc', '', 1.5, Number.NaN]) expect(() => decimal(bad)).toThrow('decimal string')
    expect(coerce({ type: 'uint256[]' }, ['1', '2'])).toEqual([1n, 2n])
    expect(
      coerce(
        {
          type: 'tuple',
          components: [
            { name: 'to', type: 'address' },
            { name: 'amount', type: 'int128' },
          ],
        },
        {
          to: TO,
          amount: '-5',
        },
      ),
    ).toEqual({ to: TO, amount: -5n })
    expect(plain({ a: [1n, { b: 2n }], c: 'x' })).toEqual({ a: ['1', { b: '2' }], c: 'x' })
    expect(transactionParams(ADDRESS, { to: TO, value: '255', gas: '21000' })).toEqual({
      from: ADDRESS,
      to: TO,
      value: '0xff',
      gas: '0x5208',
    })
    expect(() => transactionParams(ADDRESS, { to: 'vitalik.eth' })).toThrow('Invalid recipient')
    expect(() => transactionParams(ADDRESS, { to: TO, data: '0xabc' })).toThrow('hex')
    expect(
      withDomainType({ domain: { name: 'A', salt: '0x00' }, types: {}, primaryType: 'X', message: {} }).types,
    ).toEqual({
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'salt', type: 'bytes32' },
      ],
    })
  })
})

describe('EIP-5792', () => {
  it('reads capabilities as wallets of each generation report them', async () => {
    const v2 = session(() => ({ '0x2105': { atomic: { status: 'ready' } } }))
    await expect(getCapabilities(v2.s)).resolves.toMatchObject({ supported: true, atomic: 'ready' })
    expect(v2.calls[0]).toEqual({ method: 'wallet_getCapabilities', params: [ADDRESS, ['0x2105']] })
    const legacy = session(() => ({ '0x0': { atomicBatch: { supported: true } } }))
    await expect(getCapabilities(legacy.s)).resolves.toMatchObject({ supported: true, atomic: 'supported' })
    await expect(getCapabilities(session(unsupported).s)).resolves.toMatchObject({ supported: false })
    await expect(getCapabilities(session(() => ({})).s)).resolves.toMatchObject({
      supported: true,
      atomic: 'unsupported',
    })
  })

  it('batches when the wallet can, polling the status on the clock until receipts arrive', async () => {
    const clock = createFakeClock(0)
    let polls = 0
    const { s, calls } = session((method) => {
      if (method === 'wallet_getCapabilities') return { '0x2105': { atomic: { status: 'supported' } } }
      if (method === 'wallet_sendCalls') return { id: 'batch-1' }
      polls++
      return polls < 3
        ? { status: 100 }
        : { status: 200, receipts: [{ transactionHash: '0xa' }, { transactionHash: '0xb' }] }
    })
    const done = sendCalls(
      s,
      {
        calls: [
          { to: TO, value: '16' },
          { to: TO, data: '0x1234' },
        ],
      },
      clock,
      mined,
    )
    for (let i = 0; i < 5; i++) {
      await new Promise((r) => setTimeout(r, 0))
      clock.advance(CallsStatusPollMs)
    }
    await expect(done).resolves.toEqual({
      mode: 'batch',
      caipNetworkId: 'eip155:8453',
      id: 'batch-1',
      hashes: ['0xa', '0xb'],
    })
    expect(calls[1].params[0]).toEqual({
      version: '2.0.0',
      chainId: '0x2105',
      from: ADDRESS,
      atomicRequired: false,
      calls: [
        { to: TO, value: '0x10' },
        { to: TO, data: '0x1234' },
      ],
    })
    expect(polls).toBe(3)
  })

  it('hands the project paymaster URL to a wallet reporting paymasterService on the chain (ERC-7677), only then', async () => {
    const clock = createFakeClock(0)
    const url = 'http://api.test/v1/paymaster?projectId=ab'
    const asked: string[] = []
    const paymasterUrl = async (caip: string) => (asked.push(caip), caip === 'eip155:8453' ? url : undefined)
    const done = { status: 200, receipts: [{ transactionHash: '0xa' }] }
    const wallet = (caps: object) =>
      session((method) => (method === 'wallet_getCapabilities' ? caps : method === 'wallet_sendCalls' ? 'b' : done))
    const sponsored = wallet({ '0x2105': { atomic: { status: 'supported' }, paymasterService: { supported: true } } })
    await sendCalls(sponsored.s, { calls: [{ to: TO }] }, clock, mined, paymasterUrl)
    expect(sponsored.calls[1].params[0].capabilities).toEqual({ paymasterService: { url } })
    // the wallet without the capability, and a chain the project does not sponsor, get none
    const plain = wallet({ '0x2105': { atomic: { status: 'supported' } } })
    await sendCalls(plain.s, { calls: [{ to: TO }] }, clock, mined, paymasterUrl)
    expect(plain.calls[1].params[0]).not.toHaveProperty('capabilities')
    const elsewhere = wallet({ '0x1': { paymasterService: { supported: true } } })
    const other = session(elsewhere.s.call.bind(elsewhere.s), { caipNetworkId: 'eip155:1' })
    await sendCalls(other.s, { calls: [{ to: TO }] }, clock, mined, paymasterUrl)
    expect(elsewhere.calls.find((c) => c.method === 'wallet_sendCalls')!.params[0]).not.toHaveProperty('capabilities')
    expect(asked).toEqual(['eip155:8453', 'eip155:1'])
  })

  it('reports a failed batch, refuses atomicity it cannot have, and falls back one by one without EIP-5792', async () => {
    const clock = createFakeClock(0)
    const failing = session((method) =>
      method === 'wallet_getCapabilities' ? {} : method === 'wallet_sendCalls' ? 'legacy-id' : { status: 500 },
    )
    await expect(sendCalls(failing.s, { calls: [{ to: TO }] }, clock, mined)).rejects.toMatchObject({ code: 500 })
    await expect(
      sendCalls(failing.s, { calls: [{ to: TO }], atomicRequired: true }, clock, mined),
    ).rejects.toMatchObject({ code: 5760 })
    let n = 0
    const plainWallet = session((method) =>
      method === 'eth_sendTransaction' ? `0x${String(++n).padStart(64, '0')}` : unsupported(),
    )
    const sent = await sendCalls(
      plainWallet.s,
      {
        calls: [
          { to: TO, value: '1' },
          { to: TO, value: '2' },
        ],
      },
      clock,
      mined,
    )
    expect(sent.mode).toBe('sequential')
    expect(sent.hashes).toHaveLength(2)
    expect(plainWallet.calls.filter((c) => c.method === 'eth_sendTransaction').map((c) => c.params[0].value)).toEqual([
      '0x1',
      '0x2',
    ])
  })
})

describe('Solana and Bitcoin answers', () => {
  it("puts an older wallet's bare signature into the transaction itself", async () => {
    const payer = Keypair.generate()
    const tx = new Transaction({
      feePayer: payer.publicKey,
      recentBlockhash: Keypair.generate().publicKey.toBase58(),
    }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 5n }),
    )
    const message = tx.serializeMessage()
    const { s } = session(() => ({ signature: encodeBase58(ed25519.sign(message, payer.secretKey.slice(0, 32))) }), {
      namespace: 'solana',
      address: payer.publicKey.toBase58(),
    })
    const signed = Transaction.from(
      fromBase64(await solana.signTransaction(s, toBase64(tx.serialize({ requireAllSignatures: false })))),
    )
    expect(signed.verifySignatures()).toBe(true)
    expect(new PublicKey(signed.signatures[0].publicKey).equals(payer.publicKey)).toBe(true)
  })

  it('hands out Bitcoin signatures in base64 whether the wallet answered hex or base64, and checks amounts', async () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => i)
    const b64 = Buffer.from(bytes).toString('base64')
    const hex = Buffer.from(bytes).toString('hex')
    for (const answer of [hex, b64]) {
      const { s } = session(() => ({ signature: answer }), { namespace: 'bip122', address: 'bc1q' })
      await expect(bitcoin.signMessage(s, 'hi')).resolves.toBe(b64)
    }
    const { s, calls } = session(() => ({ txid: 'ab' }), { namespace: 'bip122', address: 'bc1qpay' })
    await expect(bitcoin.sendTransfer(s, { recipient: 'bc1qto', amount: '1500' })).resolves.toBe('ab')
    expect(calls[0]).toEqual({
      method: 'sendTransfer',
      params: { account: 'bc1qpay', recipientAddress: 'bc1qto', amount: '1500' },
    })
    await expect(bitcoin.sendTransfer(s, { recipient: 'bc1qto', amount: '0.5' })).rejects.toThrow('decimal string')
  })
})
