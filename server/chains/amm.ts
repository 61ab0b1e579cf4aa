// Uniswap V2 on a local chain, deployed from the published build artifacts (@uniswap/v2-core factory and pair,
// @uniswap/v2-periphery WETH9 and Router02, unmodified: the router's hard-coded pair init-code hash matches the core
// pair bytecode) and seeded with ETH/USDC, USDC/DAI and ETH/DAI pools, so quotes come from real reserves and move
// with trades.
import { createRequire } from 'node:module'
import {
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  getContractAddress,
  keccak256,
  maxUint256,
  parseAbi,
  parseEther,
  parseUnits,
  type Address,
  type Hash,
  type Hex,
} from 'viem'
import type { UniswapV2Config } from '../types.js'

/** The Uniswap V2 calls the server and the seeder use (a subset of the published ABIs, typed for viem). */
export const uniswapV2RouterAbi = parseAbi([
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapETHForExactTokens(uint256 amountOut, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapTokensForExactETH(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapTokensForExactTokens(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

/** Uniswap V2 factory reads. */
export const uniswapV2FactoryAbi = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
  'function allPairsLength() view returns (uint256)',
])

/** Uniswap V2 pair calls: reserves are ordered by token0 < token1 (by address). */
export const uniswapV2PairAbi = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function sync()',
])

const erc20ApproveAbi = parseAbi(['function approve(address spender, uint256 amount) returns (bool)'])

/** Liquidity the seeder adds, in whole units; ETH is priced at 3000 USD like the fixed local price table. */
export const SEED_POOLS = [
  { a: 'ETH', b: 'USDC', amountA: '100', amountB: '300000' },
  { a: 'USDC', b: 'DAI', amountA: '500000', amountB: '500000' },
  { a: 'ETH', b: 'DAI', amountA: '100', amountB: '300000' },
] as const

/** What the AMM deployer needs: its address and next nonce, and ways to send its transactions (no `to`: deploy). */
export interface AmmDeployer {
  address: Address
  nonce: number
  send(tx: { to?: Address; data: Hex; value?: bigint; gas?: bigint }): Promise<Hash>
  /** Runs `sends` so that their transactions are mined together in one block at least a second after the latest. */
  inLaterBlock(sends: () => Promise<Hash[]>): Promise<Hash[]>
}

const require = createRequire(import.meta.url)

function artifact(path: string): Hex {
  const { bytecode } = require(path) as { bytecode: string }
  return `0x${bytecode.replace(/^0x/, '')}`
}

/**
 * keccak256 of the published pair creation code: the init-code hash Router02's pairFor has built in. Written out, not
 * computed at load, so that the API (which imports this file's ABIs) runs without @uniswap/v2-core installed, as the
 * server package does; amm.test.ts checks it against the artifact.
 */
export const UNISWAP_V2_PAIR_INIT_CODE_HASH: Hex = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'

/** The pair address of two tokens (any order), computed the way the factory's CREATE2 places it. */
export function uniswapV2PairAddress(factory: Address, tokenA: Address, tokenB: Address): Address {
  const [t0, t1] = BigInt(tokenA) < BigInt(tokenB) ? [tokenA, tokenB] : [tokenB, tokenA]
  return getContractAddress({
    opcode: 'CREATE2',
    from: factory,
    salt: keccak256(encodePacked(['address', 'address'], [t0, t1])),
    bytecodeHash: UNISWAP_V2_PAIR_INIT_CODE_HASH,
  })
}

/** Where the AMM contracts land when the deployer sends them from `nonce` on (WETH, factory, router). */
export function uniswapV2Addresses(deployer: Address, nonce: number): UniswapV2Config {
  const at = (n: number): Address => getContractAddress({ from: deployer, nonce: BigInt(n) })
  return { weth: at(nonce), factory: at(nonce + 1), router: at(nonce + 2) }
}

/**
 * Deploys WETH9, the factory and Router02, then seeds SEED_POOLS from the deployer's ETH and `tokens` (by symbol).
 * Returns the addresses and the hashes to await; transactions go out back to back (anvil mines each on arrival).
 */
export async function deployUniswapV2(
  d: AmmDeployer,
  tokens: ReadonlyArray<{ symbol: string; address: Address; decimals: number }>,
): Promise<{ amm: UniswapV2Config; hashes: Hash[] }> {
  const amm = uniswapV2Addresses(d.address, d.nonce)
  const hashes: Hash[] = []
  // constructor arguments are ABI-encoded after the creation code: factory(feeToSetter), router(factory, WETH)
  const args = (...addresses: Address[]) =>
    encodeAbiParameters(
      addresses.map(() => ({ type: 'address' })),
      addresses,
    ).slice(2)
  hashes.push(await d.send({ data: artifact('@uniswap/v2-periphery/build/WETH9.json') }))
  hashes.push(await d.send({ data: `${artifact('@uniswap/v2-core/build/UniswapV2Factory.json')}${args(d.address)}` }))
  const router = artifact('@uniswap/v2-periphery/build/UniswapV2Router02.json')
  hashes.push(await d.send({ data: `${router}${args(amm.factory, amm.weth)}` }))

  const token = (symbol: string) => {
    const t = tokens.find((x) => x.symbol === symbol)
    if (!t) throw new Error(`seeding Uniswap V2: token ${symbol} is not deployed`)
    return t
  }
  const address = (symbol: string) => (symbol === 'ETH' ? amm.weth : token(symbol).address)
  for (const symbol of new Set(SEED_POOLS.flatMap((p) => [p.a, p.b]).filter((s) => s !== 'ETH'))) {
    const data = encodeFunctionData({ abi: erc20ApproveAbi, functionName: 'approve', args: [amm.router, maxUint256] })
    hashes.push(await d.send({ to: token(symbol).address, data }))
  }
  for (const p of SEED_POOLS) {
    const b = token(p.b)
    const amountB = parseUnits(p.amountB, b.decimals)
    if (p.a === 'ETH') {
      const data = encodeFunctionData({
        abi: uniswapV2RouterAbi,
        functionName: 'addLiquidityETH',
        args: [b.address, amountB, amountB, 0n, d.address, maxUint256],
      })
      hashes.push(await d.send({ to: amm.router, data, value: parseEther(p.amountA) }))
    } else {
      const a = token(p.a)
      const amountA = parseUnits(p.amountA, a.decimals)
      const data = encodeFunctionData({
        abi: uniswapV2RouterAbi,
        functionName: 'addLiquidity',
        args: [a.address, b.address, amountA, amountB, amountA, amountB, d.address, maxUint256],
      })
      hashes.push(await d.send({ to: amm.router, data }))
    }
  }
  // A pair writes its price accumulators the first time a block's timestamp differs from its last one: a first swap
  // then costs ~45k gas more than its estimate in the same second foresaw, beyond any usual gas margin. A sync in a
  // later block pays that once here, as trading history would on a real pool (with a fixed gas limit: an estimate
  // made now would miss that very cost).
  const sync = encodeFunctionData({ abi: uniswapV2PairAbi, functionName: 'sync' })
  const pairs = SEED_POOLS.map((p) => uniswapV2PairAddress(amm.factory, address(p.a), address(p.b)))
  const synced = await d.inLaterBlock(async () => {
    const sent: Hash[] = []
    for (const to of pairs) sent.push(await d.send({ to, data: sync, gas: 150_000n }))
    return sent
  })
  hashes.push(...synced)
  return { amm, hashes }
}
