// Every network SPEC §3 defines, with SPEC §9 ids, decimals and block times. Plain data: no SDK is imported.
import type { NetworkInfo } from '../../kernel/index.js'

/** A network definition (SPEC §3 "Network"). */
export interface NetworkDefinition {
  /** Chain id: a number for EVM, the CAIP-2 reference otherwise. */
  id: number | string
  name: string
  chainNamespace: 'eip155' | 'solana' | 'bip122'
  caipNetworkId: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  rpcUrls: { default: { http: string[] } }
  blockExplorers?: { default: { name: string; url: string } }
  testnet: boolean
  /** Average block time in ms where SPEC §9 gives one. */
  blockTimeMs?: number
  /** Network icons (the host's chainImages or the network's imageUrl), sent with wallet_addEthereumChain. */
  iconUrls?: string[]
  deprecatedCaipNetworkId?: string
}

const eth = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const evm = (
  id: number,
  name: string,
  currency: NetworkDefinition['nativeCurrency'],
  rpc: string,
  explorer: [string, string],
  extra: Partial<NetworkDefinition> = {},
): NetworkDefinition => ({
  id,
  name,
  chainNamespace: 'eip155',
  caipNetworkId: `eip155:${id}`,
  nativeCurrency: currency,
  rpcUrls: { default: { http: [rpc] } },
  blockExplorers: { default: { name: explorer[0], url: explorer[1] } },
  testnet: false,
  ...extra,
})
const sol = (ref: string, name: string, rpc: string, testnet: boolean, deprecated?: string): NetworkDefinition => ({
  id: ref,
  name,
  chainNamespace: 'solana',
  caipNetworkId: `solana:${ref}`,
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: [rpc] } },
  blockExplorers: { default: { name: 'Solscan', url: 'https://solscan.io' } },
  testnet,
  ...(deprecated ? { deprecatedCaipNetworkId: `solana:${deprecated}` } : {}),
})
const btc = (ref: string, name: string, explorer: string, testnet: boolean): NetworkDefinition => ({
  id: ref,
  name,
  chainNamespace: 'bip122',
  caipNetworkId: `bip122:${ref}`,
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: [] } },
  blockExplorers: { default: { name: 'Mempool', url: explorer } },
  testnet,
})

/** Ethereum (1). */
export const mainnet = evm(1, 'Ethereum', eth, 'https://eth.merkle.io', ['Etherscan', 'https://etherscan.io'], {
  blockTimeMs: 12_000,
})
/** Base (8453). */
export const base = evm(8453, 'Base', eth, 'https://mainnet.base.org', ['Basescan', 'https://basescan.org'], {
  blockTimeMs: 2_000,
})
/** OP Mainnet (10). */
export const optimism = evm(10, 'OP Mainnet', eth, 'https://mainnet.optimism.io', [
  'Optimism Explorer',
  'https://optimistic.etherscan.io',
])
/** Optimism Goerli (420), a testnet. */
export const optimismGoerli = evm(
  420,
  'Optimism Goerli',
  { name: 'Goerli Ether', symbol: 'ETH', decimals: 18 },
  'https://goerli.optimism.io',
  ['Etherscan', 'https://goerli-optimism.etherscan.io'],
  { testnet: true },
)
/** Polygon (137). */
export const polygon = evm(137, 'Polygon', { name: 'POL', symbol: 'POL', decimals: 18 }, 'https://polygon-rpc.com', [
  'PolygonScan',
  'https://polygonscan.com',
])
/** Gnosis (100). */
export const gnosis = evm(
  100,
  'Gnosis',
  { name: 'xDAI', symbol: 'XDAI', decimals: 18 },
  'https://rpc.gnosischain.com',
  ['Gnosisscan', 'https://gnosisscan.io'],
)
/** Avalanche C-Chain (43114). */
export const avalanche = evm(
  43114,
  'Avalanche',
  { name: 'Avalanche', symbol: 'AVAX', decimals: 18 },
  'https://api.avax.network/ext/bc/C/rpc',
  ['SnowTrace', 'https://snowtrace.io'],
  { blockTimeMs: 1_700 },
)
/** Aurora (1313161554). */
export const aurora = evm(1313161554, 'Aurora', eth, 'https://mainnet.aurora.dev', [
  'Aurorascan',
  'https://aurorascan.dev',
])
/** Fantom (250). */
export const fantom = evm(
  250,
  'Fantom',
  { name: 'Fantom', symbol: 'FTM', decimals: 18 },
  'https://rpc.ankr.com/fantom',
  ['FTMScan', 'https://ftmscan.com'],
)
/** Celo (42220). */
export const celo = evm(
  42220,
  'Celo',
  { name: 'Celo', symbol: 'CELO', decimals: 18 },
  'https://forno.celo.org',
  ['Celo Explorer', 'https://celoscan.io'],
  { blockTimeMs: 1_000 },
)
/** Solana mainnet. */
export const solana = sol(
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'Solana',
  'https://api.mainnet-beta.solana.com',
  false,
  '4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ',
)
/** Solana devnet. */
export const solanaDevnet = sol(
  'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'Solana Devnet',
  'https://api.devnet.solana.com',
  true,
  '8E9rvCKLFQia2Y35HvivEcA7qXNKBHBR',
)
/** Solana testnet. */
export const solanaTestnet = sol(
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  'Solana Testnet',
  'https://api.testnet.solana.com',
  true,
)
/** Bitcoin mainnet. */
export const bitcoin = btc('000000000019d6689c085ae165831e93', 'Bitcoin', 'https://mempool.space', false)
/** Bitcoin testnet. */
export const bitcoinTestnet = btc(
  '000000000933ea01ad0ee984209779ba',
  'Bitcoin Testnet',
  'https://mempool.space/testnet',
  true,
)
/** Bitcoin signet. */
export const bitcoinSignet = btc(
  '00000008819873e925422c1ff0f99f7c',
  'Bitcoin Signet',
  'https://mempool.space/signet',
  true,
)

/** All defined networks, in SPEC §3 order. */
export const allNetworks: readonly NetworkDefinition[] = [
  mainnet,
  base,
  optimism,
  optimismGoerli,
  polygon,
  gnosis,
  avalanche,
  aurora,
  fantom,
  celo,
  solana,
  solanaDevnet,
  solanaTestnet,
  bitcoin,
  bitcoinTestnet,
  bitcoinSignet,
]

/** The definition of a CAIP-2 id (also matched by a deprecated id); undefined when unknown. */
export function networkById(caipNetworkId: string): NetworkDefinition | undefined {
  return allNetworks.find((n) => n.caipNetworkId === caipNetworkId || n.deprecatedCaipNetworkId === caipNetworkId)
}

/** The kernel's serializable summary of a network (for the `networks` option and the config slice). */
export function toNetworkInfo(n: NetworkDefinition): NetworkInfo {
  return {
    caipNetworkId: n.caipNetworkId,
    name: n.name,
    chainNamespace: n.chainNamespace,
    nativeSymbol: n.nativeCurrency.symbol,
    ...(n.testnet ? { testnet: true } : {}),
    ...(n.blockExplorers ? { explorerUrl: n.blockExplorers.default.url } : {}),
  }
}
