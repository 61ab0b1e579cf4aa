// Chain reads (`chain/read`, `chain/readContract`, `chain/waitForTransaction`, and the reads other wallet requests
// need) through one viem public client per network with the SPEC §9 RPC settings. The RPC URLs are the host's
// `customRpcUrls` for the network, else the network's own. viem is imported on first use, in this chunk only.
import {
  FoyerError,
  type ChainRead,
  type ContractRead,
  type HandlerContext,
  type TransactionReceiptSummary,
} from '../../../kernel/index.js'
import type { PublicClient } from 'viem'
import { networkFor } from '../network-definition.js'
import { coerceArgs, findFunction, plain } from './abi.js'
import type { RequestEnv } from './session.js'

/** SPEC §9 RPC settings: retry 3 times with exponential back-off from 150 ms, time out at 10 s, batch up to 1000. */
export const RpcSettings = { retryCount: 3, retryDelayMs: 150, timeoutMs: 10_000, batchSize: 1000 } as const

/** How long `chain/waitForTransaction` waits unless told otherwise. */
export const ReceiptTimeoutMs = 60_000

/** The read client of `caipNetworkId` (default: the active network), created once per network and URL list. */
export async function readClient(
  env: RequestEnv,
  ctx: HandlerContext,
  caipNetworkId?: string,
): Promise<{ client: PublicClient; caipNetworkId: string }> {
  const state = ctx.getState()
  const id = caipNetworkId ?? state.account.activeCaipNetworkId
  if (!id) throw FoyerError.of('noActiveNetworkOrClient', { category: 'NETWORK' })
  if (!state.config.networks.some((n) => n.caipNetworkId === id))
    throw FoyerError.of('networkNotFound', { reason: id, category: 'CONFIGURATION' })
  const urls = networkFor(id, state.config.networks, env.options()).rpcUrls.default.http
  if (!urls.length)
    throw FoyerError.of('noActiveNetworkOrClient', { reason: `no RPC URL for ${id}`, category: 'NETWORK' })
  const key = `${id} ${urls.join(' ')}`
  let client = env.clients.get(key) as Promise<PublicClient> | undefined
  if (!client) {
    client = import('viem').then(({ createPublicClient, fallback, http }) => {
      const transport = (url: string) =>
        http(url, {
          retryCount: RpcSettings.retryCount,
          // viem doubles the delay on each retry: 150, 300, 600 ms.
          retryDelay: RpcSettings.retryDelayMs,
          timeout: RpcSettings.timeoutMs,
          batch: { batchSize: RpcSettings.batchSize },
        })
      return createPublicClient({
        transport: urls.length > 1 ? fallback(urls.map(transport)) : transport(urls[0]),
        pollingInterval: 1_000,
      }) as PublicClient
    })
    env.clients.set(key, client)
    client.catch(() => env.clients.delete(key))
  }
  return { client: await client, caipNetworkId: id }
}

/** `chain/read`: one JSON-RPC call on the network. */
export async function read(env: RequestEnv, input: ChainRead, ctx: HandlerContext): Promise<unknown> {
  const { client } = await readClient(env, ctx, input.caipNetworkId)
  const request = client.request as (args: { method: string; params?: unknown }) => Promise<unknown>
  return request({ method: input.method, ...(input.params ? { params: [...input.params] } : {}) })
}

/** `chain/readContract`: a view call, bigints returned as decimal strings. */
export async function readContract(env: RequestEnv, input: ContractRead, ctx: HandlerContext): Promise<unknown> {
  const { client } = await readClient(env, ctx, input.caipNetworkId)
  const fn = findFunction(input.abi, input.functionName, input.args ?? [])
  const result = await client.readContract({
    address: input.address as `0x${string}`,
    abi: [fn],
    functionName: fn.name,
    args: coerceArgs(fn, input.args ?? []),
  } as never)
  return plain(result)
}

/** `chain/waitForTransaction`: the receipt once mined, as plain data. */
export async function waitForTransaction(
  env: RequestEnv,
  input: { caipNetworkId?: string; hash: string; timeoutMs?: number },
  ctx: HandlerContext,
): Promise<TransactionReceiptSummary> {
  const { client, caipNetworkId } = await readClient(env, ctx, input.caipNetworkId)
  const r = await client.waitForTransactionReceipt({
    hash: input.hash as `0x${string}`,
    timeout: input.timeoutMs ?? ReceiptTimeoutMs,
  })
  return {
    hash: r.transactionHash,
    caipNetworkId,
    status: r.status,
    blockNumber: r.blockNumber.toString(),
    gasUsed: r.gasUsed.toString(),
  }
}
