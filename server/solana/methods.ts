// The Solana JSON-RPC methods the local node answers: those @solana/web3.js v1's `Connection` uses for balances,
// token accounts, blockhashes, sending, confirming and history. Everything is final at once (one block per
// transaction), so every commitment level reads the same state.
import { VersionedMessage } from '@solana/web3.js'
import { base64 } from '@scure/base'
import { RpcCodes, SolanaRpcError } from './errors.js'
import {
  accountJson,
  configParam,
  invalidParam,
  pubkeyParam,
  statusJson,
  transactionJson,
  transactionParam,
} from './encode.js'
import { LAMPORTS_PER_SIGNATURE, type SolanaRuntime } from './runtime.js'
import { readMint, readTokenAccount, uiTokenAmount } from './tokens.js'

/** Solana mainnet's genesis hash: the local node plays mainnet, as the local anvil chains carry mainnet ids. */
export const MAINNET_GENESIS_HASH = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d'

/** One method: positional params in, JSON result out (throws SolanaRpcError). */
export type SolanaMethod = (params: unknown[], rt: SolanaRuntime) => unknown

const ctx = (rt: SolanaRuntime) => ({ slot: rt.slot, apiVersion: '2.1.0' })
const withContext = (rt: SolanaRuntime, value: unknown) => ({ context: ctx(rt), value })
const count = (v: unknown, what: string): bigint => {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw invalidParam(`${what} must be a count`)
  return BigInt(v)
}

const tokenAmountOf = (rt: SolanaRuntime, address: string) => {
  const t = readTokenAccount(address, rt.account(address))
  if (!t) throw invalidParam('not a Token account')
  return uiTokenAmount(t.amount, rt.decimalsOf(t.mint))
}

/** The methods by name. */
export const SOLANA_METHODS: Record<string, SolanaMethod> = {
  getHealth: () => 'ok',
  getVersion: () => ({ 'solana-core': '2.1.0', 'feature-set': 0, node: 'foyer local (litesvm 1.5.0)' }),
  getGenesisHash: () => MAINNET_GENESIS_HASH,
  getSlot: (_, rt) => rt.slot,
  getBlockHeight: (_, rt) => rt.slot,
  getTransactionCount: (_, rt) => rt.transactionCount,
  getEpochInfo: (_, rt) => ({
    absoluteSlot: rt.slot,
    blockHeight: rt.slot,
    epoch: 0,
    slotIndex: rt.slot,
    slotsInEpoch: 432_000,
    transactionCount: rt.transactionCount,
  }),
  getRecentPrioritizationFees: () => [],
  getLatestBlockhash: (_, rt) => withContext(rt, rt.latestBlockhash()),
  isBlockhashValid: ([hash], rt) => withContext(rt, typeof hash === 'string' && rt.isBlockhashValid(hash)),
  getFeeForMessage: ([message], rt) => {
    if (typeof message !== 'string') throw invalidParam('the message must be a base64 string')
    let signers: number
    try {
      signers = VersionedMessage.deserialize(base64.decode(message)).header.numRequiredSignatures
    } catch {
      throw invalidParam('failed to deserialize the message')
    }
    return withContext(rt, LAMPORTS_PER_SIGNATURE * signers)
  },
  getMinimumBalanceForRentExemption: ([bytes], rt) => Number(rt.rentExempt(Number(count(bytes, 'the data length')))),
  getBalance: ([key], rt) => withContext(rt, Number(rt.balance(pubkeyParam(key)))),
  getAccountInfo: ([key, config], rt) => {
    const address = pubkeyParam(key)
    return withContext(rt, accountJson(rt, address, rt.account(address), configParam(config)))
  },
  getMultipleAccounts: ([keys, config], rt) => {
    if (!Array.isArray(keys)) throw invalidParam('expected a list of public keys')
    const accounts = keys.map(pubkeyParam).map((a) => accountJson(rt, a, rt.account(a), configParam(config)))
    return withContext(rt, accounts)
  },
  getTokenAccountsByOwner: ([owner, filter, config], rt) => {
    const f = configParam(filter)
    const by =
      typeof f.mint === 'string' ? { mint: pubkeyParam(f.mint) } : { programId: pubkeyParam(f.programId ?? '') }
    const keys = rt.tokenAccountsByOwner(pubkeyParam(owner), by)
    const cfg = configParam(config)
    return withContext(
      rt,
      keys.map((pubkey) => ({ pubkey, account: accountJson(rt, pubkey, rt.account(pubkey), cfg) })),
    )
  },
  getTokenAccountBalance: ([key], rt) => withContext(rt, tokenAmountOf(rt, pubkeyParam(key))),
  getTokenSupply: ([key], rt) => {
    const address = pubkeyParam(key)
    const mint = readMint(address, rt.account(address))
    if (!mint) throw invalidParam('not a Token mint')
    return withContext(rt, uiTokenAmount(mint.supply, mint.decimals))
  },
  sendTransaction: ([wire, config], rt) => {
    const cfg = configParam(config)
    return rt.send(transactionParam(wire, cfg.encoding), { skipPreflight: cfg.skipPreflight === true })
  },
  simulateTransaction: ([wire, config], rt) => {
    const cfg = configParam(config)
    const sim = rt.simulate(transactionParam(wire, cfg.encoding), {
      sigVerify: cfg.sigVerify === true,
      replaceRecentBlockhash: cfg.replaceRecentBlockhash === true,
    })
    return withContext(rt, { ...sim, accounts: null, returnData: null })
  },
  getSignatureStatuses: ([sigs], rt) => {
    if (!Array.isArray(sigs) || sigs.length > 256) throw invalidParam('expected up to 256 signatures')
    return withContext(
      rt,
      sigs.map((s) => {
        const record = typeof s === 'string' ? rt.record(s) : undefined
        return record ? statusJson(record) : null
      }),
    )
  },
  getSignaturesForAddress: ([key, config], rt) => {
    const cfg = configParam(config)
    const limit = cfg.limit === undefined ? 1000 : Number(count(cfg.limit, 'limit'))
    if (limit < 1 || limit > 1000) throw invalidParam('limit must be 1..1000')
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined)
    return rt.signaturesFor(pubkeyParam(key), { limit, before: str(cfg.before), until: str(cfg.until) }).map((r) => ({
      signature: r.signature,
      slot: r.slot,
      err: r.err,
      memo: null,
      blockTime: r.blockTime,
      confirmationStatus: 'finalized',
    }))
  },
  getTransaction: ([sig, config], rt) => {
    const record = typeof sig === 'string' ? rt.record(sig) : undefined
    return record ? transactionJson(record, configParam(config)) : null
  },
  requestAirdrop: ([key, lamports], rt) => rt.airdrop(pubkeyParam(key), count(lamports, 'lamports')),
}

/** Runs one call; unknown methods are -32601 as on a node. */
export function callSolanaMethod(rt: SolanaRuntime, method: string, params: unknown): unknown {
  const fn = Object.hasOwn(SOLANA_METHODS, method) ? SOLANA_METHODS[method] : undefined
  if (!fn) throw new SolanaRpcError(RpcCodes.methodNotFound, 'Method not found')
  return fn(Array.isArray(params) ? params : params === undefined ? [] : [params], rt)
}
