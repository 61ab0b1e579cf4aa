// ERC-7677 over JSON-RPC: pm_getPaymasterStubData and pm_getPaymasterData, params [userOp, entryPoint, chainId hex,
// context], for the project of the paymaster URL. A refusal is a JSON-RPC error whose message says why and whose
// data.reason names it (sponsorship_off, chain_not_sponsored, budget_exceeded, …).
import { fieldsJson, parseOperation, SponsorshipRefused, type Sponsor } from './sponsor.js'

/** JSON-RPC error code of a refused sponsorship (bad input answers -32602). */
export const SPONSORSHIP_REFUSED = -32001

type Answer = { jsonrpc: '2.0'; id: unknown } & ({ result: unknown } | { error: object })

/** Answers one JSON-RPC call for `projectId`. */
export async function paymasterRpc(sponsor: Sponsor, projectId: string, call: unknown): Promise<Answer> {
  const c = (call && typeof call === 'object' ? call : {}) as { id?: unknown; method?: unknown; params?: unknown }
  const id = c.id ?? null
  try {
    const params = Array.isArray(c.params) ? c.params : []
    if (c.method !== 'pm_getPaymasterStubData' && c.method !== 'pm_getPaymasterData')
      return { jsonrpc: '2.0', id, error: { code: -32601, message: `Method ${String(c.method)} is not served here` } }
    const [rawOp, entryPoint, chainHex] = params
    if (typeof entryPoint !== 'string')
      throw new SponsorshipRefused('invalid_params', 'params[1] must be the EntryPoint address')
    if (typeof chainHex !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(chainHex))
      throw new SponsorshipRefused('invalid_params', 'params[2] must be the chain id in hex')
    const op = parseOperation(rawOp)
    const chainId = Number(BigInt(chainHex))
    const pid = projectId.toLowerCase()
    if (c.method === 'pm_getPaymasterStubData') {
      const { fields, sponsor: who } = await sponsor.stub(pid, chainId, entryPoint, op)
      return { jsonrpc: '2.0', id, result: { ...fieldsJson(fields), sponsor: who, isFinal: false } }
    }
    const { fields } = await sponsor.sign(pid, chainId, entryPoint, op)
    return { jsonrpc: '2.0', id, result: { paymaster: fields.paymaster, paymasterData: fields.paymasterData } }
  } catch (err) {
    if (!(err instanceof SponsorshipRefused)) throw err
    const code = err.reason === 'invalid_params' ? -32602 : SPONSORSHIP_REFUSED
    return { jsonrpc: '2.0', id, error: { code, message: err.message, data: { reason: err.reason } } }
  }
}
