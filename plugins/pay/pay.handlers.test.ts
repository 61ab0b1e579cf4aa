// The pay plugin's requests on a test kernel with a scripted wallet and chain (the requests the namespaces plugin
// answers): the host's payment refused with a clear error before anything opens, a wallet refusal (4001) keeping the
// checkout open, the exact transfer the wallet is asked for (EVM native and ERC-20; SOL and an SPL token on Solana),
// the promise settled with the hash once mined (or the reason), and closing the checkout rejecting it.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Keypair, PublicKey, SystemInstruction, Transaction } from '@solana/web3.js'
import {
  definePlugin,
  PaymentError,
  preloadNavigation,
  UserRejectedError,
  type RequestError,
  type HttpClient,
  type HttpRequest,
  type PaymentResult,
} from '../../kernel/index.js'
import { createTestKernel, flush, type TestKernel } from '../../kernel/testing/test-kernel.js'
import { transferHandlers } from '../namespaces/transfer/index.js'
import { createPayPlugin } from './index.js'
import { payOf } from './pay.state.js'

const ME = '0x1234567890abcdef1234567890abcdef1234abcd'
const TO = '0x00000000000000000000000000000000000fee15'
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
const [payer, payee, mint] = [Keypair.generate(), Keypair.generate(), Keypair.generate()].map((k) =>
  k.publicKey.toBase58(),
)
const BLOCKHASH = Keypair.generate().publicKey.toBase58()
const networks = [
  { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  { caipNetworkId: SOLANA, name: 'Solana', chainNamespace: 'solana', nativeSymbol: 'SOL' },
  { caipNetworkId: 'bip122:000000000019d6689c085ae165831e93', name: 'Bitcoin', chainNamespace: 'bip122' },
]

/** The wallet and chain requests, scripted; `asked` lists what reached the wallet, in order. */
function scriptedWallet() {
  const asked: Array<{ name: string; input: Record<string, unknown> }> = []
  const o = { reject: false, reverted: false, pendingPolls: 0 }
  const prompt = (name: string, input: Record<string, unknown>) => {
    if (o.reject) {
      o.reject = false
      throw new UserRejectedError()
    }
    asked.push({ name, input })
    return `${asked.length}`
  }
  const reads: Record<string, (params: unknown[]) => unknown> = {
    getTokenSupply: ([m]) => (m === mint ? { value: { amount: '1', decimals: 6, uiAmountString: '0.000001' } } : null),
    getAccountInfo: ([a]) => ({ value: a === mint ? { owner: TOKEN_PROGRAM } : null }),
    getLatestBlockhash: () => ({ value: { blockhash: BLOCKHASH, lastValidBlockHeight: 10 } }),
    getSignatureStatuses: () => ({
      value: [o.pendingPolls-- > 0 ? null : { err: null, confirmationStatus: 'confirmed' }],
    }),
  }
  const plugin = definePlugin({
    id: 'scripted-wallet',
    handlers: {
      // the transfers as the namespaces plugin builds them, over the scripted requests below
      ...transferHandlers,
      'chain/readContract': (i) =>
        i.address === USDC ? ({ decimals: 6, symbol: 'USDC' } as never)[i.functionName] : 0,
      'wallet/sendTransaction': (i) => ({
        hash: `0x${prompt('sendTransaction', { ...i })}`,
        caipNetworkId: 'eip155:1',
      }),
      'wallet/writeContract': (i) => ({ hash: `0x${prompt('writeContract', { ...i })}`, caipNetworkId: 'eip155:1' }),
      'chain/waitForTransaction': (i) => ({
        hash: i.hash,
        caipNetworkId: 'eip155:1',
        status: o.reverted ? ('reverted' as const) : ('success' as const),
        blockNumber: '1',
        gasUsed: '21000',
      }),
      'solana/signAndSendTransaction': (i) => ({ signature: `sig${prompt('signAndSendTransaction', { ...i })}` }),
      'chain/read': (i) => reads[i.method]!(i.params as unknown[]),
    },
  })
  return { plugin, asked, o }
}

const kernels: TestKernel[] = []
afterEach(() => kernels.splice(0).forEach((k) => k.dispose()))

function setup(features: Record<string, unknown> = { payments: true }, http?: HttpClient) {
  const wallet = scriptedWallet()
  const k = createTestKernel({
    namespaces: ['eip155', 'solana', 'bip122'],
    config: { networks: networks as never, features },
    ...(http ? { http } : {}),
    plugins: [wallet.plugin, createPayPlugin()],
  })
  kernels.push(k)
  k.emit('wallet/connected', { namespace: 'eip155', caipAddress: `eip155:1:${ME}`, connectorId: 'test' })
  k.emit('wallet/connected', { namespace: 'solana', caipAddress: `${SOLANA}:${payer}`, connectorId: 'test' })
  return { k, ...wallet }
}

/** Starts `foyer.pay(payment)`; its outcome is recorded as it settles. */
async function checkout(k: TestKernel, payment: Record<string, unknown>) {
  const outcome: { result?: PaymentResult; error?: string } = {}
  const started = k.request('pay/checkout', payment as never).then(
    (result) => void (outcome.result = result),
    (e: Error) => void (outcome.error = e.message),
  )
  await flush()
  await flush()
  return { outcome, started }
}

/** The code and category a failed request rejected with (a PaymentError, as the contract names), or what else it was. */
const codeOf = (run: Promise<unknown>) =>
  run.then(
    () => 'resolved',
    (e: RequestError<'pay/checkout'>) =>
      e instanceof PaymentError ? `${e.code} ${e.category}: ${e.message}` : `not a PaymentError: ${String(e)}`,
  )

const refusal = (k: TestKernel, payment: unknown) =>
  k.request('pay/checkout', payment as never).then(
    () => 'resolved',
    (e: Error) => e.message,
  )

// As after a visitor's intent: the navigation code (the checkout opens the modal) is here before each flow, which the
// tests follow step by step with flush().
beforeAll(() => preloadNavigation())

describe('pay plugin', () => {
  it('refuses a malformed payment with the field at fault, before anything opens or the wallet is asked', async () => {
    const ok = { recipient: TO, asset: USDC, amount: '3', network: 'eip155:1' }
    const off = setup({})
    expect(await refusal(off.k, ok)).toBe('Payments are off: set features.payments to true to use pay()')
    const { k, asked } = setup()
    expect(await refusal(k, { ...ok, network: 'eip155:10' })).toBe(
      'Invalid payment: network must be the CAIP-2 id of a configured network, got "eip155:10"',
    )
    expect(await refusal(k, { ...ok, network: networks[2].caipNetworkId })).toMatch(/must be an EVM or Solana network/)
    expect(await refusal(k, { ...ok, recipient: payer })).toBe(
      `Invalid payment: recipient must be an address on Ethereum, got "${payer}"`,
    )
    expect(await refusal(k, { ...ok, network: SOLANA })).toMatch(/^Invalid payment: recipient must be an address on So/)
    expect(await refusal(k, { ...ok, asset: 'USDC' })).toBe(
      `Invalid payment: asset must be 'native' or a token address, got "USDC"`,
    )
    for (const amount of [3, '0', '0.0', '-1', '1e3', '.5', '3 ', ''])
      expect(await refusal(k, { ...ok, amount })).toMatch(
        /^Invalid payment: amount must be a decimal string above zero/,
      )
    expect(await refusal(k, { ...ok, amount: '3.0000001' })).toBe('amount must have at most 6 decimals for USDC')
    expect(await refusal(k, { ...ok, network: SOLANA, recipient: payee, asset: payee })).toBe(
      `Invalid payment: asset ${payee} is not a token on this network`,
    )
    expect(await refusal(k, null)).toMatch(/^Invalid payment: network/)
    expect(k.getState().modal.open).toBe(false)
    expect(payOf(k.getState()).payment).toBeNull()
    expect(asked).toEqual([])
  })

  it('offers exchanges only with payWithExchange on (off by default, SPEC §6)', async () => {
    const paths: string[] = []
    const http = {
      get: async (req: HttpRequest) => {
        paths.push(req.path)
        return { exchanges: [{ id: 'local', name: 'Local exchange', namespaces: ['eip155'] }] }
      },
    } as unknown as HttpClient
    const payment = { recipient: TO, asset: 'native', amount: '1', network: 'eip155:1' }
    const byDefault = setup({ payments: true }, http)
    await checkout(byDefault.k, payment)
    expect(payOf(byDefault.k.getState()).status).toBe('ready')
    expect(paths).toEqual([])
    expect(payOf(byDefault.k.getState()).exchanges).toEqual([])
    const on = setup({ payments: true, payWithExchange: true }, http)
    await checkout(on.k, payment)
    expect(paths).toEqual(['v1/exchanges'])
    expect(payOf(on.k.getState()).exchanges.map((e) => e.id)).toEqual(['local'])
  })

  it('a refusal in the wallet (4001) keeps the checkout open; paying again resolves with the mined hash', async () => {
    const { k, asked, o } = setup()
    const { outcome } = await checkout(k, { recipient: TO, asset: USDC, amount: '3.5', network: 'eip155:1' })
    expect(k.getState().modal.open).toBe(true)
    expect(k.getState().router.history.at(-1)?.view).toBe('Pay')
    expect(payOf(k.getState()).asset).toEqual({ symbol: 'USDC', decimals: 6 })
    expect(await refusal(k, { recipient: TO, asset: 'native', amount: '1', network: 'eip155:1' })).toBe(
      'A payment is already open',
    )
    o.reject = true
    await expect(k.request('pay/withWallet')).rejects.toMatchObject({ code: 4001 })
    expect(payOf(k.getState())).toMatchObject({ status: 'ready', reason: 'User rejected the request.' })
    expect(k.getState().modal.open).toBe(true)
    await flush()
    expect(outcome).toEqual({})
    await k.request('pay/withWallet')
    expect(asked).toEqual([
      {
        name: 'writeContract',
        input: expect.objectContaining({
          address: USDC,
          functionName: 'transfer',
          args: [TO, '3500000'],
          caipNetworkId: 'eip155:1',
        }),
      },
    ])
    await flush()
    expect(outcome).toEqual({ result: { hash: '0x1', caipNetworkId: 'eip155:1' } })
    expect(payOf(k.getState())).toMatchObject({ status: 'completed', hash: '0x1' })
    // the checkout is free again: the next payment opens
    await checkout(k, { recipient: TO, asset: 'native', amount: '1', network: 'eip155:1' })
    expect(payOf(k.getState())).toMatchObject({ status: 'ready', payment: { amount: '1', asset: 'native' } })
  })

  it('native ETH is sent as exact wei; a reverted transaction rejects with the reason', async () => {
    const { k, asked, o } = setup()
    o.reverted = true
    const { outcome } = await checkout(k, { recipient: TO, asset: 'native', amount: '1.5', network: 'eip155:1' })
    expect(payOf(k.getState()).asset).toEqual({ symbol: 'ETH', decimals: 18 })
    await k.request('pay/withWallet')
    await flush()
    expect(asked[0]).toEqual({
      name: 'sendTransaction',
      input: { to: TO, value: '1500000000000000000', caipNetworkId: 'eip155:1' },
    })
    expect(outcome).toEqual({ error: 'The transaction 0x1 reverted' })
    expect(payOf(k.getState()).status).toBe('failed')
  })

  it('pays SOL in exact lamports and settles once the signature is confirmed', async () => {
    const { k, asked, o } = setup()
    o.pendingPolls = 2
    const { outcome } = await checkout(k, { recipient: payee, asset: 'native', amount: '0.5', network: SOLANA })
    const paying = k.request('pay/withWallet')
    // the transfer's code loads first (a chunk of its own); then each poll waits 250 ms on the fake clock
    await vi.waitFor(() => expect(asked).toHaveLength(1))
    for (let i = 0; i < 10 && !outcome.result; i++) {
      await flush()
      k.clock.advance(250)
      await flush()
    }
    await paying
    expect(asked.map((a) => a.name)).toEqual(['signAndSendTransaction'])
    const tx = Transaction.from(Buffer.from(String(asked[0].input.transaction), 'base64'))
    expect([tx.feePayer?.toBase58(), tx.recentBlockhash, tx.instructions.length]).toEqual([payer, BLOCKHASH, 1])
    const sent = SystemInstruction.decodeTransfer(tx.instructions[0])
    expect([sent.fromPubkey.toBase58(), sent.toPubkey.toBase58(), sent.lamports]).toEqual([payer, payee, 500000000n])
    expect(outcome).toEqual({ result: { hash: 'sig1', caipNetworkId: SOLANA } })
  })

  it('pays an SPL token: the recipient token account created if missing, then TransferChecked of the exact amount', async () => {
    const { k, asked } = setup()
    const { outcome } = await checkout(k, { recipient: payee, asset: mint, amount: '3.25', network: SOLANA })
    expect(payOf(k.getState()).asset).toEqual({ symbol: `${mint.slice(0, 4)}…${mint.slice(-4)}`, decimals: 6 })
    await k.request('pay/withWallet')
    await flush()
    expect(asked.map((a) => a.name)).toEqual(['signAndSendTransaction'])
    const tx = Transaction.from(Buffer.from(String(asked[0].input.transaction), 'base64'))
    expect([tx.feePayer?.toBase58(), tx.recentBlockhash]).toEqual([payer, BLOCKHASH])
    const ata = (owner: string) =>
      PublicKey.findProgramAddressSync(
        [new PublicKey(owner).toBuffer(), new PublicKey(TOKEN_PROGRAM).toBuffer(), new PublicKey(mint).toBuffer()],
        new PublicKey(ATA_PROGRAM),
      )[0].toBase58()
    const [create, transfer] = tx.instructions.map((i) => ({
      program: i.programId.toBase58(),
      keys: i.keys.map((key) => [key.pubkey.toBase58(), key.isSigner, key.isWritable]),
      data: [...i.data],
    }))
    expect(create).toEqual({
      program: ATA_PROGRAM,
      keys: [
        [payer, true, true],
        [ata(payee), false, true],
        [payee, false, false],
        [mint, false, false],
        ['11111111111111111111111111111111', false, false],
        [TOKEN_PROGRAM, false, false],
      ],
      data: [1],
    })
    // TransferChecked (12), 3,250,000 as u64 little-endian, 6 decimals
    expect(transfer).toEqual({
      program: TOKEN_PROGRAM,
      keys: [
        [ata(payer), false, true],
        [mint, false, false],
        [ata(payee), false, true],
        // the message marks an account writable for every instruction when one needs it (the payer pays the fee)
        [payer, true, true],
      ],
      data: [12, 0x50, 0x97, 0x31, 0, 0, 0, 0, 0, 6],
    })
    expect(outcome).toEqual({ result: { hash: 'sig1', caipNetworkId: SOLANA } })
  })

  it("names every failure: a PaymentError whose code says which (the contract's error type), same message", async () => {
    const ok = { recipient: TO, asset: USDC, amount: '3', network: 'eip155:1' }
    const off = setup({})
    expect(await codeOf(off.k.request('pay/checkout', ok))).toBe(
      'PAYMENTS_OFF CONFIGURATION: Payments are off: set features.payments to true to use pay()',
    )
    const posted: unknown[] = []
    const http = {
      get: async () => ({ exchanges: [] }),
      post: async (req: HttpRequest) => {
        posted.push(req.path)
        if (posted.length === 1)
          throw Object.assign(new Error('HTTP status code 409'), { body: { reasons: [{ description: 'Closed' }] } })
        return { id: 'p1', url: 'javascript:alert(1)' }
      },
    } as unknown as HttpClient
    const { k, o } = setup({ payments: true }, http)
    expect(await codeOf(k.request('pay/withWallet'))).toBe('NO_PAYMENT INTERNAL_SDK_ERROR: No payment is open')
    expect(await codeOf(k.request('pay/checkout', { ...ok, recipient: 'nobody' }))).toBe(
      'INVALID_PAYMENT CONFIGURATION: Invalid payment: recipient must be an address on Ethereum, got "nobody"',
    )
    expect(await codeOf(k.request('pay/checkout', { ...ok, amount: '3.0000001' }))).toBe(
      'INVALID_PAYMENT CONFIGURATION: amount must have at most 6 decimals for USDC',
    )
    expect(await codeOf(k.request('pay/checkout', { ...ok, network: SOLANA, recipient: payee, asset: payee }))).toBe(
      `INVALID_PAYMENT CONFIGURATION: Invalid payment: asset ${payee} is not a token on this network`,
    )
    const { outcome } = await checkout(k, { ...ok, amount: '1', asset: 'native' })
    expect(await codeOf(k.request('pay/checkout', ok))).toBe(
      'PAYMENT_OPEN INTERNAL_SDK_ERROR: A payment is already open',
    )
    expect(await codeOf(k.request('pay/withExchange', { exchange: 'local' }))).toBe('EXCHANGE_REFUSED SERVER: Closed')
    expect(await codeOf(k.request('pay/withExchange', { exchange: 'local' }))).toBe(
      'EXCHANGE_LINK_UNSAFE SERVER: The exchange answered a link that is not a web page',
    )
    k.emit('wallet/disconnected', { namespace: 'eip155' } as never)
    expect(await codeOf(k.request('pay/withWallet'))).toBe(
      'WALLET_NOT_CONNECTED WALLET: Connect a wallet on an EVM network first',
    )
    k.emit('wallet/connected', { namespace: 'eip155', caipAddress: `eip155:1:${ME}`, connectorId: 'test' })
    o.reverted = true
    await k.request('pay/withWallet')
    await flush()
    expect(outcome).toEqual({ error: 'The transaction 0x1 reverted' })
    await flush()
    const cancelled = k.request('pay/checkout', { ...ok, asset: 'native', amount: '1' })
    await flush()
    await flush()
    await k.request('modal/close')
    expect(await codeOf(cancelled)).toMatch(/^PAYMENT_CANCELLED INTERNAL_SDK_ERROR: The payment was cancelled/)
  })

  it('paying needs a wallet on that namespace; closing the checkout rejects with the last error', async () => {
    const { k, asked } = setup()
    k.emit('wallet/disconnected', { namespace: 'solana' } as never)
    const { outcome } = await checkout(k, { recipient: payee, asset: 'native', amount: '1', network: SOLANA })
    await expect(k.request('pay/withWallet')).rejects.toThrow('Connect a wallet on Solana first')
    expect(asked).toEqual([])
    await k.request('modal/close')
    await flush()
    expect(outcome).toEqual({ error: expect.stringMatching(/^The payment was cancelled/) })
    expect(payOf(k.getState()).status).toBe('cancelled')
  })
})
