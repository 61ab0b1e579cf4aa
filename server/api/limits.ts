// The API's bounds against many attackers on one service (issue 30): what the project RPC forwards, how a project's
// request budget leaves room for addresses that have not abused it, and how many bytes POST /e stores. One object in
// the configuration (FOYER_CONFIG `apiLimits`, FOYER_API_LIMITS as JSON); every field has a default.
import { fail, isRecord } from '../config/checks.js'

/** All API limits; every field has a default in {@link DEFAULT_API_LIMITS}. */
export interface ApiLimits {
  /** POST /v1/rpc: calls forwarded from one batch; the rest are answered with JSON-RPC -32005. */
  rpcMaxBatch: number
  /** POST /v1/rpc: the most gas one eth_call / eth_estimateGas may ask for (and what a call without `gas` gets). */
  rpcMaxGasPerCall: number
  /** POST /v1/rpc: gas of all eth_call / eth_estimateGas of one request together; calls beyond it get -32005. */
  rpcMaxGasPerRequest: number
  /** POST /v1/rpc: how long the node may take to answer, in milliseconds; then JSON-RPC -32603. */
  rpcTimeoutMs: number
  /** POST /v1/rpc: forward eth_call / eth_estimateGas state and block overrides (refused with -32602 unless true). */
  rpcAllowStateOverrides: boolean
  /** POST /v1/rpc: methods forwarded beyond the public read/send list (e.g. debug_traceCall); the operator's choice. */
  rpcExtraMethods: string[]
  /**
   * Requests one client address may make for one project per rate-limit window once that project is over its budget
   * (apiRateLimitPerProject): addresses below it are still served, so a public project id is never a kill switch.
   */
  projectSharePerIp: number
  /** POST /e: bytes one event or error report may store (its text and JSON, UTF-8); larger → 413. */
  analyticsMaxEventBytes: number
  /** POST /e: bytes stored per project per hour before sampling starts (like analyticsProjectCapPerHour for rows). */
  analyticsProjectBytesPerHour: number
  /** Bytes of analytics events (and as many of error reports) kept in all; retention deletes the oldest beyond. */
  analyticsMaxBytes: number
}

/** Defaults of every API limit. */
export const DEFAULT_API_LIMITS: ApiLimits = {
  rpcMaxBatch: 100,
  rpcMaxGasPerCall: 10_000_000,
  rpcMaxGasPerRequest: 30_000_000,
  rpcTimeoutMs: 10_000,
  rpcAllowStateOverrides: false,
  rpcExtraMethods: [],
  projectSharePerIp: 300,
  analyticsMaxEventBytes: 16 * 1024,
  analyticsProjectBytesPerHour: 32 * 1024 * 1024,
  analyticsMaxBytes: 512 * 1024 * 1024,
}

/** The limits of `partial` over the defaults (other keys are ignored). */
export function resolveApiLimits(partial: Partial<ApiLimits> = {}): ApiLimits {
  const out: Record<string, unknown> = { ...DEFAULT_API_LIMITS }
  for (const key of Object.keys(DEFAULT_API_LIMITS) as Array<keyof ApiLimits>)
    if (partial[key] !== undefined) out[key] = partial[key]
  return out as unknown as ApiLimits
}

/** Checks limits given in configuration (FOYER_CONFIG `apiLimits`, FOYER_API_LIMITS); throws ConfigError. */
export function checkApiLimits(v: unknown, where: string): asserts v is Partial<ApiLimits> {
  if (!isRecord(v)) fail(where, 'apiLimits (FOYER_API_LIMITS)', 'an object of API limits', v)
  for (const [key, value] of Object.entries(v)) {
    const field = `apiLimits.${key}`
    const def: unknown = (DEFAULT_API_LIMITS as unknown as Record<string, unknown>)[key]
    if (def === undefined) fail(where, field, `one of ${Object.keys(DEFAULT_API_LIMITS).join(', ')}`, key)
    if (typeof def === 'boolean' && typeof value !== 'boolean') fail(where, field, 'true or false', value)
    // 0 would refuse every call: a limit is lifted by a large number instead.
    if (typeof def === 'number' && !(Number.isSafeInteger(value) && (value as number) > 0))
      fail(where, field, 'a positive integer', value)
    if (Array.isArray(def) && !(Array.isArray(value) && value.every((m) => typeof m === 'string' && /^\w+$/.test(m))))
      fail(where, field, 'a list of JSON-RPC method names', value)
  }
}
