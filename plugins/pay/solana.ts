// Paying on Solana through the kernel's requests only: the mint's decimals read from the chain, an SPL payment built
// here (the recipient's associated token account created if missing, then TransferChecked) and signed and sent by the
// wallet (`solana/signAndSendTransaction`), and a signature followed until it is confirmed. @solana/web3.js loads
// inside these functions.
import { PaymentError, type HandlerContext } from '../../kernel/index.js'

/** How often a Solana signature's status is asked for. */
export const SignaturePollMs = 250
const ConfirmMs = 120_000

const AtaProgram = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'

const rpc = <T>(ctx: HandlerContext, caipNetworkId: string, method: string, params: unknown[]) =>
  ctx.request('chain/read', { caipNetworkId, method, params }) as Promise<T>

/** The decimals of an SPL mint on `caipNetworkId`; a clear error when the address is not a token mint there. */
export async function mintDecimals(ctx: HandlerContext, caipNetworkId: string, mint: string): Promise<number> {
  const supply = await rpc<{ value?: { decimals?: unknown } }>(ctx, caipNetworkId, 'getTokenSupply', [mint]).catch(
    () => undefined,
  )
  const decimals = supply?.value?.decimals
  if (typeof decimals !== 'number')
    throw new PaymentError('INVALID_PAYMENT', `Invalid payment: asset ${mint} is not a token on this network`)
  return decimals
}

/** A payment of `amount` base units of `mint` from `from` to `to`, as a serialized (base64) unsigned transaction. */
export async function splTransfer(
  ctx: HandlerContext,
  t: { caipNetworkId: string; from: string; to: string; mint: string; amount: bigint; decimals: number },
): Promise<string> {
  const { PublicKey, SystemProgram, Transaction, TransactionInstruction } = await import('@solana/web3.js')
  const [from, to, mint] = [t.from, t.to, t.mint].map((a) => new PublicKey(a))
  const [info, latest] = await Promise.all([
    rpc<{ value: { owner: string } | null }>(ctx, t.caipNetworkId, 'getAccountInfo', [t.mint, { encoding: 'base64' }]),
    rpc<{ value: { blockhash: string } }>(ctx, t.caipNetworkId, 'getLatestBlockhash', [{ commitment: 'confirmed' }]),
  ])
  if (!info.value) throw new PaymentError('TOKEN_NOT_FOUND', `The token ${t.mint} was not found on this network`)
  // the mint's owner is its token program (Token or Token-2022); token accounts live at its associated addresses
  const program = new PublicKey(info.value.owner)
  const ata = (owner: InstanceType<typeof PublicKey>) =>
    PublicKey.findProgramAddressSync(
      [owner.toBuffer(), program.toBuffer(), mint.toBuffer()],
      new PublicKey(AtaProgram),
    )[0]
  const [source, target] = [ata(from), ata(to)]
  const amount = new Uint8Array(9)
  new DataView(amount.buffer).setBigUint64(0, t.amount, true)
  amount[8] = t.decimals
  // web3.js types instruction data as a Node Buffer but only reads its bytes
  const data = (bytes: number[]) => Uint8Array.from(bytes) as Buffer
  const tx = new Transaction({ feePayer: from, recentBlockhash: latest.value.blockhash }).add(
    // the associated token program's CreateIdempotent (1): the recipient's token account, if it does not exist yet
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
      data: data([1]),
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
      data: data([12, ...amount]),
    }),
  )
  return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')
}

/** Follows a signature until it is confirmed: null, or the reason it failed or was not confirmed in time. */
export async function solanaConfirmed(
  ctx: HandlerContext,
  caipNetworkId: string,
  signature: string,
  sleep: (ms: number) => Promise<void>,
): Promise<string | null> {
  for (let until = ctx.clock.now() + ConfirmMs; ctx.clock.now() < until && !ctx.signal.aborted;) {
    const r = await rpc<{ value?: Array<{ err?: unknown; confirmationStatus?: string } | null> }>(
      ctx,
      caipNetworkId,
      'getSignatureStatuses',
      [[signature], { searchTransactionHistory: true }],
    )
    const status = r?.value?.[0]
    if (status?.err) return `The transaction failed: ${JSON.stringify(status.err)}`
    if (status && ['confirmed', 'finalized'].includes(status.confirmationStatus ?? '')) return null
    await sleep(SignaturePollMs)
  }
  return 'The transaction was not confirmed in time'
}
