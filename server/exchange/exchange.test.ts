// The local exchange end to end over HTTP: payments opened through the API (validated against its OpenAPI contract),
// the login page, and the exchange's hot wallet paying the recipient on the local anvil chain and Solana node.
import { Connection, Keypair, PublicKey } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http, type Address } from 'viem'
import { openTestStore } from '../api/testing/store.js'
import { createContractClient, type ContractClient } from '../api/testing/contract.js'
import { startServices, type Services } from '../compose.js'
import { resolveConfig } from '../config.js'
import { testTokenAbi } from '../contracts/compile.js'
import { SERVICES } from '../services.js'
import { LOCAL_SOLANA_NETWORK } from '../solana/service.js'
import type { Store } from '../store/store.js'
import { TEST_ACCOUNT, type ExchangePayment } from './exchange.js'

const RECIPIENT = '0x000000000000000000000000000000000000cafE' as Address
let services: Services
let store: Store
let api: ContractClient

beforeAll(async () => {
  store = await openTestStore()
  const config = resolveConfig({
    dataDir: 'memory://',
    port: 0,
    localChains: [{ chainId: 1 }],
    localSolana: true,
    solanaPort: 0,
    exchangePort: 0,
  })
  services = await startServices(config, SERVICES, {
    only: ['api', 'exchange', 'chains', 'solana'],
    provided: { store: { store, close: async () => {} } },
  })
  api = await createContractClient(services.need('api').app)
}, 120_000)

afterAll(async () => {
  await services?.close()
  await store?.close()
})

const open = (body: Record<string, string>) =>
  api.post<{ id: string; url: string }>('/v1/exchanges/local/payments', {
    network: 'eip155:1',
    asset: 'native',
    amount: '1',
    recipient: RECIPIENT,
    ...body,
  })

const login = (id: string, email: string, password: string) =>
  fetch(`${services.need('exchange').url}/pay`, {
    method: 'POST',
    body: new URLSearchParams({ payment: id, email, password }),
  })

describe('local exchange', () => {
  it('lists itself and refuses payments it cannot make, naming the field', async () => {
    const list = await api.get<{ exchanges: Array<{ id: string; namespaces: string[] }> }>('/v1/exchanges')
    expect(list.body.exchanges).toEqual([
      { id: 'local', name: 'Foyer Local Exchange', namespaces: ['eip155', 'solana'] },
    ])
    const usdc = services.need('chains').chains[0].tokens.find((t) => t.symbol === 'USDC')!.address
    const refused = async (body: Record<string, string>) => {
      const res = await open(body)
      expect(res.status).toBe(400)
      return (res.body as unknown as { reasons: Array<{ field: string }> }).reasons[0].field
    }
    expect(await refused({ network: 'eip155:8453' })).toBe('network')
    expect(await refused({ recipient: 'nope' })).toBe('recipient')
    expect(await refused({ asset: '0x0000000000000000000000000000000000000001' })).toBe('asset')
    expect(await refused({ asset: usdc, amount: '1.0000001' })).toBe('amount')
    expect(await refused({ amount: '0' })).toBe('amount')
    expect(await refused({ amount: '-1' })).toBe('amount')
    expect((await api.post('/v1/exchanges/nope/payments', {})).status).toBe(404)
    expect((await api.get('/v1/exchanges/local/payments/nope')).status).toBe(404)
  })

  it('pays 3 USDC to the recipient on anvil once the visitor logs in; a wrong password pays nothing', async () => {
    const chain = services.need('chains').chains[0]
    const usdc = chain.tokens.find((t) => t.symbol === 'USDC')!.address
    const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0 }) })
    const balance = () =>
      client.readContract({ address: usdc, abi: testTokenAbi, functionName: 'balanceOf', args: [RECIPIENT] })
    const before = await balance()
    const opened = await open({ asset: usdc, amount: '3' })
    expect(opened.status).toBe(200)
    const page = await fetch(opened.body.url)
    expect(await page.text()).toContain('data-testid="exchange-submit"')

    const wrong = await login(opened.body.id, TEST_ACCOUNT.email, 'wrong')
    expect(wrong.status).toBe(401)
    expect(await wrong.text()).toContain('Wrong email or password')
    expect(await balance()).toBe(before)

    const paid = await login(opened.body.id, TEST_ACCOUNT.email, TEST_ACCOUNT.password)
    expect(await paid.text()).toContain('data-status="completed"')
    expect(await balance()).toBe(before + 3_000_000n)
    const status = await api.get<ExchangePayment>(`/v1/exchanges/local/payments/${opened.body.id}`)
    expect(status.body).toMatchObject({ status: 'completed', amount: '3', recipient: RECIPIENT })
    const receipt = await client.getTransactionReceipt({ hash: status.body.transactionHash as `0x${string}` })
    expect(receipt.status).toBe('success')
    // A payment is made once.
    await login(opened.body.id, TEST_ACCOUNT.email, TEST_ACCOUNT.password)
    expect(await balance()).toBe(before + 3_000_000n)
  })

  it('pays native SOL on the local Solana node', async () => {
    const to = Keypair.generate().publicKey.toBase58()
    const opened = await open({ network: LOCAL_SOLANA_NETWORK, asset: 'native', amount: '0.5', recipient: to })
    expect(opened.status).toBe(200)
    await login(opened.body.id, TEST_ACCOUNT.email, TEST_ACCOUNT.password)
    const connection = new Connection(services.need('solana').url, 'confirmed')
    expect(await connection.getBalance(new PublicKey(to))).toBe(500_000_000)
  })
})
