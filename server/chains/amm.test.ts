import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  keccak256,
  maxUint256,
  parseEther,
  parseUnits,
  type Address,
  type PublicClient,
} from 'viem'
import type { ChainConfig } from '../types.js'
import {
  SEED_POOLS,
  UNISWAP_V2_PAIR_INIT_CODE_HASH,
  uniswapV2Addresses,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  uniswapV2PairAddress,
  uniswapV2RouterAbi,
} from './amm.js'
import { startChains, type LocalChains } from './chains.js'
import { DEPLOYER_ADDRESS } from './seed.js'

const TRADER: Address = '0x00000000000000000000000000000000000a11ce'
let running: LocalChains
let chain: ChainConfig
let pub: PublicClient

// Uniswap V2's getAmountOut: 0.3 % fee on the input, constant product on the rest.
const amountOut = (amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint =>
  (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)

const token = (symbol: string): Address => {
  if (symbol === 'ETH') return chain.uniswapV2!.weth
  return chain.tokens.find((t) => t.symbol === symbol)!.address
}

async function reserves(a: string, b: string): Promise<[bigint, bigint]> {
  const pair = await pub.readContract({
    address: chain.uniswapV2!.factory,
    abi: uniswapV2FactoryAbi,
    functionName: 'getPair',
    args: [token(a), token(b)],
  })
  const [r0, r1] = await pub.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'getReserves' })
  const token0 = await pub.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'token0' })
  return token0.toLowerCase() === token(a).toLowerCase() ? [r0, r1] : [r1, r0]
}

beforeAll(async () => {
  running = await startChains({ chains: [{ chainId: 1 }, { chainId: 8453 }], fund: [TRADER] })
  chain = running.chains[0]
  pub = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) }) as PublicClient
})
afterAll(() => running?.close())

describe('Uniswap V2 on the local chains', () => {
  it('sits at the same addresses on both chains, the ones derived from the deployer nonce after the tokens', () => {
    const [a, b] = running.chains
    expect(a.uniswapV2).toEqual(b.uniswapV2)
    expect(a.uniswapV2).toEqual(uniswapV2Addresses(DEPLOYER_ADDRESS, 6))
  })

  it('uses the pair bytecode whose init-code hash Router02 has built in (the mainnet one)', () => {
    expect(UNISWAP_V2_PAIR_INIT_CODE_HASH).toBe('0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f')
    const { bytecode } = createRequire(import.meta.url)('@uniswap/v2-core/build/UniswapV2Pair.json') as {
      bytecode: string
    }
    expect(keccak256(`0x${bytecode.replace(/^0x/, '')}`)).toBe(UNISWAP_V2_PAIR_INIT_CODE_HASH)
  })

  it('holds the seeded reserves in each pool, at the CREATE2 pair address', async () => {
    for (const p of SEED_POOLS) {
      const onChain = await pub.readContract({
        address: chain.uniswapV2!.factory,
        abi: uniswapV2FactoryAbi,
        functionName: 'getPair',
        args: [token(p.b), token(p.a)],
      })
      expect(onChain).toBe(uniswapV2PairAddress(chain.uniswapV2!.factory, token(p.a), token(p.b)))
    }
    const decimals = (s: string) => (s === 'ETH' ? 18 : chain.tokens.find((t) => t.symbol === s)!.decimals)
    for (const p of SEED_POOLS) {
      expect(await reserves(p.a, p.b)).toEqual([
        parseUnits(p.amountA, decimals(p.a)),
        parseUnits(p.amountB, decimals(p.b)),
      ])
    }
    expect(
      await pub.readContract({
        address: chain.uniswapV2!.factory,
        abi: uniswapV2FactoryAbi,
        functionName: 'allPairsLength',
      }),
    ).toBe(3n)
  })

  it('quotes through the published router (its pair hash matches the factory) and a trade moves the price', async () => {
    const { router } = chain.uniswapV2!
    const path = [token('ETH'), token('USDC')]
    const quote = () =>
      pub.readContract({
        address: router,
        abi: uniswapV2RouterAbi,
        functionName: 'getAmountsOut',
        args: [parseEther('0.1'), path],
      })
    const [rEth, rUsdc] = await reserves('ETH', 'USDC')
    const first = await quote()
    expect(first).toEqual([parseEther('0.1'), amountOut(parseEther('0.1'), rEth, rUsdc)])

    const test = createTestClient({ transport: http(chain.rpcUrl), mode: 'anvil' })
    await test.impersonateAccount({ address: TRADER })
    const wallet = createWalletClient({ transport: http(chain.rpcUrl), account: TRADER })
    // 20 % over the estimate, as Uniswap's interface adds: a block in a later second than the estimate's costs more
    const request = {
      address: router,
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactETHForTokens',
      args: [first[1], path, TRADER, maxUint256],
      value: parseEther('0.1'),
    } as const
    const gas = ((await pub.estimateContractGas({ ...request, account: TRADER })) * 12n) / 10n
    const hash = await wallet.writeContract({ ...request, gas, chain: null })
    expect((await pub.waitForTransactionReceipt({ hash })).status).toBe('success')
    const second = await quote()
    expect(second[1]).toBeLessThan(first[1])
    expect(await reserves('ETH', 'USDC')).toEqual([rEth + parseEther('0.1'), rUsdc - first[1]])
  })
})
