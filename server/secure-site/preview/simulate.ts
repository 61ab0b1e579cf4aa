// The balance changes a request would cause, from running its calls on the chain first (eth_simulateV1 with
// traceTransfers: native transfers come back as ERC-20-style Transfer logs from 0xeeee…eeee). A node without the
// method, or a call that fails, gives an honest "could not simulate" / "would fail" instead of a guess.
import { hexToBigInt, isAddressEqual, numberToHex, type Address, type Hex, type PublicClient } from 'viem'
import type { EvmCall } from '../evm-params.js'
import type { NativeCurrency, TokenReader } from './evm.js'
import type { PreviewSimulation } from './types.js'

const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const NATIVE_LOG_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

interface SimulatedCall {
  status: Hex
  error?: { message?: string }
  logs: Array<{ address: Address; topics: Hex[]; data: Hex }>
}

const topicAddress = (topic: Hex) => `0x${topic.slice(26)}` as Address

/** Runs `calls` from `account` on the latest block; answers the account's net change per asset. */
export async function simulateEvmCalls(
  client: PublicClient,
  account: Address,
  calls: EvmCall[],
  native: NativeCurrency,
  readToken: TokenReader,
): Promise<PreviewSimulation> {
  let blocks: Array<{ calls: SimulatedCall[] }>
  try {
    blocks = (await client.request({
      method: 'eth_simulateV1',
      params: [
        {
          blockStateCalls: [
            {
              calls: calls.map((c) => ({
                from: account,
                to: c.to,
                value: numberToHex(c.value),
                data: c.data,
                ...(c.gas ? { gas: numberToHex(c.gas) } : {}),
              })),
            },
          ],
          traceTransfers: true,
          // fees are not part of what the request moves; without validation the node does not charge them
          validation: false,
        },
        'latest',
      ],
    } as never)) as Array<{ calls: SimulatedCall[] }>
  } catch (err) {
    const message = (err as { details?: string; shortMessage?: string }).details ?? (err as Error).message
    return {
      ok: false,
      reason: /not (supported|found|available)|does not exist|unknown method/i.test(message)
        ? 'Could not simulate: this network’s node cannot run eth_simulateV1.'
        : `Could not simulate: ${message.split('\n')[0].slice(0, 200)}`,
    }
  }
  const results = blocks?.[0]?.calls ?? []
  if (results.length !== calls.length) return { ok: false, reason: 'Could not simulate: the node gave no result.' }
  const failed = results.findIndex((r) => r.status !== '0x1')
  if (failed >= 0) {
    const why = results[failed].error?.message
    return {
      ok: false,
      reason: `Simulation: ${calls.length > 1 ? `call ${failed + 1}` : 'the transaction'} would fail${why ? ` (${why.slice(0, 200)})` : ''}.`,
    }
  }
  const deltas = new Map<string, bigint>()
  for (const log of results.flatMap((r) => r.logs ?? [])) {
    // Transfer(from, to, value) with the value in data: ERC-20 (ERC-721 puts the id in a fourth topic)
    if (log.topics[0] !== TRANSFER_TOPIC || log.topics.length !== 3 || log.data.length !== 66) continue
    const value = hexToBigInt(log.data)
    const key = log.address.toLowerCase()
    if (isAddressEqual(topicAddress(log.topics[1]), account)) deltas.set(key, (deltas.get(key) ?? 0n) - value)
    if (isAddressEqual(topicAddress(log.topics[2]), account)) deltas.set(key, (deltas.get(key) ?? 0n) + value)
  }
  const changes: Array<{ amount: { value: string; decimals: number; symbol: string }; asset: string }> = []
  for (const [key, delta] of deltas) {
    if (delta === 0n) continue
    if (key === NATIVE_LOG_ADDRESS) {
      changes.push({
        asset: 'native',
        amount: { value: delta.toString(), symbol: native.symbol, decimals: native.decimals },
      })
      continue
    }
    const token = await readToken(key as Address)
    changes.push({
      asset: key,
      amount: token
        ? { value: delta.toString(), symbol: token.symbol, decimals: token.decimals }
        : { value: delta.toString(), symbol: `units of ${key}`, decimals: 0 },
    })
  }
  return { ok: true, changes, note: 'Network fees are not included.' }
}
