// The Solana provider over a Foyer whose kernel answers the Solana requests: messages and transactions cross as the
// kernel's contracts want them (UTF-8 text, base64) and come back as the dapp's types. (happy-dom: see ENVIRONMENT.md.)
// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import type { Foyer } from '../createFoyer.js'
import { createSolanaProvider } from './solana.js'

const key = Keypair.generate()
const address = key.publicKey.toBase58()
const Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const base58 = (bytes: Uint8Array) => {
  let n = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
  let out = ''
  for (; n > 0n; n /= 58n) out = Alphabet[Number(n % 58n)] + out
  for (const b of bytes) {
    if (b !== 0) break
    out = '1' + out
  }
  return out
}

function fakeFoyer(answer: (name: string, input: any) => unknown) {
  const calls: Array<[string, any]> = []
  const state = {
    account: {
      namespaces: {
        solana: { status: 'connected', caipAddress: `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${address}` },
      },
    },
  }
  const foyer = {
    getState: () => state,
    subscribeState: () => () => undefined,
    kernel: { request: async (name: string, input: any) => (calls.push([name, input]), answer(name, input)) },
  } as unknown as Foyer
  return { foyer, calls }
}

describe('getProvider("solana")', () => {
  it('signs a message as UTF-8 text and gives the signature back as bytes', async () => {
    const signature = new Uint8Array(64).map((_, i) => i)
    const { foyer, calls } = fakeFoyer(() => ({ signature: base58(signature), address }))
    const p = createSolanaProvider(foyer)
    expect(p.publicKey?.equals(key.publicKey)).toBe(true)
    const signed = await p.signMessage(new TextEncoder().encode('Hello Solana'))
    expect(calls[0]).toEqual(['wallet/signMessage', { message: 'Hello Solana', namespace: 'solana' }])
    expect([...signed.signature]).toEqual([...signature])
    expect(signed.publicKey).toBeInstanceOf(PublicKey)
  })

  it('sends a transaction as base64 and returns the signed one as the same class', async () => {
    const tx = new Transaction({ feePayer: key.publicKey, recentBlockhash: key.publicKey.toBase58() }).add(
      SystemProgram.transfer({ fromPubkey: key.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 5 }),
    )
    const { foyer, calls } = fakeFoyer((_, input) => {
      const signed = Transaction.from(Buffer.from(input.transaction, 'base64'))
      signed.sign(key)
      return { transaction: signed.serialize().toString('base64') }
    })
    const signed = await createSolanaProvider(foyer).signTransaction(tx)
    expect(calls[0][0]).toBe('solana/signTransaction')
    expect(signed).toBeInstanceOf(Transaction)
    expect(signed.verifySignatures()).toBe(true)
  })
})
