// POST /v1/rpc?chainId=&projectId=: the project's own RPC endpoint (SPEC §7 "Default RPC for non-EVM chains is a
// provider endpoint with a project id"). It forwards JSON-RPC to the node configured for the chain (config.chains,
// config.solanaChains, the local ones), passing only methods that read the chain or send signed transactions, so a
// dev node's admin methods (anvil_*, requestAirdrop) are never reachable through it; batches, gas and the node's
// answer time are bounded (rpc-bounds.ts, apiLimits).
import { Hono } from 'hono'
import { PUBLIC_SOLANA_METHODS } from '../../solana/public-methods.js'
import type { ApiDeps } from '../deps.js'
import { ApiError, invalidField } from '../errors.js'
import { resolveApiLimits } from '../limits.js'
import { clip } from '../params.js'
import { boundCalls, rpcError, type RpcCall } from '../rpc-bounds.js'

/** EVM methods the endpoint forwards. */
export const PUBLIC_EVM_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId', 'net_version', 'web3_clientVersion', 'eth_syncing', 'eth_blockNumber', 'eth_getBalance',
  'eth_getCode', 'eth_getStorageAt', 'eth_call', 'eth_estimateGas', 'eth_gasPrice', 'eth_maxPriorityFeePerGas',
  'eth_feeHistory', 'eth_getTransactionCount', 'eth_getTransactionByHash', 'eth_getTransactionReceipt',
  'eth_getBlockByNumber', 'eth_getBlockByHash', 'eth_getLogs', 'eth_sendRawTransaction',
]) // prettier-ignore

const isCall = (v: unknown): v is RpcCall => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The upstream URL and method list of a chain, or undefined when it is not served. */
function upstreamOf(deps: ApiDeps, chainId: string): { url: string; methods: ReadonlySet<string> } | undefined {
  const evm = deps.config.chains.find((c) => c.caipNetworkId === chainId)
  if (evm) return { url: evm.rpcUrl, methods: PUBLIC_EVM_METHODS }
  const sol = deps.config.solanaChains.find((c) => c.caipNetworkId === chainId)
  return sol && { url: sol.rpcUrl, methods: PUBLIC_SOLANA_METHODS }
}

/** POST /v1/rpc. */
export function rpcRoutes(deps: ApiDeps): Hono {
  const app = new Hono()
  const limits = resolveApiLimits(deps.config.apiLimits)
  app.post('/v1/rpc', async (c) => {
    const projectId = c.req.query('projectId') ?? ''
    if (!/^[0-9a-fA-F]{32}$/.test(projectId))
      throw invalidField('invalid_project_id', 'projectId', `"${clip(projectId)}" is not 32 hex digits`)
    const chainId = c.req.query('chainId') ?? ''
    const upstream = upstreamOf(deps, chainId)
    if (!upstream) {
      const known = [...deps.config.chains, ...deps.config.solanaChains].map((ch) => ch.caipNetworkId).join(', ')
      throw invalidField('unknown_chain', 'chainId', `chain "${clip(chainId)}" is not served here (${known || 'none'})`)
    }
    const body: unknown = await c.req.json().catch(() => undefined)
    const calls = Array.isArray(body) ? body : [body]
    if (calls.length === 0 || !calls.every(isCall))
      throw invalidField('invalid_json_rpc', 'body', 'a JSON-RPC call object or a non-empty batch of them')
    const verdicts = boundCalls(calls, upstream.methods, limits)
    const forwarded = verdicts.flatMap((v) => ('call' in v ? [v.call] : []))
    let answers: unknown[] = []
    if (forwarded.length > 0) {
      const payload = Array.isArray(body) ? forwarded : forwarded[0]
      const signal = AbortSignal.timeout(limits.rpcTimeoutMs)
      try {
        const res = await fetch(upstream.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
          signal,
        })
        const answer: unknown = await res.json().catch((err: unknown) => {
          if (signal.aborted) throw err
          throw unavailable(chainId, `HTTP ${res.status}`)
        })
        answers = Array.isArray(answer) ? answer : [answer]
      } catch (err) {
        if (err instanceof ApiError) throw err
        // Too slow: each forwarded call gets a JSON-RPC error, as a node would answer it, instead of a hung socket.
        if (signal.aborted)
          answers = forwarded.map((call) =>
            rpcError(call, -32603, `The RPC node of ${chainId} did not answer within ${limits.rpcTimeoutMs} ms`),
          )
        else throw unavailable(chainId, err instanceof Error ? err.message : String(err))
      }
    }
    const byId = new Map(answers.filter(isCall).map((a) => [JSON.stringify(a.id), a]))
    const merged = verdicts.map((v) => ('answer' in v ? v.answer : byId.get(JSON.stringify(v.call.id))))
    return c.json(Array.isArray(body) ? merged.filter((a) => a !== undefined) : (merged[0] ?? null))
  })
  return app
}

function unavailable(chainId: string, detail: string): ApiError {
  return new ApiError(502, 'rpc_unavailable', `The RPC node of ${chainId} did not answer`, [
    { field: 'chainId', description: `RPC node of ${chainId} failed: ${detail}` },
  ])
}
