// The portfolio contract other plugins build on. The portfolio plugin keeps the active account's token balances and
// NFTs in `state.portfolio` and answers `portfolio/fetchBalances` / `portfolio/fetchNfts`; a plugin that needs the
// account's tokens (send picks one) requests them and reads the slice. Price sources that are not the server's (swap
// quotes) feed the portfolio with the `tokens/pricesReceived` event; a plugin that settled a transfer says so with
// `tokens/balancesChanged`, and the balances are read afresh. Amounts and prices are decimal strings.

/** One token balance of the account (SPEC §3 "Token balance"), validated (SPEC §5). */
export interface TokenBalance {
  /** CAIP-2 id of the network. */
  caipNetworkId: string
  /** CAIP-10 id of the token (`eip155:1:0x…`, `solana:…:<mint>`); `<CAIP-2>:native` for the native token. */
  address: string
  type: 'NATIVE' | 'ERC20'
  name: string
  symbol: string
  decimals: number
  /** Base units, a decimal string of digits. */
  balance: string
  /** Whole tokens, decimal string (balance / 10^decimals, exact). */
  quantity: string
  /** USD per whole token, decimal string; absent when no source knows it (shown as "–", never $0.00). */
  price?: string
  /** quantity × price in USD, decimal string; absent with the price. */
  value?: string
  /** Where the price came from (the server's source name, or the plugin that fed it). */
  priceSource?: string
  /** Untrusted URL of the token's icon. */
  iconUrl?: string
}

/** One NFT of the account. */
export interface PortfolioNft {
  /** `<CAIP-2>:<contract>:<token id>`. */
  id: string
  caipNetworkId: string
  contract: string
  tokenId: string
  name: string
  collection: string
  /** Untrusted URL of its image. */
  imageUrl?: string
}

/** Where a list of the portfolio stands. */
export type PortfolioStatus = 'idle' | 'loading' | 'loaded' | 'failed' | 'unavailable'

/** The `portfolio` slice (present once the portfolio plugin has loaded). */
export interface PortfolioState {
  /** The account and network the lists belong to. */
  caipAddress?: string
  caipNetworkId?: string
  balances: { status: PortfolioStatus; items: TokenBalance[] }
  nfts: { status: PortfolioStatus; items: PortfolioNft[] }
}

/** A price fed by a plugin (e.g. swap quotes) for a token (CAIP-10 id as in TokenBalance.address). */
export interface FedPrice {
  address: string
  usd: string
  source: string
}

declare module '../types.js' {
  interface KernelState {
    portfolio?: PortfolioState
  }
  interface RequestMap {
    /** Loads the active account's balances on the active network (cache 30 s unless `fresh`); resolves them. */
    'portfolio/fetchBalances': { input: { fresh?: boolean } | void; output: TokenBalance[] }
    /** Loads the active account's NFTs on the active network (EVM); resolves them. */
    'portfolio/fetchNfts': { input: void; output: PortfolioNft[] }
  }
  interface EventMap {
    'tokens/pricesReceived': { caipNetworkId: string; prices: FedPrice[] }
    /** A plugin saw tokens arrive at or leave `address` on chain (a purchase or payment settled): read them afresh. */
    'tokens/balancesChanged': { caipNetworkId: string; address: string }
  }
}

/** The state before the portfolio plugin loads. */
export const EmptyPortfolio: PortfolioState = Object.freeze({
  balances: { status: 'idle', items: [] },
  nfts: { status: 'idle', items: [] },
}) as PortfolioState

/** The `portfolio` slice, or its empty default while the plugin is not loaded. */
export function portfolioOf(state: { portfolio?: PortfolioState }): PortfolioState {
  return state.portfolio ?? EmptyPortfolio
}
