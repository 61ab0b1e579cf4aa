// EIP-7811 for every EVM transport: the wallet's own view of its assets. Asked only of a wallet that reports the
// `assetDiscovery` capability on the network (EIP-5792 capabilities), so a wallet without it is never prompted or
// bothered with a method it lacks; the answer goes out unvalidated (the portfolio plugin validates it, SPEC §5).
import { referenceOf, type WalletAssets } from '../../../kernel/index.js'
import type { WalletSession } from './session.js'
import { isUnsupportedMethod } from '../wallet-errors.js'
import { getCapabilities } from './calls.requests.js'

const chainHex = (caipNetworkId: string) => `0x${Number(referenceOf(caipNetworkId)).toString(16)}`
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The wallet's assets on `caipNetworkId` (`wallet_getAssets` with `account` and `chainFilter`), or null. */
export async function getAssets(s: WalletSession, caipNetworkId = s.caipNetworkId): Promise<WalletAssets | null> {
  const caps = await getCapabilities(s, caipNetworkId)
  const discovery = caps.raw.assetDiscovery
  if (!caps.supported || !isRecord(discovery) || discovery.supported !== true) return null
  const chain = chainHex(caipNetworkId)
  let answer: unknown
  try {
    answer = await s.call('wallet_getAssets', [{ account: s.address, chainFilter: [chain] }])
  } catch (error) {
    if (isUnsupportedMethod(error)) return null
    throw error
  }
  // a wallet may key chains as "0x01" or in capitals: match the number, not the text
  const key = isRecord(answer)
    ? Object.keys(answer).find((k) => /^0x[0-9a-f]+$/i.test(k) && BigInt(k) === BigInt(chain))
    : undefined
  const list = key ? (answer as Record<string, unknown>)[key] : undefined
  return Array.isArray(list) ? { caipNetworkId, address: s.address, assets: list } : null
}
