// A local Solana chain on litesvm (no validator binary installs here). Like anvil's automine, every transaction that
// lands is its own block: the slot advances, a new blockhash joins a window of the last 150 (checked here, since
// litesvm keeps only the newest), and the node records what an RPC node reports about it (status, fee, logs,
// balances before and after, the accounts it touched) for signature statuses and history.
import { FailedTransactionMetadata, LiteSVM } from 'litesvm'
import { address as kitAddress, getTransactionDecoder, lamports as kitLamports } from '@solana/kit'
import {
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { base58 } from '@scure/base'
import { SolanaRpcError, RpcCodes, txErrorJson, txErrorText, type TxErrorJson } from './errors.js'
import {
  readMint,
  readTokenAccount,
  TOKEN_PROGRAMS,
  uiTokenAmount,
  type RawAccount,
  type UiTokenAmount,
} from './tokens.js'

/** How many recent blockhashes a transaction may name (as on Solana: about 150 blocks). */
export const BLOCKHASH_WINDOW = 150

/** The fee of one signature, in lamports (litesvm's default, as on Solana). */
export const LAMPORTS_PER_SIGNATURE = 5000

/** A token balance of a transaction's account, in the node's `preTokenBalances` shape. */
export interface TokenBalanceJson {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  uiTokenAmount: UiTokenAmount
}

/** What the node remembers of a transaction that landed. */
export interface TxRecord {
  signature: string
  slot: number
  blockTime: number
  err: TxErrorJson | null
  fee: number
  logs: string[]
  unitsConsumed: number
  transaction: VersionedTransaction
  accountKeys: string[]
  preBalances: number[]
  postBalances: number[]
  preTokenBalances: TokenBalanceJson[]
  postTokenBalances: TokenBalanceJson[]
}

/** A simulation's outcome. */
export interface Simulation {
  err: TxErrorJson | null
  logs: string[]
  unitsConsumed: number
}

/** The local chain. */
export class SolanaRuntime {
  private readonly svm = new LiteSVM().withBlockhashCheck(false)
  private readonly faucet = Keypair.generate()
  private height = 0
  private readonly recent: string[] = []
  private readonly records = new Map<string, TxRecord>()
  private readonly byAddress = new Map<string, string[]>()
  private readonly decoder = getTransactionDecoder()
  private readonly listeners = new Set<(record: TxRecord) => void>()

  constructor(private readonly now: () => number = Date.now) {
    // The genesis allocation that airdrops are paid from (5 million SOL).
    this.svm.setAccount({
      address: kitAddress(this.faucet.publicKey.toBase58()),
      lamports: kitLamports(5_000_000n * BigInt(LAMPORTS_PER_SOL)),
      programAddress: kitAddress(SystemProgram.programId.toBase58()),
      data: new Uint8Array(),
      executable: false,
      space: 0n,
    })
    this.recent.push(this.svm.latestBlockhash())
  }

  /** Current slot, which is also the block height (one block per transaction). */
  get slot(): number {
    return this.height
  }

  /** How many transactions landed. */
  get transactionCount(): number {
    return this.records.size
  }

  /** The newest blockhash and the last block height at which a transaction naming it is accepted. */
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number } {
    return { blockhash: this.recent[this.recent.length - 1], lastValidBlockHeight: this.height + BLOCKHASH_WINDOW }
  }

  /** Whether a transaction naming `blockhash` is still accepted. */
  isBlockhashValid(blockhash: string): boolean {
    return this.recent.includes(blockhash)
  }

  /** The account at `key`, or null when it holds nothing. */
  account(key: string): RawAccount | null {
    const a = this.svm.getAccount(kitAddress(key))
    if (!a.exists) return null
    return { lamports: a.lamports, owner: a.programAddress, data: a.data, executable: a.executable }
  }

  /** Lamports at `key`. */
  balance(key: string): bigint {
    return this.svm.getBalance(kitAddress(key)) ?? 0n
  }

  /** Lamports an account of `bytes` bytes needs to be rent-exempt. */
  rentExempt(bytes: number): bigint {
    return this.svm.minimumBalanceForRentExemption(BigInt(bytes))
  }

  /** The decimals of a mint (0 when `mint` is not one). */
  decimalsOf(mint: string): number {
    return readMint(mint, this.account(mint))?.decimals ?? 0
  }

  /** Token accounts of `owner`, of one mint or of one token program. */
  tokenAccountsByOwner(owner: string, filter: { mint?: string; programId?: string }): string[] {
    const programs = filter.programId ? TOKEN_PROGRAMS.filter((p) => p === filter.programId) : TOKEN_PROGRAMS
    return programs
      .flatMap((p) => this.svm.getProgramAccounts(kitAddress(p)).map((a) => a.address as string))
      .filter((key) => {
        const t = readTokenAccount(key, this.account(key))
        return !!t && t.owner === owner && (!filter.mint || t.mint === filter.mint)
      })
  }

  /** Runs a transaction without keeping its effects. */
  simulate(tx: VersionedTransaction, opts: { sigVerify?: boolean; replaceRecentBlockhash?: boolean } = {}): Simulation {
    if (opts.replaceRecentBlockhash) tx.message.recentBlockhash = this.latestBlockhash().blockhash
    else if (!this.isBlockhashValid(tx.message.recentBlockhash))
      return { err: 'BlockhashNotFound', logs: [], unitsConsumed: 0 }
    if (opts.sigVerify === false) this.svm.withSigverify(false)
    try {
      const r = this.svm.simulateTransaction(this.decoder.decode(tx.serialize()))
      const failed = r instanceof FailedTransactionMetadata
      const meta = r.meta()
      return {
        err: failed ? txErrorJson(r.err()) : null,
        logs: meta.logs(),
        unitsConsumed: Number(meta.computeUnitsConsumed()),
      }
    } finally {
      this.svm.withSigverify(true)
    }
  }

  /** Sends a signed transaction (after a preflight simulation unless skipped); resolves its base58 signature. */
  send(tx: VersionedTransaction, opts: { skipPreflight?: boolean } = {}): string {
    const signature = base58.encode(tx.signatures[0])
    const refuse = (sim: Simulation): never => {
      if (sim.err === 'SignatureFailure')
        throw new SolanaRpcError(RpcCodes.signatureVerification, 'Transaction signature verification failure')
      throw new SolanaRpcError(RpcCodes.simulationFailed, `Transaction simulation failed: ${txErrorText(sim.err!)}`, {
        ...sim,
        accounts: null,
        returnData: null,
      })
    }
    if (this.records.has(signature)) refuse({ err: 'AlreadyProcessed', logs: [], unitsConsumed: 0 })
    if (!opts.skipPreflight) {
      const sim = this.simulate(tx)
      if (sim.err) refuse(sim)
    } else if (!this.isBlockhashValid(tx.message.recentBlockhash))
      refuse({ err: 'BlockhashNotFound', logs: [], unitsConsumed: 0 })
    const keys = tx.message.staticAccountKeys.map((k) => k.toBase58())
    const preBalances = keys.map((k) => Number(this.balance(k)))
    const preTokenBalances = this.tokenBalances(keys)
    const r = this.svm.sendTransaction(this.decoder.decode(tx.serialize()))
    const meta = r instanceof FailedTransactionMetadata ? r.meta() : r
    const err = r instanceof FailedTransactionMetadata ? txErrorJson(r.err()) : null
    // Field-less errors (bad blockhash, no fee payer, signature failure...) mean the transaction never landed.
    if (typeof err === 'string') refuse({ err, logs: meta.logs(), unitsConsumed: 0 })
    this.commit({
      signature,
      slot: this.height + 1,
      blockTime: Math.floor(this.now() / 1000),
      err,
      fee: LAMPORTS_PER_SIGNATURE * tx.message.header.numRequiredSignatures,
      logs: meta.logs(),
      unitsConsumed: Number(meta.computeUnitsConsumed()),
      transaction: tx,
      accountKeys: keys,
      preBalances,
      postBalances: keys.map((k) => Number(this.balance(k))),
      preTokenBalances,
      postTokenBalances: this.tokenBalances(keys),
    })
    return signature
  }

  /** Sends `lamports` to `address` from the node's faucet, as a real transfer; resolves its signature. */
  airdrop(address: string, lamports: bigint): string {
    const message = new TransactionMessage({
      payerKey: this.faucet.publicKey,
      recentBlockhash: this.latestBlockhash().blockhash,
      instructions: [
        SystemProgram.transfer({ fromPubkey: this.faucet.publicKey, toPubkey: new PublicKey(address), lamports }),
      ],
    }).compileToLegacyMessage()
    const tx = new VersionedTransaction(message)
    tx.sign([this.faucet])
    return this.send(tx)
  }

  /** The record of a landed transaction. */
  record(signature: string): TxRecord | undefined {
    return this.records.get(signature)
  }

  /** Transactions that touched `address`, newest first, after `before` and down to (not including) `until`. */
  signaturesFor(address: string, opts: { limit?: number; before?: string; until?: string } = {}): TxRecord[] {
    const sigs = [...(this.byAddress.get(address) ?? [])].reverse()
    const start = opts.before ? sigs.indexOf(opts.before) + 1 : 0
    const end = opts.until && sigs.includes(opts.until) ? sigs.indexOf(opts.until) : sigs.length
    return sigs
      .slice(start, Math.max(start, end))
      .slice(0, opts.limit ?? 1000)
      .map((s) => this.records.get(s)!)
  }

  /** Calls `listener` with every transaction that lands; returns the unsubscribe. */
  onCommit(listener: (record: TxRecord) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private tokenBalances(keys: string[]): TokenBalanceJson[] {
    return keys.flatMap((key, accountIndex) => {
      const t = readTokenAccount(key, this.account(key))
      if (!t) return []
      const { mint, owner, programId } = t
      return [{ accountIndex, mint, owner, programId, uiTokenAmount: uiTokenAmount(t.amount, this.decimalsOf(mint)) }]
    })
  }

  private commit(record: TxRecord): void {
    this.height = record.slot
    this.svm.warpToSlot(BigInt(this.height))
    const clock = this.svm.getClock()
    clock.unixTimestamp = BigInt(record.blockTime)
    this.svm.setClock(clock)
    this.svm.expireBlockhash()
    this.recent.push(this.svm.latestBlockhash())
    if (this.recent.length > BLOCKHASH_WINDOW) this.recent.shift()
    this.records.set(record.signature, record)
    for (const key of record.accountKeys) {
      const list = this.byAddress.get(key) ?? []
      list.push(record.signature)
      this.byAddress.set(key, list)
    }
    for (const listener of [...this.listeners]) listener(record)
  }
}
