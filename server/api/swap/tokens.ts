// What a swap is asked about: a SPEC §9 swap-supported network served here with a Uniswap V2 deployment, and tokens
// of that chain (its configured ERC-20s, and the native token under the 0xeeee… placeholder). Token lists put the
// suggested symbols first, then the popular ones, then the rest by symbol.
import { getAddress, type Address } from 'viem'
import type { ChainConfig, UniswapV2Config } from '../../types.js'
import { configuredChain, parseChainId } from '../chain-params.js'
import { ApiError, invalidField } from '../errors.js'
import { clip } from '../params.js'
import { tokenIconSvg } from '../routes/icons.js'

/** SPEC §9: the 12 networks swaps are offered on. */
export const SWAP_SUPPORTED_CHAIN_IDS: readonly number[] = [
  1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554,
]

/** The native token's placeholder address (SPEC §9 "each chain has a native token placeholder"). */
export const NATIVE_TOKEN_ADDRESS: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

// The suggested and popular swap symbols of the modal Foyer follows (AppKit's SWAP_SUGGESTED_TOKENS and
// SWAP_POPULAR_TOKENS), in their order.
const SUGGESTED = (
  'ETH UNI 1INCH AAVE SOL ADA AVAX DOT LINK NITRO GAIA MILK TRX NEAR GNO WBTC DAI WETH USDC USDT ARB BAL BICO CRV ENS ' +
  'MATIC OP'
).split(' ')
const POPULAR = [
  ...SUGGESTED,
  ...(
    'METAL DAI CHAMP WOLF SALE BAL BUSD MUST BTCpx ROUTE HEX WELT amDAI VSQ VISION AURUM pSP SNX VC LINK CHP amUSDT ' +
    'SPHERE FOX GIDDY GFC OMEN OX_OLD DE WNT'
  ).split(' '),
]

/** A token a swap can sell or buy. */
export interface SwapToken {
  name: string
  symbol: string
  /** CAIP-10 id; the native token uses NATIVE_TOKEN_ADDRESS. */
  address: string
  decimals: number
  logoUri: string
  /** In the suggested list (shown as quick picks). */
  suggested: boolean
}

/** A resolved token: its address in the pools (WETH for the native token). */
export interface PoolToken {
  symbol: string
  decimals: number
  native: boolean
  /** The address the router path uses (the wrapped native token for ETH). */
  pool: Address
  /** The ERC-20 holding the user's balance; null for the native token. */
  erc20: Address | null
}

/** A chain swaps run on. */
export type SwapChain = ChainConfig & { uniswapV2: UniswapV2Config }

/** Resolves a swap network: 400 unsupported_network outside the 12, unknown_chain / swaps_unavailable when not here. */
export function swapChain(chains: ChainConfig[], raw: string | undefined, field = 'chainId'): SwapChain {
  if (!raw) throw invalidField('invalid_chain_id', field, 'a CAIP-2 chain id such as eip155:1 is required')
  const parsed = parseChainId(raw, field)
  if (parsed.chainId === null || !SWAP_SUPPORTED_CHAIN_IDS.includes(parsed.chainId)) {
    const list = SWAP_SUPPORTED_CHAIN_IDS.map((id) => `eip155:${id}`).join(', ')
    throw new ApiError(400, 'unsupported_network', `Swaps are not supported on ${clip(raw)}`, [
      { field, description: `Swaps are not supported on ${clip(raw)}. Supported networks: ${list}` },
    ])
  }
  const chain = configuredChain(chains, raw, field)
  if (!chain.uniswapV2)
    throw new ApiError(400, 'swaps_unavailable', `Swaps are not available on ${chain.caipNetworkId} here`, [
      { field, description: `No Uniswap V2 deployment is configured for ${chain.caipNetworkId} on this server` },
    ])
  return chain as SwapChain
}

/** Resolves a token of the chain from a CAIP-10 id or a bare address; 400 unknown_token otherwise. */
export function poolToken(chain: SwapChain, raw: string | undefined, field: string): PoolToken {
  const m = /^(?:eip155:(\d+):)?(0x[0-9a-fA-F]{40})$/.exec(raw ?? '')
  if (!m || (m[1] !== undefined && Number(m[1]) !== chain.chainId))
    throw invalidField('unknown_token', field, `"${clip(raw ?? '')}" is not a token address on ${chain.caipNetworkId}`)
  const address = getAddress(m[2].toLowerCase())
  if (address === NATIVE_TOKEN_ADDRESS)
    return {
      symbol: chain.nativeSymbol,
      decimals: chain.nativeDecimals,
      native: true,
      pool: chain.uniswapV2.weth,
      erc20: null,
    }
  const token = chain.tokens.find((t) => getAddress(t.address) === address)
  if (!token) throw invalidField('unknown_token', field, `${address} is not a swap token on ${chain.caipNetworkId}`)
  return { symbol: token.symbol, decimals: token.decimals, native: false, pool: address, erc20: address }
}

/** The chain's swap tokens: suggested first (in SPEC order), then popular, then the rest by symbol. */
export function swapTokens(chain: SwapChain): SwapToken[] {
  const all: SwapToken[] = [
    {
      name: chain.nativeName,
      symbol: chain.nativeSymbol,
      decimals: chain.nativeDecimals,
      address: NATIVE_TOKEN_ADDRESS,
    },
    ...chain.tokens.map((t) => ({
      name: t.name,
      symbol: t.symbol,
      decimals: t.decimals,
      address: getAddress(t.address),
    })),
  ].map((t) => ({
    ...t,
    address: `${chain.caipNetworkId}:${t.address}`,
    logoUri: `data:image/svg+xml;base64,${Buffer.from(tokenIconSvg(t.symbol)).toString('base64')}`,
    suggested: SUGGESTED.includes(t.symbol),
  }))
  const rank = (symbol: string) => {
    const i = POPULAR.indexOf(symbol)
    return i === -1 ? POPULAR.length : i
  }
  return all.sort((a, b) => rank(a.symbol) - rank(b.symbol) || a.symbol.localeCompare(b.symbol))
}
