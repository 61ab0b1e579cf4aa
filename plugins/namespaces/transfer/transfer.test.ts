// The transfer requests on a test kernel whose lower wallet and chain requests are scripted: exactly what reaches the
// wallet per namespace (EVM native and ERC-20, SOL, an SPL token, bitcoin), the fee each estimate adds up (an SPL
// receiver's missing token account adds its rent), and clear refusals that ask the wallet nothing.
import { afterEach, describe, expect, it } from 'vitest'
import { Keypair, SystemInstruction, Transaction } from '@solana/web3.js'
import { decodeFunctionData, erc20Abi } from 'viem'
import { definePlugin } from '../../../kernel/index.js'
import { createTestKernel, type TestKernel } from '../../../kernel/testing/test-kernel.js'
import { transferHandlers } from './index.js'

const ME = '0x1234567890abcdef1234567890abcdef1234abcd'
const TO = '0x00000000000000000000000000000000000fee15'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const BITCOIN = 'bip122:000000000019d6689c085ae165831e93'
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const [payer, payee, mint, blockhash] = [1, 2, 3, 4].map(() => Keypair.generate().publicKey.toBase58())

function setup(o = { receiverHasAccount: false }) {
  const asked: Array<{ name: string; input: Record<string, unknown> }> = []
  const ask = (name: string, input: object) => asked.push({ name, input: { ...input } })
  const reads: Record<string, (params: unknown[]) => unknown> = {
    getLatestBlockhash: () => ({ value: { blockhash, lastValidBlockHeight: 10 } }),
    getAccountInfo: ([a]) => ({ value: a === mint ? { owner: TOKEN_PROGRAM } : o.receiverHasAccount ? {} : null }),
    getMinimumBalanceForRentExemption: ([size]) => (size === 165 ? 2_039_280 : 0),
    getFeeForMessage: () => ({ value: 5000 }),
  }
  const wallet = definePlugin({
    id: 'scripted-wallet',
    handlers: {
      ...transferHandlers,
      'wallet/sendTransaction': (i) => (ask('sendTransaction', i), { hash: '0xa', caipNetworkId: 'eip155:1' }),
      'wallet/writeContract': (i) => (ask('writeContract', i), { hash: '0xb', caipNetworkId: 'eip155:1' }),
      'wallet/estimateGas': (i) => (ask('estimateGas', i), { gas: '50000', feePerGas: '3', fee: '150000' }),
      'solana/signAndSendTransaction': (i) => (ask('signAndSendTransaction', i), { signature: 'sig' }),
      'bitcoin/sendTransfer': (i) => (ask('bitcoin/sendTransfer', i), { txid: 'tx' }),
      'chain/read': (i) => reads[i.method]!(i.params as unknown[]),
    },
  })
  const k = createTestKernel({ namespaces: ['eip155', 'solana', 'bip122'], plugins: [wallet] })
  kernels.push(k)
  k.emit('wallet/connected', { namespace: 'eip155', caipAddress: `eip155:1:${ME}`, connectorId: 'test' })
  k.emit('wallet/connected', { namespace: 'solana', caipAddress: `${SOLANA}:${payer}`, connectorId: 'test' })
  return { k, asked }
}

const kernels: TestKernel[] = []
afterEach(() => kernels.splice(0).forEach((k) => k.dispose()))

const sentTransaction = (input: Record<string, unknown>) =>
  Transaction.from(Buffer.from(String(input.transaction), 'base64'))

describe('wallet/transfer', () => {
  it('on EVM: the native token as exact wei, a token as its transfer(to, amount); each estimate prices that call', async () => {
    const { k, asked } = setup()
    const native = { caipNetworkId: 'eip155:1', to: TO, amount: '1500000000000000000' }
    await expect(k.request('wallet/transfer', native)).resolves.toEqual({ hash: '0xa', caipNetworkId: 'eip155:1' })
    await expect(k.request('wallet/transfer', { ...native, amount: '3500000', token: USDC })).resolves.toEqual({
      hash: '0xb',
      caipNetworkId: 'eip155:1',
    })
    expect(asked[0]).toEqual({
      name: 'sendTransaction',
      input: { caipNetworkId: 'eip155:1', to: TO, value: '1500000000000000000' },
    })
    expect(asked[1].input).toMatchObject({ address: USDC, functionName: 'transfer', args: [TO, '3500000'] })
    await expect(k.request('wallet/estimateTransfer', native)).resolves.toEqual({ fee: '150000' })
    await k.request('wallet/estimateTransfer', { ...native, amount: '3500000', token: USDC })
    // a native estimate sends no value (Max is what the fee leaves); a token's is its transfer call on the token
    expect(asked[2].input).toEqual({ to: TO, value: '0', caipNetworkId: 'eip155:1' })
    expect(asked[3].input.to).toBe(USDC)
    const call = decodeFunctionData({ abi: erc20Abi, data: asked[3].input.data as `0x${string}` })
    expect([call.functionName, ...(call.args ?? [])]).toEqual(['transfer', TO, 3_500_000n])
  })

  it('on Solana: SOL is a system transfer of exact lamports from the connected account, signed and sent by the wallet', async () => {
    const { k, asked } = setup()
    const sol = { caipNetworkId: SOLANA, to: payee, amount: '500000000' }
    await expect(k.request('wallet/transfer', sol)).resolves.toEqual({ hash: 'sig', caipNetworkId: SOLANA })
    const tx = sentTransaction(asked[0].input)
    expect([tx.feePayer?.toBase58(), tx.recentBlockhash, tx.instructions.length]).toEqual([payer, blockhash, 1])
    const sent = SystemInstruction.decodeTransfer(tx.instructions[0])
    expect([sent.fromPubkey.toBase58(), sent.toPubkey.toBase58(), sent.lamports]).toEqual([payer, payee, 500000000n])
    await expect(k.request('wallet/estimateTransfer', sol)).resolves.toEqual({ fee: '5000' })
  })

  it('an SPL token: create-if-missing then TransferChecked; the fee adds the rent only when the account is missing', async () => {
    const spl = { caipNetworkId: SOLANA, to: payee, amount: '3250000', token: mint, decimals: 6 }
    const missing = setup()
    await missing.k.request('wallet/transfer', spl)
    const tx = sentTransaction(missing.asked[0].input)
    expect(tx.instructions.map((i) => [i.programId.toBase58(), i.data[0]])).toEqual([
      ['ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL', 1],
      [TOKEN_PROGRAM, 12],
    ])
    // 3,250,000 as u64 little-endian, then 6 decimals
    expect([...tx.instructions[1].data]).toEqual([12, 0x50, 0x97, 0x31, 0, 0, 0, 0, 0, 6])
    await expect(missing.k.request('wallet/estimateTransfer', spl)).resolves.toEqual({ fee: String(5000 + 2_039_280) })
    const present = setup({ receiverHasAccount: true })
    await expect(present.k.request('wallet/estimateTransfer', spl)).resolves.toEqual({ fee: '5000' })
  })

  it('on Bitcoin: satoshis through bitcoin/sendTransfer; a token is refused', async () => {
    const { k, asked } = setup()
    await expect(
      k.request('wallet/transfer', { caipNetworkId: BITCOIN, to: 'bc1q', amount: '12345' }),
    ).resolves.toEqual({ hash: 'tx', caipNetworkId: BITCOIN })
    expect(asked).toEqual([{ name: 'bitcoin/sendTransfer', input: { recipient: 'bc1q', amount: '12345' } }])
    await expect(
      k.request('wallet/transfer', { caipNetworkId: BITCOIN, to: 'bc1q', amount: '1', token: 'x' }),
    ).rejects.toMatchObject({ code: 'TRANSFER_UNSUPPORTED' })
  })

  it('refuses what it cannot send with a clear error, and asks the wallet nothing', async () => {
    const { k, asked } = setup()
    const refusal = (input: object) =>
      k.request('wallet/transfer', input as never).then(
        () => 'sent',
        (e: Error) => e.message,
      )
    expect(await refusal({ caipNetworkId: 'cosmos:hub', to: TO, amount: '1' })).toBe(
      'Transfers are not supported on cosmos:hub',
    )
    for (const amount of ['1.5', '-1', '', '1e3', 7])
      expect(await refusal({ caipNetworkId: 'eip155:1', to: TO, amount })).toMatch(/whole number of base units/)
    expect(await refusal({ caipNetworkId: SOLANA, to: payee, amount: '1', token: mint })).toMatch(/decimals/)
    k.emit('wallet/disconnected', { namespace: 'solana' } as never)
    expect(await refusal({ caipNetworkId: SOLANA, to: payee, amount: '1' })).toMatch(/No ActiveCaipAddress found/)
    expect(asked).toEqual([])
  })
})
