// CAIP-2 ids used by the registry's chain lists.

/** EVM chains of SPEC §9 plus the other swap-supported networks. */
export const EVM_CHAINS: readonly string[] = [
  'eip155:1',
  'eip155:10',
  'eip155:137',
  'eip155:8453',
  'eip155:42161',
  'eip155:56',
  'eip155:100',
  'eip155:43114',
  'eip155:250',
  'eip155:42220',
  'eip155:1313161554',
  'eip155:324',
  'eip155:8217',
]

/** Solana mainnet, devnet and testnet. */
export const SOLANA_CHAINS: readonly string[] = [
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
]

/** Bitcoin mainnet, testnet and signet. */
export const BITCOIN_CHAINS: readonly string[] = [
  'bip122:000000000019d6689c085ae165831e93',
  'bip122:000000000933ea01ad0ee984209779ba',
  'bip122:00000008819873e925422c1ff0f99f7c',
]
