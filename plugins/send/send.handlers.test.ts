// The send plugin's requests on a kernel with the real portfolio plugin (a scripted balances API) and a scripted
// wallet: the SPEC §5 messages, the EIP-55 refusal, balance and fee checks before the wallet is asked, Max, a refusal
// in the wallet (4001) keeping the review, the exact values the wallet is asked to send, names, "Unsupported chain",
// and the refresh after a success.
import { afterEach, describe, expect, it } from 'vitest'
import { getAddress } from 'viem'
import {
  definePlugin,
  isPending,
  UserRejectedError,
  type HttpClient,
  type HttpRequest,
  type Kernel,
} from '../../kernel/index.js'
import { createTestKernel, type TestKernel } from '../../kernel/testing/test-kernel.js'
import { transferHandlers } from '../namespaces/transfer/index.js'
import { createPortfolioPlugin } from '../portfolio/index.js'
import { createSendPlugin } from './index.js'
import { AmountAndReceiverRequired, BadChecksum, SendRejected, TokenRequired, UnsupportedChain } from './send.rules.js'
import { sendOf } from './send.state.js'

const ME = '0x1234567890abcdef1234567890abcdef1234abcd'
const TO = getAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed') // EIP-55's own example: mixed case
const USDC = '0x682bd6B582043dEa7Ab3Ac2Be98d874f2DE67961'
const ETH_ID = 'eip155:1:native'
const USDC_ID = `eip155:1:${USDC}`
const FEE = 21_000n * 2_000_000_000n // gas × 2 gwei
const networks = [
  { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  { caipNetworkId: 'bip122:000000000019d6689c085ae165831e93', name: 'Bitcoin', chainNamespace: 'bip122' },
]

/** The balances API: 1.5 ETH at $3000 and 2.5 USDC, lowered by what the wallet sent. */
function balancesApi() {
  const held = { eth: 1_500_000_000_000_000_000n, usdc: 2_500_000n }
  const calls: HttpRequest[] = []
  const asset = (address: string, balance: bigint, type: string, symbol: string, decimals: number, price: string) => ({
    address,
    balance: balance.toString(),
    type,
    chainId: 'eip155:1',
    metadata: { name: symbol, symbol, decimals, price, iconUrl: '' },
  })
  const get = async (req: HttpRequest) => {
    calls.push(req)
    return {
      balances: [
        asset(USDC_ID, held.usdc, 'ERC20', 'USDC', 6, '1'),
        asset(ETH_ID, held.eth, 'NATIVE', 'ETH', 18, '3000'),
      ],
    }
  }
  return { http: { get } as unknown as HttpClient, held, calls }
}

/** The wallet and chain requests the namespaces plugin answers, scripted; `asked` lists what reached the wallet. */
function scriptedWallet(held: { eth: bigint; usdc: bigint }) {
  const asked: Array<{ name: string; input: unknown }> = []
  let reject = false
  const prompt = (name: string, input: unknown) => {
    if (reject) {
      reject = false
      throw new UserRejectedError()
    }
    asked.push({ name, input })
    return { hash: `0x${String(asked.length).padStart(64, '0')}`, caipNetworkId: 'eip155:1' }
  }
  const plugin = definePlugin({
    id: 'scripted-wallet',
    handlers: {
      // the transfers as the namespaces plugin builds them, over the scripted requests below
      ...transferHandlers,
      'wallet/estimateGas': () => ({ gas: '21000', feePerGas: '2000000000', fee: FEE.toString() }),
      'wallet/sendTransaction': (i) => {
        const sent = prompt('sendTransaction', i)
        held.eth -= BigInt(i.value ?? '0') + FEE
        return sent
      },
      'wallet/writeContract': (i) => {
        const sent = prompt('writeContract', i)
        held.usdc -= BigInt(String(i.args?.[1]))
        return sent
      },
      'chain/waitForTransaction': (i) => ({
        hash: i.hash,
        caipNetworkId: 'eip155:1',
        status: 'success' as const,
        blockNumber: '1',
        gasUsed: '21000',
      }),
      'names/resolve': (i) => ({ name: i.name, address: i.name === 'alice.foyer.id' ? TO.toLowerCase() : null }),
    },
  })
  return { plugin, asked, rejectNext: () => (reject = true) }
}

const kernels: TestKernel[] = []
afterEach(() => kernels.splice(0).forEach((k) => k.dispose()))

function setup(account = `eip155:1:${ME}`) {
  const api = balancesApi()
  const wallet = scriptedWallet(api.held)
  const k = createTestKernel({
    http: api.http,
    namespaces: ['eip155', 'solana', 'bip122'],
    config: { networks: networks as never },
    plugins: [wallet.plugin, createPortfolioPlugin(), createSendPlugin()],
  })
  kernels.push(k)
  const [namespace] = account.split(':')
  k.emit('network/switched', { caipNetworkId: account.split(':').slice(0, 2).join(':') })
  k.emit('wallet/connected', { namespace, caipAddress: account, connectorId: 'test' })
  return { k, api, wallet }
}

const state = (k: Kernel) => sendOf(k.getState())

/** Readies the form and fills it; `token` by symbol. */
async function form(k: Kernel, fields: { token?: 'ETH' | 'USDC'; amount?: string; receiver?: string }) {
  await k.request('send/prepare')
  const { token, ...typed } = fields
  await k.request('send/edit', { ...typed, ...(token ? { token: token === 'ETH' ? ETH_ID : USDC_ID } : {}) })
}

/** The preview's refusal message (the request rejects with it, and the view shows it). */
async function refused(k: Kernel): Promise<string> {
  const error = await k.request('send/preview').then(
    () => undefined,
    (e: Error) => e.message,
  )
  expect(error).toBe(state(k).error)
  expect(state(k).review).toBeUndefined()
  return error!
}

describe('send plugin', () => {
  it('says the SPEC §5 messages verbatim, and asks the wallet nothing', async () => {
    const { k, wallet } = setup()
    await form(k, { amount: '1', receiver: TO })
    expect(await refused(k)).toBe('A token is required')
    expect(TokenRequired).toBe('A token is required')
    await k.request('send/edit', { token: ETH_ID, amount: '' })
    expect(await refused(k)).toBe('An amount and receiver address are required')
    await k.request('send/edit', { amount: '1', receiver: '  ' })
    expect(await refused(k)).toBe(AmountAndReceiverRequired)
    await k.request('send/edit', { receiver: 'not-an-address' })
    expect(await refused(k)).toBe('Enter a valid address: 40 hexadecimal digits, with or without 0x')
    await k.request('send/edit', { receiver: TO, amount: '0.1234567890123456789' })
    expect(await refused(k)).toBe('Enter an amount as a number with at most 18 decimals')
    expect(wallet.asked).toEqual([])
  })

  it('refuses a mixed-case address whose EIP-55 checksum is wrong; lowercase and checksummed pass', async () => {
    const { k } = setup()
    const flipped = TO.replace(/[a-f]/, (c) => c.toUpperCase()) // one letter's case changed: the checksum fails
    await form(k, { token: 'ETH', amount: '0.5', receiver: flipped })
    expect(await refused(k)).toBe('This address has an invalid checksum: check it, or enter it in lowercase')
    expect(BadChecksum).toBe(state(k).error)
    for (const receiver of [TO.toLowerCase(), TO, TO.slice(2).toLowerCase()]) {
      await k.request('send/edit', { receiver })
      expect((await k.request('send/preview')).to).toBe(TO)
    }
  })

  it('refuses an amount above the balance, or above balance minus fee for the native token, before the wallet', async () => {
    const { k, wallet } = setup()
    await form(k, { token: 'ETH', amount: '1.500000000000000001', receiver: TO })
    expect(await refused(k)).toBe('Insufficient ETH balance')
    await k.request('send/edit', { amount: '1.5' })
    expect(await refused(k)).toBe('Insufficient ETH balance for the amount and the network fee')
    await k.request('send/edit', { token: USDC_ID, amount: '2.500001' })
    expect(await refused(k)).toBe('Insufficient USDC balance')
    expect(wallet.asked).toEqual([])

    // Max leaves the fee for a native send, takes it all for a token; each reviews as sendable
    await k.request('send/edit', { token: ETH_ID, max: true })
    expect(state(k).amount).toBe('1.499958')
    expect(await k.request('send/preview')).toMatchObject({ amount: (1_500_000_000_000_000_000n - FEE).toString() })
    await k.request('send/edit', { token: USDC_ID, max: true })
    expect(state(k).amount).toBe('2.5')
    expect(await k.request('send/preview')).toMatchObject({ amount: '2500000', fee: FEE.toString() })
  })

  it('a refusal in the wallet (4001) returns to the preview with its message and loses nothing', async () => {
    const { k, wallet } = setup()
    await form(k, { token: 'ETH', amount: '0.5', receiver: TO })
    const review = await k.request('send/preview')
    expect(review).toMatchObject({
      symbol: 'ETH',
      to: TO,
      fee: FEE.toString(),
      feeUsd: '0.126',
      networkName: 'Ethereum',
    })
    wallet.rejectNext()
    await expect(k.request('send/confirm')).rejects.toMatchObject({ code: 4001 })
    expect(state(k)).toMatchObject({ review, error: SendRejected, amount: '0.5', receiver: TO, token: ETH_ID })
    expect(wallet.asked).toEqual([])

    const { hash } = await k.request('send/confirm')
    expect(wallet.asked).toEqual([
      { name: 'sendTransaction', input: { caipNetworkId: 'eip155:1', to: TO, value: '500000000000000000' } },
    ])
    // the form resets and shows the hash (SPEC §4)
    expect(state(k)).toMatchObject({ amount: '', receiver: '', success: { hash, amount: '500000000000000000' } })
    expect(state(k).review).toBeUndefined()
  })

  it('sets the loading flag while the transfer is under way, then clears it (SPEC §4 sending a token)', async () => {
    const { k, wallet } = setup()
    await form(k, { token: 'ETH', amount: '0.5', receiver: TO })
    await k.request('send/preview')
    // what the preview's button reads (its spinner) and what the host page hears, as each step happens
    const seen: string[] = []
    k.on('transaction/status', (e) =>
      seen.push(`${e.payload.status} pending=${isPending(k.getState(), 'send/confirm')}`),
    )
    const sent = k.request('send/confirm')
    expect(isPending(k.getState(), 'send/confirm')).toBe(true)
    await sent
    expect(isPending(k.getState(), 'send/confirm')).toBe(false)
    expect(seen).toEqual(['loading pending=true', 'success pending=true'])
    expect(wallet.asked).toHaveLength(1)
  })

  it('an ERC-20 send is transfer(to, amount) on the token; the balances load again after it', async () => {
    const { k, api, wallet } = setup()
    await form(k, { token: 'USDC', amount: '1.25', receiver: TO.toLowerCase() })
    await k.request('send/preview')
    const before = api.calls.length
    await k.request('send/confirm')
    expect(wallet.asked).toEqual([
      {
        name: 'writeContract',
        input: expect.objectContaining({ address: USDC, functionName: 'transfer', args: [TO, '1250000'] }),
      },
    ])
    // through send/succeeded → portfolio/fetchBalances, past the dropped cache: the list shows the new balance
    await expect
      .poll(() => k.getState().portfolio?.balances.items.find((t) => t.symbol === 'USDC')?.balance)
      .toBe('1250000')
    expect(api.calls.length).toBeGreaterThan(before)
  })

  it('sends to a name through names/resolve, and says when a name has no address', async () => {
    const { k } = setup()
    await form(k, { token: 'ETH', amount: '0.1', receiver: 'alice.foyer.id' })
    expect(await k.request('send/preview')).toMatchObject({ to: TO, name: 'alice.foyer.id' })
    await k.request('send/edit', { receiver: 'nobody.foyer.id' })
    expect(await refused(k)).toBe('No address found for nobody.foyer.id')
  })

  it('says "Unsupported chain" on a namespace send does not serve (Bitcoin)', async () => {
    const { k, wallet } = setup('bip122:000000000019d6689c085ae165831e93:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
    await k.request('send/prepare')
    expect(state(k).error).toBe('Unsupported chain')
    await k.request('send/edit', { amount: '1', receiver: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' })
    expect(await refused(k)).toBe(UnsupportedChain)
    await expect(k.request('send/confirm')).rejects.toThrow('Unsupported chain')
    expect(wallet.asked).toEqual([])
  })
})
