// The approval preview against a real anvil chain with seeded ERC-20 tokens: calls in words with the token's own
// symbol and decimals, the chain's own currency, unknown calldata said plainly, balance changes from eth_simulateV1,
// and "could not simulate" from a node that lacks it; Solana transfers decoded with @solana/web3.js.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeFunctionData, erc20Abi, maxUint256, numberToHex, parseEther, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { Keypair, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js'
import { createApproveInstruction, createTransferInstruction } from '@solana/spl-token'
import { spawnAnvil, type AnvilNode } from '../../chains/anvil.js'
import { seedChain } from '../../chains/seed.js'
import type { TokenConfig } from '../../types.js'
import type { WalletChain } from '../chains.js'
import { previewEvm, previewSolana } from './preview.js'

let node: AnvilNode
let chain: WalletChain
let usdc: TokenConfig
let bare: Server
const account = privateKeyToAccount(generatePrivateKey()).address
const other = privateKeyToAccount(generatePrivateKey()).address

beforeAll(async () => {
  node = await spawnAnvil({ chainId: 137 })
  const { tokens } = await seedChain(node.rpcUrl, 137, [account])
  usdc = tokens.find((t) => t.symbol === 'USDC')!
  chain = {
    caipNetworkId: 'eip155:137',
    chainId: 137,
    name: 'Polygon',
    rpcUrl: node.rpcUrl,
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  }
  // a node that knows no method at all (no eth_simulateV1, no eth_call)
  bare = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c))
    req.on('end', () => {
      const { id } = JSON.parse(body) as { id: number }
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }))
    })
  })
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r))
})
afterAll(async () => {
  await node?.close()
  bare?.close()
})

const send = (tx: { to: Address; value?: bigint; data?: `0x${string}` }, on = chain) =>
  previewEvm(on, {
    caipNetworkId: on.caipNetworkId,
    method: 'eth_sendTransaction',
    params: [{ to: tx.to, value: numberToHex(tx.value ?? 0n), ...(tx.data ? { data: tx.data } : {}) }],
    account,
  })
const amount = (value: bigint, symbol: string, decimals: number) => ({ value: value.toString(), symbol, decimals })

describe('EVM previews', () => {
  it('a native transfer counts in the chain’s own currency, with the simulated change', async () => {
    const p = await send({ to: other, value: parseEther('1.5') })
    expect(p.sections).toEqual([
      {
        title: 'Send POL',
        rows: [
          { label: 'Amount', amount: amount(parseEther('1.5'), 'POL', 18) },
          { label: 'To', value: other },
        ],
      },
    ])
    expect(p.simulation).toEqual({
      ok: true,
      changes: [{ asset: 'native', amount: amount(-parseEther('1.5'), 'POL', 18) }],
      note: 'Network fees are not included.',
    })
  })

  it('an ERC-20 transfer names token, amount and receiver (symbol and decimals read from the chain)', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [other, 12_345_678n] })
    const p = await send({ to: usdc.address, data })
    expect(p.sections).toEqual([
      {
        title: 'Send USDC',
        rows: [
          { label: 'Amount', amount: amount(12_345_678n, 'USDC', 6) },
          { label: 'To', value: other },
          { label: 'Token', value: `USDC (${usdc.address})` },
        ],
      },
    ])
    expect(p.simulation).toMatchObject({
      ok: true,
      changes: [{ asset: usdc.address.toLowerCase(), amount: amount(-12_345_678n, 'USDC', 6) }],
    })
  })

  it('approvals: an unlimited one is called out, a bounded one shows its amount', async () => {
    const unlimited = await send({
      to: usdc.address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [other, maxUint256] }),
    })
    expect(unlimited.sections[0].rows[0]).toEqual({ label: 'Amount', value: 'Unlimited USDC' })
    expect(unlimited.sections[0].rows[1]).toEqual({ label: 'Spender', value: other })
    expect(unlimited.sections[0].warning).toMatch(/^Unlimited approval: /)
    expect(unlimited.simulation).toEqual({ ok: true, changes: [], note: 'Network fees are not included.' })
    const bounded = await send({
      to: usdc.address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [other, 5_000_000n] }),
    })
    expect(bounded.sections[0].title).toBe('Allow spending USDC')
    expect(bounded.sections[0].rows[0]).toEqual({ label: 'Amount', amount: amount(5_000_000n, 'USDC', 6) })
    expect(bounded.sections[0].warning).toBeUndefined()
  })

  it('unknown calldata says so; a transfer beyond the balance would fail', async () => {
    const p = await send({ to: other, data: '0xdeadbeef00' })
    expect(p.sections[0]).toMatchObject({
      title: 'Contract call',
      warning: `Unknown calldata: the wallet cannot tell what this call to ${other} does.`,
    })
    expect(p.sections[0].rows[2]).toEqual({ label: 'Data', value: '5 bytes, function 0xdeadbeef' })
    const tooMuch = await send({
      to: usdc.address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [other, 10n ** 18n] }),
    })
    expect(tooMuch.simulation).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Simulation: the transaction would fail/),
    })
  })

  it('a node without eth_simulateV1 gives "could not simulate", and calldata it cannot check stays unknown', async () => {
    const noSim = { ...chain, rpcUrl: `http://127.0.0.1:${(bare.address() as AddressInfo).port}` }
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [other, 1n] })
    const p = await send({ to: usdc.address, data }, noSim)
    expect(p.simulation).toEqual({
      ok: false,
      reason: 'Could not simulate: this network’s node cannot run eth_simulateV1.',
    })
    expect(p.sections[0].title).toBe('Contract call')
  })
})

describe('Solana previews', () => {
  const owner = Keypair.generate().publicKey
  const to = Keypair.generate().publicKey
  const [source, target, delegate] = [0, 0, 0].map(() => Keypair.generate().publicKey)
  const serialize = (tx: Transaction) =>
    tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')
  const build = (...ixs: TransactionInstruction[]) =>
    serialize(
      new Transaction({ feePayer: owner, recentBlockhash: Keypair.generate().publicKey.toBase58() }).add(...ixs),
    )
  const preview = (transaction: string) =>
    previewSolana(
      { caipNetworkId: 'solana:test' },
      {
        caipNetworkId: 'solana:test',
        method: 'solana_signTransaction',
        params: { transaction },
        account: owner.toBase58(),
      },
    )

  it('SOL and SPL transfers and approvals in words; unknown programs said plainly; no RPC, no simulation', async () => {
    const p = await preview(
      build(
        SystemProgram.transfer({ fromPubkey: owner, toPubkey: to, lamports: 2_000_000_001 }),
        createTransferInstruction(source, target, owner, 42n),
        createApproveInstruction(source, delegate, owner, 2n ** 64n - 1n),
        new TransactionInstruction({ programId: Keypair.generate().publicKey, keys: [], data: Buffer.from([1, 2, 3]) }),
      ),
    )
    expect(p.sections.map((s) => s.title)).toEqual(['Send SOL', 'Send tokens', 'Allow spending tokens', 'Program call'])
    expect(p.sections[0].rows).toEqual([
      { label: 'Amount', amount: { value: '2000000001', decimals: 9, symbol: 'SOL' } },
      { label: 'From', value: owner.toBase58() },
      { label: 'To', value: to.toBase58() },
    ])
    expect(p.sections[1].rows[0]).toEqual({
      label: 'Amount',
      value: '42 base units (the token’s decimals need a Solana RPC)',
    })
    expect(p.sections[1].rows[1]).toEqual({ label: 'To', value: `${target.toBase58()} (token account)` })
    expect(p.sections[2].warning).toMatch(/^Unlimited approval: /)
    expect(p.sections[3].warning).toMatch(/^Unknown instruction: /)
    expect(p.simulation).toEqual({
      ok: false,
      reason: 'Could not simulate: no Solana RPC is configured for this network.',
    })
  })

  it('an unreadable transaction is a 400 with a message', async () => {
    await expect(preview('not base64 at all!')).rejects.toMatchObject({
      status: 400,
      message: 'The transaction could not be read',
    })
  })
})
