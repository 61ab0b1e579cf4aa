// SPL token accounts and mints read from raw account data (@solana/spl-token's layouts), in the `jsonParsed` shapes
// a Solana node answers, plus the decimal amounts (`uiAmountString`) they carry.
import { PublicKey } from '@solana/web3.js'
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID, unpackAccount, unpackMint, type Mint } from '@solana/spl-token'

/** The token programs the node parses. */
export const TOKEN_PROGRAMS: readonly string[] = [TOKEN_PROGRAM_ID.toBase58(), TOKEN_2022_PROGRAM_ID.toBase58()]

/** An account as the chain holds it. */
export interface RawAccount {
  lamports: bigint
  /** Base58 address of the owning program. */
  owner: string
  data: Uint8Array
  executable: boolean
}

/** An amount in a node's `uiTokenAmount` shape. */
export interface UiTokenAmount {
  amount: string
  decimals: number
  uiAmount: number | null
  uiAmountString: string
}

/** A token account's fields the node reports. */
export interface TokenAccountInfo {
  mint: string
  owner: string
  amount: bigint
  programId: string
  frozen: boolean
  isNative: boolean
}

/** `amount` base units with `decimals` as a decimal string without trailing zeros ("1000", "0.5"). */
export function decimalString(amount: bigint, decimals: number): string {
  const s = amount.toString().padStart(decimals + 1, '0')
  const whole = s.slice(0, s.length - decimals)
  const frac = s.slice(s.length - decimals).replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : whole
}

/** A node's `uiTokenAmount` of an amount. */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const uiAmountString = decimalString(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

// @solana/spl-token reads web3.js AccountInfo objects.
const info = (account: RawAccount) => ({
  data: Buffer.from(account.data),
  owner: new PublicKey(account.owner),
  lamports: Number(account.lamports),
  executable: account.executable,
})

/** The token account held at `address`, or undefined when the account is not one. */
export function readTokenAccount(address: string, account: RawAccount | null): TokenAccountInfo | undefined {
  if (!account || !TOKEN_PROGRAMS.includes(account.owner)) return undefined
  const programId = account.owner
  try {
    const t = unpackAccount(new PublicKey(address), info(account), new PublicKey(programId))
    return {
      mint: t.mint.toBase58(),
      owner: t.owner.toBase58(),
      amount: t.amount,
      programId,
      frozen: t.isFrozen,
      isNative: t.isNative,
    }
  } catch {
    return undefined // a mint or another account of the token program
  }
}

/** The mint held at `address`, or undefined when the account is not one. */
export function readMint(address: string, account: RawAccount | null): Mint | undefined {
  if (!account || !TOKEN_PROGRAMS.includes(account.owner)) return undefined
  try {
    return unpackMint(new PublicKey(address), info(account), new PublicKey(account.owner))
  } catch {
    return undefined
  }
}

/** The `jsonParsed` data of a token account or mint, or undefined for any other account. */
export function parsedTokenData(
  address: string,
  account: RawAccount,
  decimalsOf: (mint: string) => number,
): Record<string, unknown> | undefined {
  const program = account.owner === TOKEN_2022_PROGRAM_ID.toBase58() ? 'spl-token-2022' : 'spl-token'
  const space = account.data.length
  const token = readTokenAccount(address, account)
  if (token) {
    const info = {
      isNative: token.isNative,
      mint: token.mint,
      owner: token.owner,
      state: token.frozen ? 'frozen' : 'initialized',
      tokenAmount: uiTokenAmount(token.amount, decimalsOf(token.mint)),
    }
    return { program, parsed: { info, type: 'account' }, space }
  }
  const mint = readMint(address, account)
  if (!mint) return undefined
  const info = {
    decimals: mint.decimals,
    freezeAuthority: mint.freezeAuthority?.toBase58() ?? null,
    isInitialized: mint.isInitialized,
    mintAuthority: mint.mintAuthority?.toBase58() ?? null,
    supply: mint.supply.toString(),
  }
  return { program, parsed: { info, type: 'mint' }, space }
}
