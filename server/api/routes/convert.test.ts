import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createPublicClient,
  decodeFunctionData,
  createTestClient,
  createWalletClient,
  erc20Abi,
  http,
  parseEther,
  parseUnits,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { startChains, type LocalChains } from '../../chains/index.js'
import { uniswapV2PairAbi, uniswapV2PairAddress, uniswapV2RouterAbi } from '../../chains/amm.js'
import { resolveConfig } from '../../config.js'
import type { Store } from '../../store/store.js'
import type { ChainConfig } from '../../types.js'
import { createApp } from '../app.js'
import { convertOpenApi } from '../openapi/convert.js'
import { getAmountOut, maximumSold, minimumReceived } from '../swap/math.js'
import { NATIVE_TOKEN_ADDRESS } from '../swap/tokens.js'
import { createContractClient, type ContractClient } from '../testing/contract.js'
import { convertRoutes } from './convert.js'

const user: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
let local: LocalChains
let chain: ChainConfig
let api: ContractClient
let pub: PublicClient

// the swap routes never touch the store
const noStore = new Proxy({} as Store, {
  get: (_t, prop) => () => {
    throw new Error(`convert must not use the store (called ${String(prop)})`)
  },
})

const addr = (symbol: string): Address =>
  symbol === 'ETH' ? NATIVE_TOKEN_ADDRESS : chain.tokens.find((t) => t.symbol === symbol)!.address
const poolAddr = (symbol: string): Address => (symbol === 'ETH' ? chain.uniswapV2!.weth : addr(symbol))

async function reserves(a: string, b: string): Promise<[bigint, bigint]> {
  const pair = uniswapV2PairAddress(chain.uniswapV2!.factory, poolAddr(a), poolAddr(b))
  const [r0, r1] = await pub.readContract({ address: pair, abi: uniswapV2PairAbi, functionName: 'getReserves' })
  return BigInt(poolAddr(a)) < BigInt(poolAddr(b)) ? [r0, r1] : [r1, r0]
}

async function balance(symbol: string): Promise<bigint> {
  if (symbol === 'ETH') return pub.getBalance({ address: user })
  return pub.readContract({ address: addr(symbol), abi: erc20Abi, functionName: 'balanceOf', args: [user] })
}

// the user signs through anvil's impersonation, as a wallet would sign what the API built
async function send(tx: { to: Address; data: Hex; value: string; gas?: string }): Promise<bigint> {
  const test = createTestClient({ transport: http(chain.rpcUrl), mode: 'anvil' })
  await test.impersonateAccount({ address: user })
  const wallet = createWalletClient({ transport: http(chain.rpcUrl), account: user })
  const hash = await wallet.sendTransaction({
    to: tx.to,
    data: tx.data,
    value: BigInt(tx.value),
    gas: tx.gas ? BigInt(tx.gas) : undefined,
    chain: null,
  })
  const receipt = await pub.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
  return receipt.gasUsed * receipt.effectiveGasPrice // the fee, in wei
}

const quote = (q: Record<string, string>) =>
  api.get<any>('/v1/convert/quotes', { query: { chainId: 'eip155:1', ...q } })

beforeAll(async () => {
  local = await startChains({ chains: [{ chainId: 1 }, { chainId: 31337 }], fund: [user] })
  chain = local.chains[0]
  pub = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) }) as PublicClient
  const noAmm = { ...chain, chainId: 137, caipNetworkId: 'eip155:137', name: 'No AMM', uniswapV2: undefined }
  const app = createApp({ store: noStore, config: resolveConfig({ chains: [...local.chains, noAmm] }) }, [
    { name: 'convert', routes: convertRoutes, openapi: convertOpenApi },
  ])
  api = await createContractClient(app)
})
afterAll(() => local?.close())

describe('swap tokens and gas price', () => {
  it('lists the chain’s tokens, suggested and popular first', async () => {
    const { status, body } = await api.get<any>('/v1/convert/tokens', { query: { chainId: 'eip155:1' } })
    expect(status).toBe(200)
    expect(body.tokens.map((t: any) => t.symbol)).toEqual(['ETH', 'DAI', 'USDC', 'USDT'])
    expect(body.tokens[0]).toMatchObject({ address: `eip155:1:${NATIVE_TOKEN_ADDRESS}`, decimals: 18, suggested: true })
    expect(body.tokens[2]).toMatchObject({ address: `eip155:1:${addr('USDC')}`, decimals: 6, name: 'USD Coin' })
  })

  it('reads gas price levels from the fee history', async () => {
    const { status, body } = await api.get<any>('/v1/convert/gas-price', { query: { chainId: 'eip155:1' } })
    expect(status).toBe(200)
    const [s, f, i] = [body.standard, body.fast, body.instant].map(BigInt)
    expect(s > 0n && s <= f && f <= i).toBe(true)
  })
})

describe('quotes', () => {
  it('quotes exact input through the router: the V2 formula on the pool’s reserves, bound 1 % below', async () => {
    const [rEth, rUsdc] = await reserves('ETH', 'USDC')
    const { status, body } = await quote({ from: addr('ETH'), to: addr('USDC'), amount: String(parseEther('0.1')) })
    expect(status).toBe(200)
    const out = getAmountOut(parseEther('0.1'), rEth, rUsdc)
    expect(body.quote).toMatchObject({
      kind: 'exactIn',
      fromAmount: String(parseEther('0.1')),
      toAmount: String(out),
      minimumReceived: String(minimumReceived(out)),
      path: [chain.uniswapV2!.weth, addr('USDC')],
      slippage: 1,
    })
    expect(Number(body.quote.priceImpact)).toBeCloseTo(0.1, 1) // 0.1 ETH in a 100 ETH pool
  })

  it('matches the reserves for random amounts (router vs bigint formula)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 1n, max: parseUnits('50000', 6) }), async (amount) => {
        const [rIn, rOut] = await reserves('USDC', 'DAI')
        const { body } = await quote({ from: addr('USDC'), to: addr('DAI'), amount: String(amount) })
        expect(body.quote.toAmount).toBe(String(getAmountOut(amount, rIn, rOut)))
      }),
      { numRuns: 15 },
    )
  })

  it('quotes exact output (getAmountsIn), with the most it may sell', async () => {
    const { status, body } = await quote({ from: addr('USDC'), to: addr('DAI'), toAmount: String(parseEther('25')) })
    expect(status).toBe(200)
    expect(body.quote.kind).toBe('exactOut')
    expect(body.quote.toAmount).toBe(String(parseEther('25')))
    const sold = BigInt(body.quote.fromAmount)
    expect(sold).toBeGreaterThan(parseUnits('25', 6))
    expect(BigInt(body.quote.maximumSold)).toBe((sold * 101n) / 100n)
  })

  it('with the user: balance, allowance, approval required, and the simulated fee of approve + swap', async () => {
    const { body } = await quote({ from: addr('USDC'), to: addr('DAI'), amount: '25000000', userAddress: user })
    expect(body.quote).toMatchObject({
      balance: String(parseUnits('987.5', 6)),
      allowance: '0',
      approvalRequired: true,
    })
    expect(BigInt(body.quote.networkFee.gas)).toBeGreaterThan(100_000n)
    expect(BigInt(body.quote.networkFee.fee)).toBe(
      BigInt(body.quote.networkFee.gas) * BigInt(body.quote.networkFee.gasPrice),
    )
    const eth = await quote({ from: addr('ETH'), to: addr('DAI'), amount: '1000', userAddress: user })
    expect(eth.body.quote).toMatchObject({ allowance: null, approvalRequired: false })
  })

  it('refuses what it cannot quote, each with its message', async () => {
    const cases: Array<[Record<string, string>, number, string, RegExp]> = [
      [
        { chainId: 'eip155:31337', from: addr('ETH'), to: addr('USDC'), amount: '1' },
        400,
        'unsupported_network',
        /Swaps are not supported on eip155:31337/,
      ],
      [
        { chainId: 'eip155:137', from: addr('ETH'), to: addr('USDC'), amount: '1' },
        400,
        'swaps_unavailable',
        /No Uniswap V2/,
      ],
      [
        { chainId: 'eip155:10', from: addr('ETH'), to: addr('USDC'), amount: '1' },
        400,
        'unknown_chain',
        /not served here/,
      ],
      [{ from: addr('ETH'), to: addr('USDC'), amount: '0' }, 400, 'invalid_amount', /greater than 0/],
      [{ from: addr('ETH'), to: addr('USDC'), amount: '1.5' }, 400, 'invalid_amount', /smallest units/],
      [{ from: addr('ETH'), to: addr('USDC') }, 400, 'invalid_amount', /either amount/],
      [{ from: addr('ETH'), to: addr('ETH'), amount: '1' }, 400, 'same_token', /must differ/],
      [{ from: `0x${'1'.repeat(40)}`, to: addr('USDC'), amount: '1' }, 400, 'unknown_token', /not a swap token/],
      [{ from: addr('USDT'), to: addr('DAI'), amount: '1000000' }, 422, 'no_liquidity', /No liquidity for USDT → DAI/],
      [
        { from: addr('USDC'), to: addr('DAI'), toAmount: String(parseEther('600000')) },
        422,
        'no_liquidity',
        /less DAI/,
      ],
      [
        { from: addr('USDC'), to: addr('DAI'), amount: String(parseUnits('988', 6)), userAddress: user },
        422,
        'insufficient_balance',
        /987.5 USDC held/,
      ],
    ]
    for (const [q, status, code, message] of cases) {
      const res = await quote(q)
      expect(res.status, JSON.stringify(q)).toBe(status)
      expect(res.body.error).toBe(code)
      expect(res.body.reasons[0].description).toMatch(message)
    }
  })
})

describe('allowance, approve and swap', () => {
  it('approves then swaps 25 USDC → DAI within the quote and 1 %; the next quote is worse', async () => {
    const amount = String(parseUnits('25', 6))
    const allowance = () =>
      api.get<any>('/v1/convert/allowance', {
        query: { chainId: 'eip155:1', tokenAddress: addr('USDC'), userAddress: user },
      })
    expect((await allowance()).body).toEqual({ allowance: '0', spender: chain.uniswapV2!.router })
    const first = (await quote({ from: addr('USDC'), to: addr('DAI'), amount })).body.quote
    const build = (q: any) =>
      api.post<any>('/v1/convert/build-transaction', {
        chainId: 'eip155:1',
        userAddress: user,
        from: addr('USDC'),
        to: addr('DAI'),
        kind: 'exactIn',
        fromAmount: q.fromAmount,
        toAmount: q.toAmount,
      })
    const early = await build(first)
    expect(early.body.approvalRequired).toBe(true)
    expect(early.body.tx.gas).toBeUndefined()

    const approve = await api.get<any>('/v1/convert/build-approve', {
      query: { chainId: 'eip155:1', tokenAddress: addr('USDC'), userAddress: user, amount },
    })
    expect(approve.body.tx).toMatchObject({ from: user, to: addr('USDC'), value: '0' })
    await send(approve.body.tx)
    expect((await allowance()).body.allowance).toBe(amount)

    const built = await build(first)
    expect(built.body.approvalRequired).toBe(false)
    expect(BigInt(built.body.tx.gas)).toBeGreaterThan(0n)
    const [usdcBefore, daiBefore] = [await balance('USDC'), await balance('DAI')]
    await send(built.body.tx)
    const received = (await balance('DAI')) - daiBefore
    expect(usdcBefore - (await balance('USDC'))).toBe(parseUnits('25', 6))
    expect(received).toBeLessThanOrEqual(BigInt(first.toAmount))
    expect(received).toBeGreaterThanOrEqual(BigInt(first.minimumReceived))
    const second = (await quote({ from: addr('USDC'), to: addr('DAI'), amount })).body.quote
    expect(BigInt(second.toAmount)).toBeLessThan(BigInt(first.toAmount))
  })

  it('builds each router swap (ETH in or out, exact input or output) and it settles within its bounds', async () => {
    const cases: Array<[string, string, 'amount' | 'toAmount', string]> = [
      ['ETH', 'USDC', 'amount', String(parseEther('0.1'))], // swapExactETHForTokens
      ['ETH', 'DAI', 'toAmount', String(parseEther('30'))], // swapETHForExactTokens
      ['DAI', 'ETH', 'amount', String(parseEther('40'))], // swapExactTokensForETH
      ['USDC', 'ETH', 'toAmount', String(parseEther('0.01'))], // swapTokensForExactETH
      ['DAI', 'USDC', 'toAmount', String(parseUnits('10', 6))], // swapTokensForExactTokens
    ]
    for (const [from, to, field, value] of cases) {
      const q = (await quote({ from: addr(from), to: addr(to), [field]: value, userAddress: user })).body.quote
      if (q.approvalRequired) {
        const limit = q.maximumSold ?? q.fromAmount
        const query = { chainId: 'eip155:1', tokenAddress: addr(from), userAddress: user, amount: limit }
        await send((await api.get<any>('/v1/convert/build-approve', { query })).body.tx)
      }
      const { body } = await api.post<any>('/v1/convert/build-transaction', {
        chainId: 'eip155:1',
        userAddress: user,
        from: addr(from),
        to: addr(to),
        kind: q.kind,
        fromAmount: q.fromAmount,
        toAmount: q.toAmount,
      })
      const before = [await balance(from), await balance(to)]
      const fee = await send(body.tx)
      // ETH also pays the network fee: take it out to compare the swap itself
      const spent = before[0] - (await balance(from)) - (from === 'ETH' ? fee : 0n)
      const got = (await balance(to)) - before[1] + (to === 'ETH' ? fee : 0n)
      if (q.kind === 'exactIn') {
        expect(spent, `${from}→${to}`).toBe(BigInt(q.fromAmount))
        expect(got).toBeGreaterThanOrEqual(BigInt(q.minimumReceived))
        expect(got).toBeLessThanOrEqual(BigInt(q.toAmount))
      } else {
        expect(got, `${from}→${to}`).toBe(BigInt(q.toAmount))
        expect(spent).toBeGreaterThanOrEqual(BigInt(q.fromAmount))
        expect(spent).toBeLessThanOrEqual(BigInt(q.maximumSold)) // ETH: the router refunded what it did not need
      }
    }
  })

  it('refuses to build a swap the pool no longer gives within 1 % of the quote', async () => {
    const q = (await quote({ from: addr('ETH'), to: addr('USDC'), amount: String(parseEther('0.01')) })).body.quote
    const res = await api.post<any>('/v1/convert/build-transaction', {
      chainId: 'eip155:1',
      userAddress: user,
      from: addr('ETH'),
      to: addr('USDC'),
      kind: 'exactIn',
      fromAmount: q.fromAmount,
      toAmount: String(BigInt(q.toAmount) * 2n), // as if the visitor had seen twice the price
    })
    expect(res.status).toBe(409)
    expect(res.body.error).toBe('quote_expired')
  })

  it('bounds a swap by its own fresh quote and the 1 % slippage, whatever amounts the caller names (issue 30 #8)', async () => {
    const build = (body: Record<string, string>) =>
      api.post<any>('/v1/convert/build-transaction', { chainId: 'eip155:1', userAddress: user, ...body })
    const args = (tx: { data: Hex }) =>
      decodeFunctionData({ abi: uniswapV2RouterAbi, data: tx.data }).args as readonly unknown[]
    // exactIn with `toAmount: "1"`: the minimum out must come from the server's quote, not be 0
    const sell = String(parseEther('0.01'))
    const qIn = (await quote({ from: addr('ETH'), to: addr('USDC'), amount: sell })).body.quote
    const cheap = await build({ from: addr('ETH'), to: addr('USDC'), kind: 'exactIn', fromAmount: sell, toAmount: '1' })
    expect(cheap.status).toBe(200)
    expect(cheap.body.tx.value).toBe(sell)
    expect(args(cheap.body.tx)[0]).toBe(minimumReceived(BigInt(qIn.toAmount)))
    // exactOut with a huge `fromAmount`: the most sold must come from the server's quote (+1 %), not the caller's
    const buy = String(parseUnits('10', 6))
    const qOut = (await quote({ from: addr('ETH'), to: addr('USDC'), toAmount: buy })).body.quote
    const loose = await build({
      from: addr('ETH'),
      to: addr('USDC'),
      kind: 'exactOut',
      fromAmount: String(BigInt(qOut.fromAmount) * 10n),
      toAmount: buy,
    })
    expect(loose.status).toBe(200)
    expect(loose.body.tx.value).toBe(String(maximumSold(BigInt(qOut.fromAmount))))
    expect(args(loose.body.tx)[0]).toBe(BigInt(buy))
  })
})
