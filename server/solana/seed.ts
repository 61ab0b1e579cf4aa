// Seeds the local Solana chain the way seed.ts seeds the anvil chains: a deployer creates one SPL token (USD Coin,
// 6 decimals, at a fixed mint address) and sends SOL and tokens to the funded wallets through real transactions,
// so every balance the node reports comes from executed instructions.
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createMintToInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token'
import {
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
  Keypair,
  type TransactionInstruction,
} from '@solana/web3.js'
import type { SolanaTokenConfig } from '../types.js'
import { phraseSecretKey } from './keys.js'
import type { SolanaRuntime } from './runtime.js'

/** The SPL token the local chain carries. */
export const LOCAL_SPL_TOKEN = { symbol: 'USDC', name: 'USD Coin', decimals: 6 } as const

const deployer = Keypair.fromSecretKey(phraseSecretKey('foyer local solana deployer'))
const mint = Keypair.fromSecretKey(phraseSecretKey('foyer local solana usdc mint'))

/** The mint address of the local SPL token (the same on every start). */
export const LOCAL_SPL_MINT: string = mint.publicKey.toBase58()

/** SOL and tokens each funded wallet receives. */
export const SOLANA_FUNDING = { lamports: 10n * BigInt(LAMPORTS_PER_SOL), tokens: 1000n * 10n ** 6n } as const

function send(rt: SolanaRuntime, signers: Keypair[], instructions: TransactionInstruction[]): string {
  const message = new TransactionMessage({
    payerKey: signers[0].publicKey,
    recentBlockhash: rt.latestBlockhash().blockhash,
    instructions,
  }).compileToV0Message()
  const tx = new VersionedTransaction(message)
  tx.sign(signers)
  const signature = rt.send(tx)
  const err = rt.record(signature)?.err
  if (err) throw new Error(`seeding the local Solana chain failed: ${JSON.stringify(err)}`)
  return signature
}

/** Creates the token, funds `fund` with SOL and tokens; returns the token's config. */
export function seedSolana(rt: SolanaRuntime, fund: readonly string[]): SolanaTokenConfig[] {
  const { decimals } = LOCAL_SPL_TOKEN
  rt.airdrop(deployer.publicKey.toBase58(), 1_000_000n * BigInt(LAMPORTS_PER_SOL))
  const treasury = getAssociatedTokenAddressSync(mint.publicKey, deployer.publicKey)
  const pay = deployer.publicKey
  send(
    rt,
    [deployer, mint],
    [
      SystemProgram.createAccount({
        fromPubkey: pay,
        newAccountPubkey: mint.publicKey,
        space: MINT_SIZE,
        lamports: Number(rt.rentExempt(MINT_SIZE)),
        programId: TOKEN_PROGRAM_ID,
      }),
      createInitializeMint2Instruction(mint.publicKey, decimals, pay, null),
      createAssociatedTokenAccountIdempotentInstruction(pay, treasury, pay, mint.publicKey),
      createMintToInstruction(mint.publicKey, treasury, pay, 100_000_000n * 10n ** BigInt(decimals)),
    ],
  )
  fundSolana(rt, fund)
  return [{ mint: LOCAL_SPL_MINT, ...LOCAL_SPL_TOKEN }]
}

/** Sends each address SOL_FUNDING's SOL and tokens from the deployer (after seedSolana created the token). */
export function fundSolana(
  rt: SolanaRuntime,
  fund: readonly string[],
  amounts: { lamports: bigint; tokens: bigint } = SOLANA_FUNDING,
): void {
  const { decimals } = LOCAL_SPL_TOKEN
  const pay = deployer.publicKey
  const treasury = getAssociatedTokenAddressSync(mint.publicKey, pay)
  for (const address of fund) {
    const owner = new PublicKey(address)
    const ata = getAssociatedTokenAddressSync(mint.publicKey, owner)
    send(
      rt,
      [deployer],
      [
        SystemProgram.transfer({ fromPubkey: pay, toPubkey: owner, lamports: amounts.lamports }),
        createAssociatedTokenAccountIdempotentInstruction(pay, ata, owner, mint.publicKey),
        createTransferCheckedInstruction(treasury, mint.publicKey, ata, pay, amounts.tokens, decimals),
      ],
    )
  }
}
