// Solana transactions in words, decoded on the server with @solana/web3.js (the frame's script stays small):
// SystemProgram transfers in SOL, SPL Token transfer / transferChecked / approve with the mint's decimals, and every
// other instruction called unknown. With a Solana RPC the transaction is also simulated for the SOL it would move.
import type { Connection, VersionedTransaction } from '@solana/web3.js'
import { WalletError } from '../errors.js'
import type { PreviewAmount, PreviewSection, PreviewSimulation } from './types.js'

const SYSTEM = '11111111111111111111111111111111'
const TOKEN_PROGRAMS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb']
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111'
const ASSOCIATED_TOKEN = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
const U64_MAX = 2n ** 64n - 1n

/** One instruction with its accounts resolved (undefined: behind an address lookup table). */
interface Instruction {
  programId: string
  accounts: Array<string | undefined>
  data: Uint8Array
}

const sol = (lamports: bigint): PreviewAmount => ({ value: lamports.toString(), decimals: 9, symbol: 'SOL' })
const u64 = (data: Uint8Array, at: number) => new DataView(data.buffer, data.byteOffset).getBigUint64(at, true)

/** Reads a base64 transaction (legacy or versioned). */
export async function readSolanaTransaction(base64: unknown): Promise<VersionedTransaction> {
  if (typeof base64 !== 'string') throw new WalletError(400, 'invalid_params', 'The transaction must be base64')
  const { VersionedTransaction } = await import('@solana/web3.js')
  try {
    return VersionedTransaction.deserialize(Buffer.from(base64, 'base64'))
  } catch {
    throw new WalletError(400, 'invalid_params', 'The transaction could not be read')
  }
}

function instructions(tx: VersionedTransaction): Instruction[] {
  const keys = tx.message.staticAccountKeys.map((k) => k.toBase58())
  return tx.message.compiledInstructions.map((ix) => ({
    programId: keys[ix.programIdIndex],
    accounts: ix.accountKeyIndexes.map((i) => keys[i]),
    data: ix.data,
  }))
}

/** The mint and decimals of an SPL token account, read over RPC. */
async function tokenAccount(rpc: Connection | undefined, address: string | undefined) {
  if (!rpc || !address) return undefined
  const { PublicKey } = await import('@solana/web3.js')
  const info = await rpc.getParsedAccountInfo(new PublicKey(address)).catch(() => undefined)
  const parsed = (info?.value?.data as { parsed?: { info?: Record<string, unknown> } } | undefined)?.parsed?.info
  const decimals = (parsed?.tokenAmount as { decimals?: unknown } | undefined)?.decimals
  return typeof decimals === 'number'
    ? { mint: String(parsed?.mint), owner: String(parsed?.owner), decimals }
    : undefined
}

async function describeInstruction(ix: Instruction, rpc: Connection | undefined): Promise<PreviewSection | undefined> {
  const [a0, a1, a2, a3] = ix.accounts.map((a) => a ?? '(from an address lookup table)')
  if (
    ix.programId === SYSTEM &&
    ix.data.length >= 12 &&
    new DataView(ix.data.buffer, ix.data.byteOffset).getUint32(0, true) === 2
  )
    return {
      title: 'Send SOL',
      rows: [
        { label: 'Amount', amount: sol(u64(ix.data, 4)) },
        { label: 'From', value: a0 },
        { label: 'To', value: a1 },
      ],
    }
  if (ix.programId === COMPUTE_BUDGET) return undefined
  if (ix.programId === ASSOCIATED_TOKEN)
    return {
      title: 'Create a token account',
      rows: [
        { label: 'For', value: a2 },
        { label: 'Token (mint)', value: a3 },
      ],
    }
  if (TOKEN_PROGRAMS.includes(ix.programId) && ix.data.length >= 9) {
    const kind = ix.data[0]
    const value = u64(ix.data, 1)
    if (kind === 12 && ix.data.length >= 10) {
      const receiver = await tokenAccount(rpc, ix.accounts[2])
      return {
        title: 'Send tokens',
        rows: [
          { label: 'Amount', amount: { value: value.toString(), decimals: ix.data[9], symbol: '' } },
          { label: 'To', value: receiver ? receiver.owner : `${a2} (token account)` },
          { label: 'Token (mint)', value: a1 },
          { label: 'From', value: a0 },
        ],
      }
    }
    if (kind === 3 || kind === 4) {
      const source = await tokenAccount(rpc, ix.accounts[0])
      const target = kind === 3 ? await tokenAccount(rpc, ix.accounts[1]) : undefined
      const shown = source
        ? { label: 'Amount', amount: { value: value.toString(), decimals: source.decimals, symbol: '' } }
        : { label: 'Amount', value: `${value} base units (the token’s decimals need a Solana RPC)` }
      const token = { label: 'Token (mint)', value: source?.mint ?? `the token held in ${a0}` }
      if (kind === 3)
        return {
          title: 'Send tokens',
          rows: [
            shown,
            { label: 'To', value: target ? target.owner : `${a1} (token account)` },
            token,
            { label: 'From', value: a0 },
          ],
        }
      return {
        title: 'Allow spending tokens',
        rows: [
          value === U64_MAX ? { label: 'Amount', value: 'Unlimited' } : shown,
          { label: 'Spender', value: a1 },
          token,
        ],
        warning:
          value === U64_MAX ? `Unlimited approval: ${a1} may take all of these tokens until you revoke it.` : undefined,
      }
    }
  }
  return {
    title: 'Program call',
    rows: [
      { label: 'Program', value: ix.programId },
      { label: 'Data', value: `${ix.data.length} bytes` },
    ],
    warning: `Unknown instruction: the wallet cannot tell what this call to ${ix.programId} does.`,
  }
}

/** One section per instruction that does something (compute-budget settings are left out). */
export async function describeSolanaTransaction(tx: VersionedTransaction, rpcUrl?: string): Promise<PreviewSection[]> {
  const rpc = rpcUrl ? new (await import('@solana/web3.js')).Connection(rpcUrl, 'confirmed') : undefined
  const sections: PreviewSection[] = []
  for (const ix of instructions(tx)) {
    const section = await describeInstruction(ix, rpc)
    if (section) sections.push(section)
  }
  if (tx.message.addressTableLookups.length > 0)
    sections.push({
      title: 'Address lookup tables',
      rows: [],
      warning: 'Some accounts come from address lookup tables the wallet did not resolve.',
    })
  return sections
}

/** The SOL the account would gain or lose (fee included), simulated over RPC; "could not simulate" without one. */
export async function simulateSolanaTransaction(
  tx: VersionedTransaction,
  account: string,
  rpcUrl?: string,
): Promise<PreviewSimulation> {
  if (!rpcUrl) return { ok: false, reason: 'Could not simulate: no Solana RPC is configured for this network.' }
  const { Connection, PublicKey } = await import('@solana/web3.js')
  const rpc = new Connection(rpcUrl, 'confirmed')
  try {
    const before = BigInt(await rpc.getBalance(new PublicKey(account)))
    const sim = await rpc.simulateTransaction(tx, {
      sigVerify: false,
      replaceRecentBlockhash: true,
      accounts: { encoding: 'base64', addresses: [account] },
    })
    if (sim.value.err)
      return { ok: false, reason: `Simulation: the transaction would fail (${JSON.stringify(sim.value.err)}).` }
    const lamports = sim.value.accounts?.[0]?.lamports
    // a node that leaves the accounts out has not told what changes: say so rather than "no change"
    if (typeof lamports !== 'number')
      return {
        ok: false,
        reason: 'Could not simulate: the Solana node did not return the balance after the transaction.',
      }
    const after = BigInt(lamports)
    const changes = after === before ? [] : [{ asset: 'native', amount: sol(after - before) }]
    return { ok: true, changes, note: 'The network fee is included.' }
  } catch (err) {
    return { ok: false, reason: `Could not simulate: ${(err as Error).message.split('\n')[0].slice(0, 200)}` }
  }
}
