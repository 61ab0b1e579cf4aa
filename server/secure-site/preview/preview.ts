// The approval screen's description of a transaction request, worked out on the secure site: which calls or
// instructions it holds in words, and what it would change, simulated on the chain before anything is signed.
import { erc20Abi, type Address } from 'viem'
import type { WalletChain } from '../chains.js'
import type { SolanaNetwork } from '../config.js'
import { WalletError } from '../errors.js'
import { evmCalls } from '../evm-params.js'
import { publicClientFor } from '../smart-account.js'
import { describeEvmCalls, tokenReader, type NativeCurrency } from './evm.js'
import { simulateEvmCalls } from './simulate.js'
import { describeSolanaTransaction, readSolanaTransaction, simulateSolanaTransaction } from './solana.js'
import type { ApprovalPreview } from './types.js'

/** The currency a chain counts in: its configured one, else Ether. */
export const nativeOf = (chain: WalletChain): NativeCurrency =>
  chain.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** One request to describe, from `account` (the address that would sign on that network). */
export interface PreviewRequest {
  caipNetworkId: string
  method: string
  params: unknown
  account: string
}

/** Describes an EVM transaction request on `chain`. */
export async function previewEvm(chain: WalletChain, req: PreviewRequest): Promise<ApprovalPreview> {
  const { calls } = evmCalls(req.method, Array.isArray(req.params) ? req.params : [])
  const client = publicClientFor(chain)
  const native = nativeOf(chain)
  const readToken = tokenReader(client)
  const totalSupply = (token: Address) =>
    client.readContract({ address: token, abi: erc20Abi, functionName: 'totalSupply' }).catch(() => undefined)
  const [sections, simulation] = await Promise.all([
    describeEvmCalls(calls, native, readToken, totalSupply),
    simulateEvmCalls(client, req.account as Address, calls, native, readToken),
  ])
  return { sections, simulation }
}

/** Describes a Solana transaction request (one or several transactions) on `network`. */
export async function previewSolana(network: SolanaNetwork, req: PreviewRequest): Promise<ApprovalPreview> {
  const p = (req.params ?? {}) as { transaction?: unknown; transactions?: unknown }
  const raw = req.method === 'solana_signAllTransactions' ? p.transactions : [p.transaction]
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > 20)
    throw new WalletError(400, 'invalid_params', 'transactions must be a list of 1 to 20')
  const txs = await Promise.all(raw.map(readSolanaTransaction))
  const sections = (await Promise.all(txs.map((tx) => describeSolanaTransaction(tx, network.rpcUrl)))).flat()
  const simulation =
    txs.length === 1
      ? await simulateSolanaTransaction(txs[0], req.account, network.rpcUrl)
      : ({ ok: false, reason: 'Could not simulate: the wallet simulates one transaction at a time.' } as const)
  return { sections, simulation }
}
