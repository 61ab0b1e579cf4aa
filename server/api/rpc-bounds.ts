// What one POST /v1/rpc request may cost the node (issue 30 #5): calls per batch, gas per eth_call / eth_estimateGas
// and per request, no state or block overrides unless the operator allows them. Each call is either forwarded (its
// gas made explicit) or answered here with a JSON-RPC error the SDKs understand: -32005 limit exceeded (viem retries
// it later, alone), -32602 invalid params, -32601 method not allowed.
import { clip } from './params.js'
import type { ApiLimits } from './limits.js'

/** One JSON-RPC call as received. */
export type RpcCall = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown }

/** A JSON-RPC error answer. */
export type RpcErrorAnswer = { jsonrpc: '2.0'; id: unknown; error: { code: number; message: string } }

/** What becomes of one call: forwarded as `call`, or answered with `answer`. */
export type Verdict = { call: RpcCall } | { answer: RpcErrorAnswer }

/** The JSON-RPC error answer to `call`. */
export function rpcError(call: RpcCall, code: number, message: string): RpcErrorAnswer {
  return { jsonrpc: '2.0', id: call.id ?? null, error: { code, message } }
}

const GAS_METHODS = new Set(['eth_call', 'eth_estimateGas'])
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/

/** Sorts the calls of one request into forwarded and answered, in order, under `limits`. */
export function boundCalls(
  calls: RpcCall[],
  methods: ReadonlySet<string>,
  limits: Pick<
    ApiLimits,
    'rpcMaxBatch' | 'rpcMaxGasPerCall' | 'rpcMaxGasPerRequest' | 'rpcAllowStateOverrides' | 'rpcExtraMethods'
  >,
): Verdict[] {
  const extra = new Set(limits.rpcExtraMethods)
  const cap = BigInt(limits.rpcMaxGasPerCall)
  let budget = BigInt(limits.rpcMaxGasPerRequest)
  return calls.map((call, i): Verdict => {
    if (i >= limits.rpcMaxBatch)
      return {
        answer: rpcError(call, -32005, `A batch may forward at most ${limits.rpcMaxBatch} calls: send this one again`),
      }
    const method = typeof call.method === 'string' ? call.method : ''
    if (!methods.has(method) && !extra.has(method))
      return {
        answer: rpcError(call, -32601, `Method not allowed through the project RPC: ${clip(String(call.method))}`),
      }
    if (!GAS_METHODS.has(method)) return { call }
    const params = Array.isArray(call.params) ? call.params : []
    const tx: unknown = params[0]
    if (typeof tx !== 'object' || tx === null || Array.isArray(tx))
      return { answer: rpcError(call, -32602, `${method} takes a transaction object as its first parameter`) }
    if (!limits.rpcAllowStateOverrides && params.slice(2).some((p) => p !== undefined && p !== null))
      return { answer: rpcError(call, -32602, 'State and block overrides are not forwarded by the project RPC') }
    const asked = (tx as { gas?: unknown }).gas
    if (asked !== undefined && asked !== null && !(typeof asked === 'string' && QUANTITY.test(asked)))
      return { answer: rpcError(call, -32602, 'gas must be a hex quantity') }
    const gas = typeof asked === 'string' ? BigInt(asked) : cap
    if (gas > cap) return { answer: rpcError(call, -32602, `gas ${asked} is above the cap of ${cap} per call`) }
    if (gas > budget)
      return {
        answer: rpcError(
          call,
          -32005,
          `The calls of one request may use at most ${limits.rpcMaxGasPerRequest} gas together: send this one again`,
        ),
      }
    budget -= gas
    // explicit gas: without it a node runs the call up to its own cap (a block's gas, or more)
    const bounded = [{ ...tx, gas: `0x${gas.toString(16)}` }, ...params.slice(1)]
    return { call: { ...call, params: bounded } }
  })
}
