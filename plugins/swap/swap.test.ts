import { describe, expect, it } from 'vitest'
import {
  corePlugins,
  createFakeClock,
  createKernel,
  createStorage,
  definePlugin,
  HttpError,
  memoryBackend,
  UserRejectedError,
  type FakeClock,
  type HttpClient,
  type HttpRequest,
  type Kernel,
} from '../../kernel/index.js'
import { createSwapPlugin } from './index.js'
import { formIssue } from './swap.issues.js'
import { QuoteDebounceMs, QuoteRefreshMs, QuoteTtlMs } from './swap.handlers.js'
import { currentQuote, swapOf } from './swap.state.js'
import { SwapRejected } from './swap.execute.js'

const USER = '0x00000000000000000000000000000000000a11ce'
const ETH = 'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const USDC = 'eip155:1:0x682bd6B582043dEa7Ab3Ac2Be98d874f2DE67961'
const DAI = 'eip155:1:0xF4c82982c0e329c6620C7C93E7659C383CD7f51e'
const TOKENS = [
  { symbol: 'ETH', name: 'Ether', address: ETH, decimals: 18, logoUri: 'javascript:alert(1)', suggested: true },
  { symbol: 'DAI', name: 'Dai', address: DAI, decimals: 18, logoUri: '', suggested: true },
  { symbol: 'USDC', name: 'USD Coin', address: USDC, decimals: 6, logoUri: '', suggested: true },
  { symbol: 'BAD', address: 'nope', decimals: 6 },
]

/** A server whose price is 2 units out per unit in, with knobs for the tests. */
function server(clock: FakeClock) {
  const calls: HttpRequest[] = []
  const knobs = {
    allowance: 0n,
    fail: undefined as HttpError | undefined,
    hold: undefined as Promise<void> | undefined,
  }
  const get = async <T>(req: HttpRequest): Promise<T> => {
    calls.push(req)
    const p = req.params ?? {}
    if (req.path === 'v1/convert/tokens') return { tokens: TOKENS } as T
    if (req.path === 'v1/convert/quotes') {
      if (knobs.hold) await knobs.hold
      if (knobs.fail) throw knobs.fail
      const amount = BigInt(String(p.amount ?? p.toAmount))
      const [fromAmount, toAmount] = p.amount ? [amount, amount * 2n] : [amount / 2n, amount]
      return {
        quote: {
          kind: p.amount ? 'exactIn' : 'exactOut',
          fromAmount: String(fromAmount),
          toAmount: String(toAmount),
          priceImpact: '0.42',
          slippage: 1,
          minimumReceived: String((toAmount * 99n) / 100n),
          ...(p.userAddress
            ? {
                approvalRequired: p.from !== ETH && knobs.allowance < fromAmount,
                networkFee: { fee: '21000', feeUsd: 0.06 },
              }
            : {}),
          at: clock.now(),
        },
      } as T
    }
    if (req.path === 'v1/convert/build-approve')
      return { tx: { to: '0xa', data: '0x095ea7b3', value: '0', gas: '50000' } } as T
    if (req.path === 'v1/convert/build-transaction')
      return { tx: { to: '0xb', data: '0x38ed1739', value: '0', ...(knobs.allowance ? { gas: '200000' } : {}) } } as T
    throw new HttpError(404, null)
  }
  const http = { get, post: get, put: get, delete: get, getBlob: async () => new Blob(), url: () => '' } as HttpClient
  return { http, calls, knobs, quotes: () => calls.filter((c) => c.path === 'v1/convert/quotes') }
}

/** The wallet and chain requests the namespaces plugin would answer. */
function wallet(opts: { batches: boolean }) {
  const sent: Array<{ name: string; input: unknown }> = []
  let reject = false
  const prompt = (name: string, input: unknown) => {
    if (reject) {
      reject = false
      throw new UserRejectedError()
    }
    sent.push({ name, input })
  }
  const plugin = definePlugin({
    id: 'fake-wallet',
    handlers: {
      'chain/read': () => '0x8ac7230489e80000', // 10 ETH
      'chain/readContract': (i) => (i.address.toLowerCase() === USDC.slice(9).toLowerCase() ? '1000000000' : '0'),
      'wallet/getCapabilities': (i) => ({
        supported: opts.batches,
        caipNetworkId: i?.caipNetworkId ?? 'eip155:1',
        atomic: opts.batches ? 'supported' : 'unsupported',
        raw: {},
      }),
      'wallet/sendTransaction': (i) => (
        prompt('sendTransaction', i),
        { hash: `0x${sent.length}`, caipNetworkId: 'eip155:1' }
      ),
      'wallet/sendCalls': (i) => (
        prompt('sendCalls', i),
        { mode: 'batch', caipNetworkId: 'eip155:1', hashes: ['0x1', '0x2'] }
      ),
      'chain/waitForTransaction': (i) => ({
        hash: i.hash,
        caipNetworkId: 'eip155:1',
        status: 'success',
        blockNumber: '1',
        gasUsed: '1',
      }),
    },
  })
  return { plugin, sent, rejectNext: () => (reject = true) }
}

function setup(opts: { batches?: boolean; network?: string } = {}) {
  const clock = createFakeClock()
  const api = server(clock)
  const w = wallet({ batches: !!opts.batches })
  const network = opts.network ?? 'eip155:1'
  const k: Kernel = createKernel({
    plugins: [
      ...corePlugins({
        config: {
          projectId: 'p',
          networks: [
            { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
            { caipNetworkId: 'eip155:31337', name: 'Anvil', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
          ],
          namespaces: ['eip155'],
          mobile: false,
          features: {},
        },
      }),
      w.plugin,
      createSwapPlugin(),
    ],
    http: api.http,
    clock,
    storage: createStorage(memoryBackend()),
  })
  k.emit('network/switched', { caipNetworkId: network })
  k.emit('wallet/connected', { namespace: 'eip155', caipAddress: `${network}:${USER}`, connectorId: 'test' })
  return { k, clock, api, w }
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}

async function open(k: Kernel, args?: Record<string, string>) {
  await k.request('modal/open', { view: 'Swap', ...(args ? { arguments: args } : {}) })
  await k.request('swap/prepare', args as never)
}

describe('swap plugin', () => {
  it('opens with AppKit arguments: tokens (checked), balances from the chain, a quote with the user', async () => {
    const { k, api } = setup()
    await open(k, { fromToken: 'usdc', toToken: 'DAI', amount: '25' })
    const s = swapOf(k.getState())
    expect(s.tokens.map((t) => t.symbol)).toEqual(['ETH', 'DAI', 'USDC']) // the malformed one dropped
    expect(s.tokens[0].logoUri).toBe('') // never a javascript: URL
    expect(s.balances).toEqual({ [ETH]: '10000000000000000000', [DAI]: '0', [USDC]: '1000000000' })
    expect([s.from, s.to, s.amount]).toEqual([USDC, DAI, '25'])
    expect(api.quotes().at(-1)!.params).toMatchObject({
      chainId: 'eip155:1',
      from: USDC,
      to: DAI,
      amount: '25000000',
      userAddress: USER,
    })
    expect(currentQuote(s)).toMatchObject({ fromAmount: '25000000', toAmount: '50000000', approvalRequired: true })
  })

  it('never shows a quote for another form, and drops answers that arrive for an older one', async () => {
    const { k, api, clock } = setup()
    await open(k, { fromToken: 'ETH', toToken: 'USDC', amount: '1' })
    expect(currentQuote(swapOf(k.getState()))).toBeDefined()
    let release = () => {}
    api.knobs.hold = new Promise<void>((r) => (release = r))
    const typed = k.request('swap/enterAmount', { side: 'from', value: '2' })
    expect(currentQuote(swapOf(k.getState()))).toBeUndefined() // the quote for 1 ETH is not the quote for 2
    clock.advance(QuoteDebounceMs)
    await settle()
    void k.request('swap/enterAmount', { side: 'from', value: '3' }) // typed on while the answer for 2 is coming
    release()
    await typed
    expect(currentQuote(swapOf(k.getState()))).toBeUndefined()
    api.knobs.hold = undefined
    clock.advance(QuoteDebounceMs)
    await settle()
    expect(currentQuote(swapOf(k.getState()))?.fromAmount).toBe('3000000000000000000')
  })

  it('quotes once the visitor pauses, whatever the keystrokes before', async () => {
    const { k, api, clock } = setup()
    await open(k, { fromToken: 'ETH', toToken: 'USDC' })
    const before = api.quotes().length
    for (const value of ['0', '0.', '0.5', '0.52']) void k.request('swap/enterAmount', { side: 'from', value })
    void k.request('swap/enterAmount', { side: 'from', value: '0.5x' }) // not an amount: ignored
    clock.advance(QuoteDebounceMs)
    await settle()
    expect(
      api
        .quotes()
        .slice(before)
        .map((q) => q.params?.amount),
    ).toEqual(['520000000000000000'])
    // exact output: typed in the receive field, asked as toAmount
    void k.request('swap/enterAmount', { side: 'to', value: '100' })
    clock.advance(QuoteDebounceMs)
    await settle()
    expect(api.quotes().at(-1)!.params).toMatchObject({ toAmount: '100000000' })
    expect(currentQuote(swapOf(k.getState()))).toMatchObject({ kind: 'exactOut', toAmount: '100000000' })
  })

  it('refreshes the quote while the view is open, and drops one that got too old to be current', async () => {
    const { k, api, clock } = setup()
    await open(k, { fromToken: 'ETH', toToken: 'USDC', amount: '1' })
    const n = api.quotes().length
    clock.advance(QuoteRefreshMs)
    await settle()
    expect(api.quotes().length).toBe(n + 1)
    // the server stops answering: the quote stays current only while it is young enough
    api.knobs.fail = new HttpError(502, { error: 'rpc_unavailable', reasons: [{ description: 'RPC node down' }] })
    clock.advance(QuoteTtlMs + QuoteRefreshMs)
    await settle()
    expect(currentQuote(swapOf(k.getState()))).toBeUndefined()
    expect(formIssue(k.getState())?.message).toBe('RPC node down')
    await k.request('modal/close')
    const closed = api.quotes().length
    clock.advance(QuoteRefreshMs * 3)
    await settle()
    expect(api.quotes().length).toBe(closed) // nothing refreshes behind a closed modal
  })

  it('says what is wrong with the form: zero, decimals, balance, liquidity, network', async () => {
    const { k, api, clock } = setup()
    await open(k, { fromToken: 'USDC', toToken: 'DAI' })
    const issue = async (value: string) => {
      void k.request('swap/enterAmount', { side: 'from', value })
      clock.advance(QuoteDebounceMs)
      await settle()
      return formIssue(k.getState())
    }
    expect(await issue('0')).toEqual({ code: 'zero_amount', message: 'Enter an amount greater than 0' })
    expect((await issue('1.0000001'))?.code).toBe('invalid_amount')
    expect(await issue('1000.5')).toEqual({ code: 'insufficient_balance', message: 'Insufficient USDC balance' })
    expect(api.quotes().at(-1)!.params?.userAddress).toBeUndefined() // the price is still shown, for nobody
    expect(currentQuote(swapOf(k.getState()))).toBeDefined()
    api.knobs.fail = new HttpError(422, {
      error: 'no_liquidity',
      reasons: [{ description: 'No liquidity for USDC → DAI' }],
    })
    expect(await issue('10')).toEqual({ code: 'no_liquidity', message: 'No liquidity for USDC → DAI' })

    const other = setup({ network: 'eip155:31337' })
    await open(other.k)
    expect(formIssue(other.k.getState())).toEqual({
      code: 'unsupported_network',
      message: 'Swaps are not supported on Anvil. Switch to a supported network.',
    })
    expect(other.api.calls).toEqual([]) // nothing asked of the server for a network outside the 12
  })

  it('without batching: approve (one prompt), then swap (another); the swap cannot skip the approval', async () => {
    const { k, api, w } = setup()
    await open(k, { fromToken: 'USDC', toToken: 'DAI', amount: '25' })
    await expect(k.request('swap/execute')).rejects.toThrow('Approve USDC first')
    expect(w.sent).toEqual([])
    api.knobs.allowance = 25_000_000n // what the approval grants, as the next quote will show
    await k.request('swap/approve')
    await settle()
    expect(w.sent.map((s) => s.name)).toEqual(['sendTransaction'])
    expect(w.sent[0].input).toMatchObject({ to: '0xa', gas: '50000', caipNetworkId: 'eip155:1' })
    expect(currentQuote(swapOf(k.getState()))?.approvalRequired).toBe(false)
    const { hashes } = await k.request('swap/execute')
    expect(hashes).toHaveLength(1)
    expect(w.sent.map((s) => s.name)).toEqual(['sendTransaction', 'sendTransaction'])
    expect(w.sent[1].input).toMatchObject({ to: '0xb', gas: '200000' })
    expect(swapOf(k.getState()).success).toMatchObject({ fromSymbol: 'USDC', toSymbol: 'DAI', toAmount: '50000000' })
  })

  it('with batching: approve and swap in one wallet prompt (atomic)', async () => {
    const { k, w } = setup({ batches: true })
    await open(k, { fromToken: 'USDC', toToken: 'DAI', amount: '25' })
    expect(swapOf(k.getState()).batches).toBe(true)
    await k.request('swap/execute')
    expect(w.sent).toHaveLength(1)
    expect(w.sent[0]).toMatchObject({
      name: 'sendCalls',
      input: { atomicRequired: true, calls: [{ to: '0xa' }, { to: '0xb' }] },
    })
  })

  it('a refusal in the wallet (4001) has its own message, and a mined swap reloads balances and quote', async () => {
    const { k, api, w } = setup()
    await open(k, { fromToken: 'ETH', toToken: 'USDC', amount: '1' })
    w.rejectNext()
    await expect(k.request('swap/execute')).rejects.toMatchObject({ code: 4001 })
    expect(formIssue(k.getState())).toEqual({ code: '4001', message: SwapRejected })
    const quotes = api.quotes().length
    await k.request('swap/execute')
    await settle()
    expect(api.quotes().length).toBe(quotes + 1) // the trade moved the pool: a new quote
    expect(formIssue(k.getState())).toBeUndefined()
  })
})
