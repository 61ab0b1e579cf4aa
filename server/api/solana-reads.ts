// Reads a Solana account's SOL and SPL token balances from a chain's JSON-RPC node (plain fetch: the API does not
// load @solana/web3.js): getBalance plus jsonParsed token accounts of both token programs, in one batch.
import type { SolanaChainConfig } from '../types.js'
import { rpcFailure } from './chain-clients.js'

/** SPEC §5: a Solana address is 32 to 44 base58 characters. */
export const SOLANA_ADDRESS_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** The SPL token programs (Token and Token-2022). */
export const SPL_TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
] as const

/** Well-known Solana test networks (devnet, testnet): no lookups there (SPEC §5). */
export const SOLANA_TESTNETS: ReadonlySet<string> = new Set([
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
])

type RpcAnswer = { id: number; result?: unknown; error?: { message?: string } }
type TokenAccounts = { value?: Array<{ account?: { data?: { parsed?: { info?: TokenInfo } } } }> }
type TokenInfo = { mint?: unknown; tokenAmount?: { amount?: unknown } }

/** Lamports and base units per mint held by `owner`; throws 502 when the node fails. */
export async function readSolanaBalances(
  chain: SolanaChainConfig,
  owner: string,
): Promise<{ lamports: bigint; tokens: Map<string, bigint> }> {
  const calls = [
    { jsonrpc: '2.0', id: 0, method: 'getBalance', params: [owner] },
    ...SPL_TOKEN_PROGRAMS.map((programId, i) => ({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'getTokenAccountsByOwner',
      params: [owner, { programId }, { encoding: 'jsonParsed' }],
    })),
  ]
  let answers: RpcAnswer[]
  try {
    const res = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(calls),
      signal: AbortSignal.timeout(10_000),
    })
    if (!res.ok) throw new Error(`HTTP ${res.status}`)
    answers = (await res.json()) as RpcAnswer[]
    if (!Array.isArray(answers)) throw new Error('the node did not answer the batch')
  } catch (err) {
    throw rpcFailure(chain, err)
  }
  const byId = new Map(answers.map((a) => [a.id, a]))
  const balance = byId.get(0)
  const lamports = (balance?.result as { value?: unknown } | undefined)?.value
  if (balance?.error || typeof lamports !== 'number') throw rpcFailure(chain, balance?.error?.message ?? 'no balance')
  const tokens = new Map<string, bigint>()
  for (let id = 1; id <= SPL_TOKEN_PROGRAMS.length; id++) {
    // a node without Token-2022 answers an error for it: that program simply holds nothing here
    for (const entry of (byId.get(id)?.result as TokenAccounts | undefined)?.value ?? []) {
      const info = entry.account?.data?.parsed?.info
      const amount = info?.tokenAmount?.amount
      if (typeof info?.mint !== 'string' || typeof amount !== 'string' || !/^\d+$/.test(amount)) continue
      tokens.set(info.mint, (tokens.get(info.mint) ?? 0n) + BigInt(amount))
    }
  }
  return { lamports: BigInt(lamports), tokens }
}
