// The wallet's own view of its assets (EIP-7811 `wallet_getAssets`, through the kernel's `wallet/getAssets`), as the
// Tokens tab shows it when the connected wallet offers it: SPEC §5's wallet-asset check (a string address and balance,
// type ERC20 or NATIVE, metadata with name, symbol, decimals, price and iconUrl of the right types), 0-decimal tokens
// dropped as low quality, and the portfolio cache (30 s) so each opening of the modal does not ask the wallet again.
import {
  CacheLifetimes,
  createTtlCache,
  formatBaseUnits,
  multiplyDecimals,
  StorageKeys,
  type HandlerContext,
  type TokenBalance,
  type WalletAssets,
} from '../../kernel/index.js'

type Ctx = Pick<HandlerContext, 'request' | 'storage' | 'clock'>

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

// EIP-7811 writes balances as hex quantities; a decimal string of digits is read too.
const units = (balance: string): bigint | undefined =>
  /^0x[0-9a-f]+$/i.test(balance) || /^\d+$/.test(balance) ? BigInt(balance) : undefined

// A JSON number as a decimal string without exponent (1e-7 → "0.0000001"); none for 0, negatives and non-finite ones:
// a wallet that knows no price says 0, and an unknown price shows as "–", never $0.00.
function priceText(price: number): string | undefined {
  if (!Number.isFinite(price) || price <= 0) return undefined
  const text = price.toString()
  return /e/i.test(text) ? price.toFixed(20).replace(/\.?0+$/, '') : text
}

/** SPEC §5: true when `v` is a valid wallet asset (EIP-7811 entry with the metadata SPEC names). */
export function isValidWalletAsset(v: unknown): boolean {
  if (!isRecord(v) || typeof v.address !== 'string' || typeof v.balance !== 'string') return false
  const type = typeof v.type === 'string' ? v.type.toUpperCase() : ''
  if ((type !== 'ERC20' && type !== 'NATIVE') || units(v.balance) === undefined || !isRecord(v.metadata)) return false
  const m = v.metadata
  return (
    typeof m.name === 'string' &&
    typeof m.symbol === 'string' &&
    typeof m.decimals === 'number' &&
    Number.isInteger(m.decimals) &&
    m.decimals >= 0 &&
    m.decimals <= 255 &&
    typeof m.price === 'number' &&
    typeof m.iconUrl === 'string'
  )
}

/** The valid assets of a wallet's answer as balances; 0-decimal tokens are dropped (low quality). */
export function toWalletBalances(answer: WalletAssets): TokenBalance[] {
  const { caipNetworkId } = answer
  return answer.assets.flatMap((a): TokenBalance[] => {
    if (!isValidWalletAsset(a)) return []
    const v = a as { address: string; balance: string; type: string; metadata: Record<string, unknown> }
    const m = v.metadata as { name: string; symbol: string; decimals: number; price: number; iconUrl: string }
    if (m.decimals === 0) return []
    const native = v.type.toUpperCase() === 'NATIVE'
    const balance = units(v.balance)!.toString()
    const quantity = formatBaseUnits(balance, m.decimals)
    const price = priceText(m.price)
    return [
      {
        caipNetworkId,
        address: `${caipNetworkId}:${native ? 'native' : v.address}`,
        type: native ? 'NATIVE' : 'ERC20',
        name: m.name.slice(0, 64),
        symbol: m.symbol.slice(0, 16),
        decimals: m.decimals,
        balance,
        quantity,
        ...(price ? { price, value: multiplyDecimals(quantity, price), priceSource: 'wallet' } : {}),
        ...(m.iconUrl ? { iconUrl: m.iconUrl } : {}),
      },
    ]
  })
}

/**
 * The connected wallet's balances on `caipNetworkId`, or undefined when the wallet does not offer its view (or its
 * answer failed): the caller then asks the operator's API. `fresh` asks the wallet again.
 */
export async function walletBalances(
  ctx: Ctx,
  address: string,
  caipNetworkId: string,
  fresh: boolean,
): Promise<TokenBalance[] | undefined> {
  const cache = createTtlCache<TokenBalance[]>(
    ctx.storage,
    StorageKeys.portfolioCache,
    CacheLifetimes.portfolio,
    ctx.clock,
  )
  const key = `wallet:${caipNetworkId}:${address.toLowerCase()}`
  const cached = fresh ? undefined : cache.get(key)
  if (cached) return cached
  const answer = await ctx.request('wallet/getAssets', { caipNetworkId }).catch(() => null)
  // an answer for another account (the wallet moved on meanwhile) belongs to nobody on screen
  if (!answer || answer.address.toLowerCase() !== address.toLowerCase()) return undefined
  const balances = toWalletBalances(answer)
  cache.set(key, balances)
  return balances
}
