// Types shared by the server's parts (API, relay, chains, indexer). Plain data only.

/** An ERC20 token the server tracks on one chain. */
export interface TokenConfig {
  address: `0x${string}`
  symbol: string
  name: string
  decimals: number
}

/** Uniswap V2 contracts on one chain (the swap routes quote and build transactions against them). */
export interface UniswapV2Config {
  factory: `0x${string}`
  router: `0x${string}`
  /** The wrapped native token the router swaps ETH through. */
  weth: `0x${string}`
}

/** One EVM chain the server reads balances from and indexes. */
export interface ChainConfig {
  /** Numeric EVM chain id, e.g. 1. */
  chainId: number
  /** CAIP-2 id, e.g. "eip155:1". */
  caipNetworkId: string
  name: string
  rpcUrl: string
  nativeSymbol: string
  nativeName: string
  nativeDecimals: number
  testnet: boolean
  tokens: TokenConfig[]
  /** First block the indexer reads when nothing is indexed yet (default 0); it resumes from what it stored. */
  startBlock?: number
  /** Uniswap V2 deployment for swaps; swaps are unavailable on a chain without one. */
  uniswapV2?: UniswapV2Config
}

/** An SPL token the server tracks on one Solana chain. */
export interface SolanaTokenConfig {
  /** Base58 mint address. */
  mint: string
  symbol: string
  name: string
  decimals: number
}

/** One Solana chain the server reads balances from and proxies RPC calls to (native SOL, 9 decimals). */
export interface SolanaChainConfig {
  /** CAIP-2 id, e.g. "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp". */
  caipNetworkId: string
  name: string
  /** JSON-RPC URL of a Solana node. */
  rpcUrl: string
  testnet: boolean
  tokens: SolanaTokenConfig[]
}

/** A running network service started by the server or the local stack. */
export interface RunningService {
  url: string
  port: number
  close(): Promise<void>
}

/** The JSON error body every 4xx/5xx response of the API carries. */
export interface ApiErrorBody {
  /** Short machine code, e.g. "invalid_address". */
  error: string
  /** Human sentence saying what is wrong. */
  message: string
  /** Details; clients show reasons[0].description when present (SPEC §8). */
  reasons: Array<{ field?: string; description: string }>
}
