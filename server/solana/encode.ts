// The node's JSON shapes of accounts and transactions (Solana JSON-RPC), and the parameter readers the methods share.
import { PublicKey, VersionedTransaction } from '@solana/web3.js'
import { base58, base64 } from '@scure/base'
import { RpcCodes, SolanaRpcError } from './errors.js'
import type { SolanaRuntime, TxRecord } from './runtime.js'
import { parsedTokenData, type RawAccount } from './tokens.js'

/** A method's bad parameter: JSON-RPC -32602 with the node's "Invalid param" wording. */
export const invalidParam = (what: string): SolanaRpcError =>
  new SolanaRpcError(RpcCodes.invalidParams, `Invalid param: ${what}`)

/** A base58 public key parameter, as its canonical string. */
export function pubkeyParam(v: unknown): string {
  try {
    if (typeof v !== 'string') throw new Error()
    return new PublicKey(v).toBase58()
  } catch {
    throw invalidParam(`Invalid public key ${JSON.stringify(v)}`)
  }
}

/** The config object of a method (its last parameter, when it is an object). */
export function configParam(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
}

/** A wire transaction parameter (base58 by default, base64 when the config says so). */
export function transactionParam(v: unknown, encoding: unknown): VersionedTransaction {
  if (typeof v !== 'string') throw invalidParam('the transaction must be an encoded string')
  try {
    return VersionedTransaction.deserialize(encoding === 'base64' ? base64.decode(v) : base58.decode(v))
  } catch (err) {
    throw invalidParam(`failed to deserialize the transaction: ${(err as Error).message}`)
  }
}

/** An account in the node's shape, data in the asked encoding (`jsonParsed` falls back to base64). */
export function accountJson(
  rt: SolanaRuntime,
  address: string,
  account: RawAccount | null,
  config: Record<string, unknown>,
): Record<string, unknown> | null {
  if (!account) return null
  const slice = configParam(config.dataSlice)
  const offset = typeof slice.offset === 'number' ? slice.offset : 0
  const bytes = typeof slice.length === 'number' ? account.data.subarray(offset, offset + slice.length) : account.data
  const encoding = config.encoding ?? 'base58'
  let data: unknown
  if (encoding === 'jsonParsed')
    data = parsedTokenData(address, account, (m) => rt.decimalsOf(m)) ?? [base64.encode(bytes), 'base64']
  else if (encoding === 'base64') data = [base64.encode(bytes), 'base64']
  else if (encoding === 'base58') data = [base58.encode(bytes), 'base58']
  else throw invalidParam(`unsupported encoding ${JSON.stringify(encoding)}`)
  return {
    data,
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.owner,
    rentEpoch: 0,
    space: account.data.length,
  }
}

/** `getSignatureStatuses`' entry for a landed transaction. */
export function statusJson(r: TxRecord): Record<string, unknown> {
  return {
    slot: r.slot,
    confirmations: null,
    err: r.err,
    status: r.err ? { Err: r.err } : { Ok: null },
    confirmationStatus: 'finalized',
  }
}

/** `getTransaction`'s answer (encoding json, jsonParsed or base64; a v0 transaction needs maxSupportedTransactionVersion). */
export function transactionJson(r: TxRecord, config: Record<string, unknown>): Record<string, unknown> {
  const tx = r.transaction
  const versioned = config.maxSupportedTransactionVersion !== undefined
  if (tx.version !== 'legacy' && !versioned)
    throw new SolanaRpcError(
      RpcCodes.unsupportedTransactionVersion,
      `Transaction version (${tx.version}) is not supported by the requesting client. ` +
        'Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    )
  const m = tx.message
  const parsed = config.encoding === 'jsonParsed'
  const transaction =
    config.encoding === 'base64'
      ? [base64.encode(tx.serialize()), 'base64']
      : {
          signatures: tx.signatures.map((s) => base58.encode(s)),
          message: {
            // jsonParsed names each key with its role; instructions stay partially decoded (program id, accounts, data).
            accountKeys: parsed
              ? r.accountKeys.map((pubkey, i) => ({
                  pubkey,
                  signer: m.isAccountSigner(i),
                  writable: m.isAccountWritable(i),
                  source: 'transaction',
                }))
              : r.accountKeys,
            header: m.header,
            recentBlockhash: m.recentBlockhash,
            instructions: m.compiledInstructions.map((i) => {
              const data = base58.encode(i.data)
              if (!parsed)
                return { programIdIndex: i.programIdIndex, accounts: i.accountKeyIndexes, data, stackHeight: null }
              const accounts = i.accountKeyIndexes.map((k) => r.accountKeys[k])
              return { programId: r.accountKeys[i.programIdIndex], accounts, data, stackHeight: null }
            }),
            ...(tx.version === 'legacy'
              ? {}
              : {
                  addressTableLookups: m.addressTableLookups.map((l) => ({
                    accountKey: l.accountKey.toBase58(),
                    writableIndexes: l.writableIndexes,
                    readonlyIndexes: l.readonlyIndexes,
                  })),
                }),
          },
        }
  return {
    slot: r.slot,
    blockTime: r.blockTime,
    transaction,
    meta: {
      err: r.err,
      status: r.err ? { Err: r.err } : { Ok: null },
      fee: r.fee,
      preBalances: r.preBalances,
      postBalances: r.postBalances,
      innerInstructions: [],
      logMessages: r.logs,
      preTokenBalances: r.preTokenBalances,
      postTokenBalances: r.postTokenBalances,
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
      computeUnitsConsumed: r.unitsConsumed,
    },
    ...(versioned ? { version: tx.version } : {}),
  }
}
