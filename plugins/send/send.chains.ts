// The transfers send makes, per namespace, through the kernel's wallet and chain requests only: an EVM native
// transfer (`wallet/sendTransaction`), an ERC-20 `transfer` (`wallet/writeContract`), and on Solana a SOL or SPL
// transfer built here and signed and sent by the wallet (`solana/signAndSendTransaction`). Fees are estimated the
// same way: gas × fee per gas on EVM; on Solana the network's fee for the message plus, for an SPL token, the rent of
// the receiver's token account when it must be created. @solana/web3.js and viem load inside the handlers.
import { FoyerError, type HandlerContext } from '../../kernel/index.js'

/** One transfer: `token` is the CAIP-10 id from the portfolio (`<CAIP-2>:native` for the native token). */
export interface Transfer {
  caipNetworkId: string
  from: string
  token: string
  native: boolean
  decimals: number
  to: string
  amount: bigint
}

const tokenAddress = (t: Transfer) => t.token.split(':').pop()!
const failed = (message: string) => new FoyerError(message, { code: 'SEND_FAILED', category: 'WALLET' })

/** The estimated network fee of `t`, in base units of the native token. */
export async function estimateFee(ctx: HandlerContext, t: Transfer): Promise<bigint> {
  if (t.caipNetworkId.startsWith('solana:')) {
    const { fee } = await solanaTransaction(ctx, t)
    return fee
  }
  // a native estimate uses no value: the Max amount is what the fee leaves, so it is not known yet
  const tx = t.native ? { to: t.to, value: '0' } : { to: tokenAddress(t), data: await transferData(t) }
  const estimate = await ctx.request('wallet/estimateGas', { ...tx, caipNetworkId: t.caipNetworkId })
  return BigInt(estimate.fee)
}

async function transferData(t: Transfer): Promise<string> {
  const { encodeFunctionData, erc20Abi } = await import('viem')
  return encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [t.to as `0x${string}`, t.amount] })
}

/** Sends `t` through the wallet and waits until it is settled; resolves the hash (EVM) or signature (Solana). */
export async function sendTransfer(ctx: HandlerContext, t: Transfer): Promise<string> {
  const caipNetworkId = t.caipNetworkId
  if (caipNetworkId.startsWith('solana:')) {
    const { transaction } = await solanaTransaction(ctx, t)
    const { signature } = await ctx.request('solana/signAndSendTransaction', { transaction })
    await solanaSettled(ctx, caipNetworkId, signature)
    return signature
  }
  const { hash } = t.native
    ? await ctx.request('wallet/sendTransaction', { caipNetworkId, to: t.to, value: t.amount.toString() })
    : await ctx.request('wallet/writeContract', {
        caipNetworkId,
        address: tokenAddress(t),
        abi: (await import('viem')).erc20Abi,
        functionName: 'transfer',
        args: [t.to, t.amount.toString()],
      })
  const receipt = await ctx.request('chain/waitForTransaction', { caipNetworkId, hash })
  if (receipt.status !== 'success') throw failed(`The transaction ${hash} reverted`)
  return hash
}

const rpc = <T>(ctx: HandlerContext, caipNetworkId: string, method: string, params: unknown[]) =>
  ctx.request('chain/read', { caipNetworkId, method, params }) as Promise<T>

// web3.js types instruction data as a Node Buffer but only reads its bytes (bs58 of it): plain bytes do
const bytes = (values: number[]) => Uint8Array.from(values) as Buffer

const AtaProgram = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
const TokenAccountSize = 165

/** The transfer as a serialized (base64) Solana transaction, and its fee (plus account rent it creates). */
async function solanaTransaction(ctx: HandlerContext, t: Transfer): Promise<{ transaction: string; fee: bigint }> {
  const { PublicKey, SystemProgram, Transaction, TransactionInstruction } = await import('@solana/web3.js')
  const id = t.caipNetworkId
  const from = new PublicKey(t.from)
  const to = new PublicKey(t.to)
  const { value: latest } = await rpc<{ value: { blockhash: string } }>(ctx, id, 'getLatestBlockhash', [
    { commitment: 'confirmed' },
  ])
  const tx = new Transaction({ feePayer: from, recentBlockhash: latest.blockhash })
  let rent = 0n
  if (t.native) tx.add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: t.amount }))
  else {
    const mint = new PublicKey(tokenAddress(t))
    const info = await rpc<{ value: { owner: string } | null }>(ctx, id, 'getAccountInfo', [
      mint.toBase58(),
      { encoding: 'base64' },
    ])
    if (!info.value) throw failed(`The token ${mint.toBase58()} was not found on this network`)
    const program = new PublicKey(info.value.owner)
    const ata = (owner: InstanceType<typeof PublicKey>) =>
      PublicKey.findProgramAddressSync(
        [owner.toBuffer(), program.toBuffer(), mint.toBuffer()],
        new PublicKey(AtaProgram),
      )[0]
    const [source, target] = [ata(from), ata(to)]
    const existing = await rpc<{ value: unknown }>(ctx, id, 'getAccountInfo', [
      target.toBase58(),
      { encoding: 'base64' },
    ])
    if (!existing.value)
      rent = BigInt(await rpc<number>(ctx, id, 'getMinimumBalanceForRentExemption', [TokenAccountSize]))
    const amount = new Uint8Array(9)
    new DataView(amount.buffer).setBigUint64(0, t.amount, true)
    amount[8] = t.decimals
    tx.add(
      // the associated token program's CreateIdempotent (1): the receiver's account, if it does not exist yet
      new TransactionInstruction({
        programId: new PublicKey(AtaProgram),
        keys: [
          { pubkey: from, isSigner: true, isWritable: true },
          { pubkey: target, isSigner: false, isWritable: true },
          { pubkey: to, isSigner: false, isWritable: false },
          { pubkey: mint, isSigner: false, isWritable: false },
          { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
          { pubkey: program, isSigner: false, isWritable: false },
        ],
        data: bytes([1]),
      }),
      // the token program's TransferChecked (12): amount (u64 LE) and decimals, checked against the mint
      new TransactionInstruction({
        programId: program,
        keys: [
          { pubkey: source, isSigner: false, isWritable: true },
          { pubkey: mint, isSigner: false, isWritable: false },
          { pubkey: target, isSigner: false, isWritable: true },
          { pubkey: from, isSigner: true, isWritable: false },
        ],
        data: bytes([12, ...amount]),
      }),
    )
  }
  const message = tx.compileMessage().serialize().toString('base64')
  const { value: fee } = await rpc<{ value: number | null }>(ctx, id, 'getFeeForMessage', [
    message,
    { commitment: 'confirmed' },
  ])
  const transaction = tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')
  return { transaction, fee: BigInt(fee ?? 5000) + rent }
}

/** How often and how long a Solana signature's status is polled. */
export const SolanaPoll = { everyMs: 500, timeoutMs: 60_000 } as const

async function solanaSettled(ctx: HandlerContext, caipNetworkId: string, signature: string): Promise<void> {
  for (let waited = 0; waited <= SolanaPoll.timeoutMs; waited += SolanaPoll.everyMs) {
    const { value } = await rpc<{ value: Array<{ err: unknown; confirmationStatus?: string } | null> }>(
      ctx,
      caipNetworkId,
      'getSignatureStatuses',
      [[signature], { searchTransactionHistory: true }],
    )
    const status = value[0]
    if (status?.err) throw failed(`The transaction ${signature} failed`)
    if (status && status.confirmationStatus !== 'processed') return
    await new Promise<void>((resolve) => ctx.clock.setTimeout(() => resolve(), SolanaPoll.everyMs))
  }
  throw failed(`The transaction ${signature} was not confirmed within ${SolanaPoll.timeoutMs / 1000} s`)
}
