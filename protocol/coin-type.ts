// ENSIP-11 coin types for EVM chains: Ethereum mainnet keeps SLIP-44's 60, every other EVM chain uses
// 0x80000000 | chainId, which only fits when the chain id is below 2^31 (SPEC §5 "Invalid chainId").

/** SLIP-44 coin type of Ether, used for Ethereum mainnet (chain id 1). */
export const ETH_COIN_TYPE = 60

/** Bit ENSIP-11 sets on an EVM chain id to make its coin type. */
export const EVM_COIN_TYPE_FLAG = 0x80000000

/** Converts an EVM chain id to its ENSIP-11 coin type; throws "Invalid chainId" when it does not fit. */
export function evmChainIdToCoinType(chainId: number): number {
  if (!Number.isInteger(chainId) || chainId <= 0 || chainId >= EVM_COIN_TYPE_FLAG) throw new Error('Invalid chainId')
  if (chainId === 1) return ETH_COIN_TYPE
  // `|` yields a signed 32-bit int; `>>> 0` makes it the unsigned coin type
  return (EVM_COIN_TYPE_FLAG | chainId) >>> 0
}

/** The EVM chain id a coin type stands for, or null when it is not an ENSIP-11 EVM coin type. */
export function coinTypeToEvmChainId(coinType: number): number | null {
  if (coinType === ETH_COIN_TYPE) return 1
  if (!Number.isInteger(coinType) || coinType <= EVM_COIN_TYPE_FLAG || coinType > 0xffffffff) return null
  const chainId = coinType - EVM_COIN_TYPE_FLAG
  // chain 1 must use 60, never 0x80000001
  return chainId === 1 ? null : chainId
}
