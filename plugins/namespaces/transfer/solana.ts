// Solana transfers, built here once and signed and sent by the wallet (`solana/signAndSendTransaction`): SOL with the
// system program's transfer; an SPL token (Token or Token-2022) with the associated token program's CreateIdempotent
// (the receiver's token account, if it does not exist yet) and the token program's TransferChecked. Chain reads go
// through `chain/read`. The fee is the network's fee for the message plus, for a token, the rent of the receiver's
// token account when it must be created. @solana/web3.js loads inside, on the first Solana transfer.
import { addressOf, FoyerError, type HandlerContext } from '../../../kernel/index.js'
import type { Transaction } from '@solana/web3.js'
import type { TransferInput } from './index.js'

const AtaProgram = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
const TokenAccountSize = 165

const rpc = <T>(ctx: HandlerContext, caipNetworkId: string, method: string, params: unknown[]) =>
  ctx.request('chain/read', { caipNetworkId, method, params }) as Promise<T>

// web3.js types instruction data as a Node Buffer but only reads its bytes (bs58 of it): plain bytes do
const bytes = (values: number[]) => Uint8Array.from(values) as Buffer

/** The connected Solana account: the transfer's sender and fee payer. */
function sender(ctx: HandlerContext): string {
  const conn = ctx.getState().account.namespaces.solana
  const address = conn?.status === 'connected' ? addressOf(conn.caipAddress) : undefined
  if (!address) throw FoyerError.of('noActiveCaipAddress', { reason: 'solana', category: 'WALLET' })
  return address
}

/** The unsigned transaction of `t`; for a token, the receiver's token account it creates if missing. */
async function build(ctx: HandlerContext, t: TransferInput): Promise<{ tx: Transaction; created?: string }> {
  const { PublicKey, SystemProgram, Transaction, TransactionInstruction } = await import('@solana/web3.js')
  const id = t.caipNetworkId
  const from = new PublicKey(sender(ctx))
  const to = new PublicKey(t.to)
  const amount = BigInt(t.amount)
  const { value: latest } = await rpc<{ value: { blockhash: string } }>(ctx, id, 'getLatestBlockhash', [
    { commitment: 'confirmed' },
  ])
  const tx = new Transaction({ feePayer: from, recentBlockhash: latest.blockhash })
  if (!t.token) return { tx: tx.add(SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: amount })) }
  if (typeof t.decimals !== 'number')
    throw new FoyerError('An SPL transfer needs the token’s decimals', { code: 'TRANSFER_INVALID' })
  const mint = new PublicKey(t.token)
  const info = await rpc<{ value: { owner: string } | null }>(ctx, id, 'getAccountInfo', [
    mint.toBase58(),
    { encoding: 'base64' },
  ])
  if (!info.value)
    throw new FoyerError(`The token ${mint.toBase58()} was not found on this network`, {
      code: 'TOKEN_NOT_FOUND',
      category: 'WALLET',
    })
  // the mint's owner is its token program (Token or Token-2022); token accounts live at its associated addresses
  const program = new PublicKey(info.value.owner)
  const ata = (owner: InstanceType<typeof PublicKey>) =>
    PublicKey.findProgramAddressSync(
      [owner.toBuffer(), program.toBuffer(), mint.toBuffer()],
      new PublicKey(AtaProgram),
    )[0]
  const [source, target] = [ata(from), ata(to)]
  const units = new Uint8Array(9)
  new DataView(units.buffer).setBigUint64(0, amount, true)
  units[8] = t.decimals
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
    // the token program's TransferChecked (12): amount (u64 little-endian) and decimals, checked against the mint
    new TransactionInstruction({
      programId: program,
      keys: [
        { pubkey: source, isSigner: false, isWritable: true },
        { pubkey: mint, isSigner: false, isWritable: false },
        { pubkey: target, isSigner: false, isWritable: true },
        { pubkey: from, isSigner: true, isWritable: false },
      ],
      data: bytes([12, ...units]),
    }),
  )
  return { tx, created: target.toBase58() }
}

/** Has the wallet sign and send `t`; resolves its base58 signature once sent. */
export async function transfer(ctx: HandlerContext, t: TransferInput): Promise<string> {
  const { tx } = await build(ctx, t)
  const transaction = tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')
  const { signature } = await ctx.request('solana/signAndSendTransaction', { transaction })
  return signature
}

/** The fee of `t` in lamports, with the rent of the receiver's token account when the transfer creates it. */
export async function estimateFee(ctx: HandlerContext, t: TransferInput): Promise<bigint> {
  const { tx, created } = await build(ctx, t)
  const id = t.caipNetworkId
  let rent = 0n
  if (created) {
    const existing = await rpc<{ value: unknown }>(ctx, id, 'getAccountInfo', [created, { encoding: 'base64' }])
    if (!existing.value)
      rent = BigInt(await rpc<number>(ctx, id, 'getMinimumBalanceForRentExemption', [TokenAccountSize]))
  }
  const message = tx.compileMessage().serialize().toString('base64')
  const { value: fee } = await rpc<{ value: number | null }>(ctx, id, 'getFeeForMessage', [
    message,
    { commitment: 'confirmed' },
  ])
  return BigInt(fee ?? 5000) + rent
}
