// POST /v1/rpc?chainId=&projectId=: the project's own RPC endpoint (SPEC §7 "Default RPC for non-EVM chains is a
// provider endpoint with a project id"). It forwards JSON-RPC to the node configured for the chain (config.chains,
// config.solanaChains, the local ones), passing only methods that read the chain or send signed transactions, so a
// dev node's admin methods (anvil_*, requestAirdrop) are never reachable through it.
import { Hono } from 'hono'
import { PUBLIC_SOLANA_METHODS } from '../../solana/public-methods.js'
import type { ApiDeps } from '../deps.js'
import { ApiError, invalidField } from '../errors.js'
import { clip } from '../params.js'

/** EVM methods the endpoint forwards. */
export const PUBLIC_EVM_METHODS: ReadonlySet<string> = new Set([
  'eth_chainId', 'net_version', 'web3_clientVersion', 'eth_syncing', 'eth_blockNumber', 'eth_getBalance',
  'eth_getCode', 'eth_getStorageAt', 'eth_call', 'eth_estimateGas', 'eth_gasPrice', 'eth_maxPriorityFeePerGas',
  'eth_feeHistory', 'eth_getTransactionCount', 'eth_getTransactionByHash', 'eth_getTransactionReceipt',
  'eth_getBlockByNumber', 'eth_getBlockByHash', 'eth_getLogs', 'eth_sendRawTransaction',
]) // prettier-ignore

type Call = { jsonrpc?: unknown; id?: unknown; method?: unknown }
const isCall = (v: unknown): v is Call => typeof v === 'object' && v !== null && !Array.isArray(v)

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
    const allowed = (call: Call) => typeof call.method === 'string' && upstream.methods.has(call.method)
    const forwarded = calls.filter(allowed)
    let answers: unknown[] = []
    if (forwarded.length > 0) {
      const payload = Array.isArray(body) ? forwarded : forwarded[0]
      const res = await fetch(upstream.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(10_000),
      }).catch((err: unknown) => {
        throw unavailable(chainId, err instanceof Error ? err.message : String(err))
      })
      const answer: unknown = await res.json().catch(() => undefined)
      if (answer === undefined) throw unavailable(chainId, `HTTP ${res.status}`)
      answers = Array.isArray(answer) ? answer : [answer]
    }
    const byId = new Map(answers.filter(isCall).map((a) => [JSON.stringify(a.id), a]))
    const merged = calls.map((call) =>
      allowed(call)
        ? byId.get(JSON.stringify(call.id))
        : {
            jsonrpc: '2.0',
            id: call.id ?? null,
            error: {
              code: -32601,
              message: `Method not allowed through the project RPC: ${clip(String(call.method))}`,
            },
          },
    )
    return c.json(Array.isArray(body) ? merged.filter((a) => a !== undefined) : (merged[0] ?? null))
  })
  return app
}

function unavailable(chainId: string, detail: string): ApiError {
  return new ApiError(502, 'rpc_unavailable', `The RPC node of ${chainId} did not answer`, [
    { field: 'chainId', description: `RPC node of ${chainId} failed: ${detail}` },
  ])
}
