// The local Solana node driven by @solana/web3.js v1's own Connection, as wallets and the server use it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SendTransactionError,
  SystemProgram,
  Transaction,
  sendAndConfirmTransaction,
} from '@solana/web3.js'
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token'
import { addressOf, SOLANA_DEV_WALLET_ADDRESS, SOLANA_DEV_WALLET_SECRET_KEY } from './keys.js'
import { MAINNET_GENESIS_HASH, SOLANA_METHODS } from './methods.js'
import { PUBLIC_SOLANA_METHODS } from './public-methods.js'
import { startSolanaNode, type RunningSolanaNode } from './node.js'
import { SolanaRuntime } from './runtime.js'
import { LOCAL_SPL_MINT, seedSolana, SOLANA_FUNDING } from './seed.js'

let node: RunningSolanaNode
let connection: Connection
const dev = Keypair.fromSecretKey(SOLANA_DEV_WALLET_SECRET_KEY)
const mint = new PublicKey(LOCAL_SPL_MINT)

beforeAll(async () => {
  const runtime = new SolanaRuntime()
  seedSolana(runtime, [SOLANA_DEV_WALLET_ADDRESS])
  node = await startSolanaNode({ runtime })
  connection = new Connection(node.url, { commitment: 'confirmed', wsEndpoint: node.wsUrl })
})
afterAll(() => node?.close())

describe('local Solana node', () => {
  it('derives the dev wallet key with node:crypto exactly as web3.js does', () => {
    expect(dev.publicKey.toBase58()).toBe(SOLANA_DEV_WALLET_ADDRESS)
    expect(addressOf(SOLANA_DEV_WALLET_SECRET_KEY)).toBe(SOLANA_DEV_WALLET_ADDRESS)
  })

  it('reports the seeded SOL and SPL balances through Connection', async () => {
    expect(await connection.getBalance(dev.publicKey)).toBe(Number(SOLANA_FUNDING.lamports))
    const parsed = await connection.getParsedTokenAccountsByOwner(dev.publicKey, { programId: TOKEN_PROGRAM_ID })
    expect(parsed.value).toHaveLength(1)
    const info = parsed.value[0].account.data.parsed.info
    expect(info).toMatchObject({ mint: LOCAL_SPL_MINT, owner: SOLANA_DEV_WALLET_ADDRESS, state: 'initialized' })
    expect(info.tokenAmount).toEqual({ amount: '1000000000', decimals: 6, uiAmount: 1000, uiAmountString: '1000' })
    const byMint = await connection.getTokenAccountsByOwner(dev.publicKey, { mint })
    expect(byMint.value.map((a) => a.pubkey.toBase58())).toEqual([parsed.value[0].pubkey.toBase58()])
    expect((await connection.getTokenAccountBalance(parsed.value[0].pubkey)).value.uiAmountString).toBe('1000')
    const mintInfo = await connection.getParsedAccountInfo(mint)
    expect(mintInfo.value?.data).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'mint', info: { decimals: 6 } },
    })
    expect(await connection.getGenesisHash()).toBe(MAINNET_GENESIS_HASH)
  })

  it('sends and confirms a SOL transfer and an SPL transfer, with status, history and the transaction', async () => {
    const to = Keypair.generate().publicKey
    const rent = await connection.getMinimumBalanceForRentExemption(0)
    const transfer = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: dev.publicKey, toPubkey: to, lamports: rent + 1234 }),
    )
    const sig = await sendAndConfirmTransaction(connection, transfer, [dev])
    expect(await connection.getBalance(to)).toBe(rent + 1234)
    const [status] = (await connection.getSignatureStatuses([sig])).value
    expect(status).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    const tx = await connection.getTransaction(sig, { maxSupportedTransactionVersion: 0 })
    expect(tx?.meta?.fee).toBe(5000)
    expect(tx!.meta!.preBalances[0] - tx!.meta!.postBalances[0]).toBe(rent + 1234 + 5000)
    const history = await connection.getSignaturesForAddress(to)
    expect(history.map((h) => h.signature)).toEqual([sig])

    const source = getAssociatedTokenAddressSync(mint, dev.publicKey)
    const target = getAssociatedTokenAddressSync(mint, to)
    const spl = new Transaction().add(
      createAssociatedTokenAccountIdempotentInstruction(dev.publicKey, target, to, mint),
      createTransferCheckedInstruction(source, mint, target, dev.publicKey, 2_500_000n, 6),
    )
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
    spl.recentBlockhash = blockhash
    spl.feePayer = dev.publicKey
    spl.sign(dev)
    const splSig = await connection.sendRawTransaction(spl.serialize())
    const confirmed = await connection.confirmTransaction({ signature: splSig, blockhash, lastValidBlockHeight })
    expect(confirmed.value.err).toBeNull()
    expect((await connection.getTokenAccountBalance(target)).value.uiAmountString).toBe('2.5')
    const splTx = await connection.getParsedTransaction(splSig, { maxSupportedTransactionVersion: 0 })
    expect(splTx?.meta?.postTokenBalances?.find((b) => b.owner === to.toBase58())?.uiTokenAmount.amount).toBe('2500000')
  })

  it('refuses what a node refuses: failing preflight, a stale blockhash, a replay, a bad signature', async () => {
    const tooMuch = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: dev.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1e15 }),
    )
    const err = await sendAndConfirmTransaction(connection, tooMuch, [dev]).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(SendTransactionError)
    expect((err as Error).message).toMatch(/custom program error: 0x1/)
    expect((err as SendTransactionError).logs?.join('\n')).toMatch(/insufficient lamports/)

    const stale = new Transaction({ feePayer: dev.publicKey, recentBlockhash: Keypair.generate().publicKey.toBase58() })
    stale.add(SystemProgram.transfer({ fromPubkey: dev.publicKey, toPubkey: dev.publicKey, lamports: 1 })).sign(dev)
    await expect(connection.sendRawTransaction(stale.serialize())).rejects.toThrow(/Blockhash not found/)

    const once = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: dev.publicKey, toPubkey: dev.publicKey, lamports: 1 }),
    )
    once.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
    once.feePayer = dev.publicKey
    once.sign(dev)
    await connection.sendRawTransaction(once.serialize())
    await expect(connection.sendRawTransaction(once.serialize())).rejects.toThrow(/already been processed/)

    const forged = Transaction.from(once.serialize())
    forged.signatures[0].signature = Buffer.alloc(64, 7)
    await expect(connection.sendRawTransaction(forged.serialize({ verifySignatures: false }))).rejects.toThrow(
      /signature verification failure/,
    )
  })

  it('implements every method the project RPC forwards, and the airdrop only locally', () => {
    expect(Object.keys(SOLANA_METHODS).sort()).toEqual([...PUBLIC_SOLANA_METHODS, 'requestAirdrop'].sort())
  })

  it('answers batches, unknown methods and bad params as JSON-RPC does', async () => {
    const post = async (body: unknown) =>
      (
        await fetch(node.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json()
    const batch = (await post([
      { jsonrpc: '2.0', id: 1, method: 'getSlot' },
      { jsonrpc: '2.0', id: 2, method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 3, method: 'getBalance', params: ['not-a-key'] },
    ])) as Array<{ id: number; result?: unknown; error?: { code: number } }>
    expect(batch.map((r) => [r.id, r.error?.code ?? typeof r.result])).toEqual([
      [1, 'number'],
      [2, -32601],
      [3, -32602],
    ])
    expect(await post('{')).toMatchObject({ error: { code: -32600 } })
    const airdrop = (await post({
      jsonrpc: '2.0',
      id: 4,
      method: 'requestAirdrop',
      params: [Keypair.generate().publicKey.toBase58(), LAMPORTS_PER_SOL],
    })) as { result: string }
    expect((await connection.getSignatureStatus(airdrop.result)).value?.err).toBeNull()
  })
})
