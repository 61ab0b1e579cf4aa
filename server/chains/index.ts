// Public surface of the local-chain module.
export { startChains } from './chains.js'
export type { LocalChainSpec, StartChainsOptions, LocalChains } from './chains.js'
export { spawnAnvil, freePort, ANVIL_BIN } from './anvil.js'
export type { AnvilNode } from './anvil.js'
export { seedChain, SEED_TOKENS, DEPLOYER_ADDRESS } from './seed.js'
export type { SeedToken } from './seed.js'
export {
  deployUniswapV2,
  SEED_POOLS,
  UNISWAP_V2_PAIR_INIT_CODE_HASH,
  uniswapV2Addresses,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  uniswapV2PairAddress,
  uniswapV2RouterAbi,
} from './amm.js'
export type { AmmDeployer } from './amm.js'
export type { SeededChain } from './seed.js'
