// EIP-5792 for the EVM test wallet (option `eip5792`): capabilities reporting atomic batches, and `wallet_sendCalls`
// executed all-or-nothing in one anvil block — automine paused while the calls enter the pool, one block mined, and
// the chain reverted to a snapshot taken before them when any call fails. The snapshot is chain-wide: use it on a
// chain only this wallet writes to while a batch runs (a dev chain of a test).
import { randomBytes } from 'node:crypto'
import type { Hex, WalletClient, Account, Chain, Transport } from 'viem'

/** What the batcher needs from the wallet core. */
export interface BatchEnv {
  address: Hex
  chainId(): number
  client(): WalletClient<Transport, Chain, Account>
  /** A JSON-RPC call to the current chain's node. */
  rpc(method: string, params?: unknown[]): Promise<unknown>
}

interface Batch {
  chainId: number
  status: number
  receipts: unknown[]
}

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })
const hex = (n: number | bigint): Hex => `0x${n.toString(16)}`
// Calls in one batch cannot be estimated against each other's effects before the block exists.
const BatchCallGas = 1_000_000n

/** Creates the EIP-5792 methods over the wallet core. */
export function createBatcher(env: BatchEnv) {
  const batches = new Map<string, Batch>()

  async function send(req: {
    chainId?: string
    from?: string
    calls?: Array<{ to?: Hex; value?: Hex; data?: Hex }>
  }): Promise<{ id: string }> {
    if (Number(req?.chainId) !== env.chainId()) throw rpcError(5710, `Unsupported chain id ${req?.chainId}`)
    if (req.from && req.from.toLowerCase() !== env.address.toLowerCase()) throw rpcError(4100, 'Unknown account')
    const calls = req.calls ?? []
    if (!calls.length) throw rpcError(-32602, 'No calls')
    const client = env.client()
    const snapshot = await env.rpc('evm_snapshot')
    let nonce = Number(await env.rpc('eth_getTransactionCount', [env.address, 'latest']))
    const hashes: Hex[] = []
    await env.rpc('evm_setAutomine', [false])
    try {
      for (const c of calls)
        hashes.push(
          await client.sendTransaction({
            to: c.to,
            value: c.value ? BigInt(c.value) : undefined,
            data: c.data,
            gas: BatchCallGas,
            nonce: nonce++,
          } as never),
        )
      await env.rpc('evm_mine')
    } finally {
      await env.rpc('evm_setAutomine', [true])
    }
    const receipts = await Promise.all(hashes.map((h) => env.rpc('eth_getTransactionReceipt', [h])))
    const ok = receipts.every((r) => (r as { status?: string } | null)?.status === '0x1')
    // All or nothing: a failed call takes the whole block back.
    if (!ok) await env.rpc('evm_revert', [snapshot])
    const id = `0x${randomBytes(32).toString('hex')}`
    batches.set(id, { chainId: env.chainId(), status: ok ? 200 : 500, receipts: ok ? receipts : [] })
    return { id }
  }

  return {
    async request(method: string, p: any[]): Promise<unknown> {
      if (method === 'wallet_getCapabilities') {
        const chains = Array.isArray(p[1]) ? (p[1] as string[]) : [hex(env.chainId())]
        return Object.fromEntries(chains.map((c) => [c, { atomic: { status: 'supported' } }]))
      }
      if (method === 'wallet_sendCalls') return send(p[0])
      const batch = batches.get(String(p[0]))
      if (!batch) throw rpcError(5730, 'Unknown bundle id')
      return {
        version: '2.0.0',
        id: p[0],
        chainId: hex(batch.chainId),
        status: batch.status,
        atomic: true,
        receipts: batch.receipts,
      }
    },
  }
}
