// The wallet requests over an injected EIP-6963 wallet in Chromium against anvil: a native transfer and an ERC-20
// transfer mined with balances moving by exactly the amounts (read here with viem), typed data that verifies, a gas
// estimate, chain reads, a request on another chain switching the wallet first, a refusal surfacing as 4001, and
// wallet/sendCalls both ways: one by one for a wallet without EIP-5792, one atomic batch for a wallet with it.
import { beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import {
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  http,
  verifyTypedData,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { DisconnectedMessage, UnauthorizedMessage } from '../../kernel/index.js'
import { installTestWallet, TestWalletRdns, type TestWallet } from '../../testing.js'
import { browserFixture } from './fixture.js'
import { openDemo, request, requestOk } from './pages.js'

const KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6' as const
const ADDRESS = privateKeyToAccount(KEY).address
const stack = browserFixture({
  services: ['api', 'chains'],
  chains: [1, 8453],
  fund: [ADDRESS],
  demo: { devWallet: false },
})
const chain = (chainId: number) => stack.services.need('chains').chains.find((c) => c.chainId === chainId)!
let client: (chainId: number) => PublicClient

beforeAll(() => {
  const clients = new Map(
    [1, 8453].map((id) => [id, createPublicClient({ transport: http(chain(id).rpcUrl, { retryCount: 0 }) })]),
  )
  client = (chainId) => clients.get(chainId)! as PublicClient
})

const usdc = (chainId = 1) => chain(chainId).tokens.find((t) => t.symbol === 'USDC')!.address as Address
const tokenBalance = (owner: Address, chainId = 1) =>
  client(chainId).readContract({ address: usdc(chainId), abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const fresh = () => privateKeyToAccount(generatePrivateKey()).address
const wasLoaded = (scripts: string[], chunk: string) => scripts.some((s) => s.includes(`/${chunk}-`))

async function connected(
  options: { eip5792?: boolean } = {},
): Promise<{ page: Page; wallet: TestWallet; errors: string[]; scripts: string[] }> {
  let wallet: TestWallet | undefined
  const opened = await openDemo(stack, async (page) => {
    wallet = await installTestWallet(page, {
      privateKey: KEY,
      chains: [1, 8453].map((chainId) => ({ chainId, rpcUrl: chain(chainId).rpcUrl })),
      ...options,
    })
  })
  await opened.page.getByTestId('connect-button').first().click()
  await opened.page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
  await opened.page.getByTestId('account-button').first().waitFor()
  return { ...opened, wallet: wallet! }
}

describe('wallet requests over an injected wallet', () => {
  it('sends ETH and an ERC-20 transfer, signs typed data, estimates gas, reads the chain, switches for another chain, refuses with 4001', async () => {
    const { page, wallet, errors, scripts } = await connected()
    // Connecting downloads none of the wallet requests' code (nor viem, which only that chunk imports).
    expect(wasLoaded(scripts, 'wallet-requests')).toBe(false)

    const to = fresh()
    const value = 1_234_567_890_123_456_789n
    const sent = await requestOk<{ hash: Hex; caipNetworkId: string }>(page, 'wallet/sendTransaction', {
      to,
      value: value.toString(),
    })
    expect(sent.caipNetworkId).toBe('eip155:1')
    expect((await client(1).waitForTransactionReceipt({ hash: sent.hash })).status).toBe('success')
    expect(await client(1).getBalance({ address: to })).toBe(value)
    expect(wasLoaded(scripts, 'wallet-requests')).toBe(true)

    // ERC-20 transfer of 2.5 USDC (6 decimals), the amount as a decimal string.
    const before = await tokenBalance(ADDRESS)
    const written = await requestOk<{ hash: Hex }>(page, 'wallet/writeContract', {
      address: usdc(),
      abi: erc20Abi,
      functionName: 'transfer',
      args: [to, '2500000'],
    })
    const mined = await requestOk<{ status: string; blockNumber: string }>(page, 'chain/waitForTransaction', {
      hash: written.hash,
      caipNetworkId: 'eip155:1',
    })
    expect(mined.status).toBe('success')
    expect(await tokenBalance(to)).toBe(2_500_000n)
    expect(await tokenBalance(ADDRESS)).toBe(before - 2_500_000n)
    await expect(
      requestOk(page, 'chain/readContract', { address: usdc(), abi: erc20Abi, functionName: 'balanceOf', args: [to] }),
    ).resolves.toBe('2500000')
    await expect(requestOk(page, 'chain/read', { method: 'eth_blockNumber' })).resolves.toBe(
      `0x${(await client(1).getBlockNumber()).toString(16)}`,
    )

    const typedData = {
      domain: { name: 'Foyer', version: '1', chainId: 1, verifyingContract: usdc() },
      types: {
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Mail',
      message: { to, contents: 'hello', amount: '42' },
    }
    const typed = await requestOk<{ signature: Hex; address: Address }>(page, 'wallet/signTypedData', { typedData })
    expect(typed.address).toBe(ADDRESS)
    expect(
      await verifyTypedData({
        ...typedData,
        message: { ...typedData.message, amount: 42n },
        address: ADDRESS,
        signature: typed.signature,
      } as never),
    ).toBe(true)

    const gas = await requestOk<{ gas: string; feePerGas: string; fee: string }>(page, 'wallet/estimateGas', {
      to,
      value: '1',
    })
    expect(gas.gas).toBe('21000')
    expect(BigInt(gas.fee)).toBe(21_000n * BigInt(gas.feePerGas))

    await expect(requestOk(page, 'wallet/getCapabilities')).resolves.toMatchObject({
      supported: false,
      atomic: 'unsupported',
    })

    // A request for Base moves the wallet there first (SPEC §4 switch), then sends on Base.
    const onBase = await requestOk<{ hash: Hex; caipNetworkId: string }>(page, 'wallet/sendTransaction', {
      to,
      value: '5',
      caipNetworkId: 'eip155:8453',
    })
    expect(onBase.caipNetworkId).toBe('eip155:8453')
    expect(wallet.chainId()).toBe(8453)
    await client(8453).waitForTransactionReceipt({ hash: onBase.hash })
    expect(await client(8453).getBalance({ address: to })).toBe(5n)
    await expect.poll(() => page.getByTestId('demo-status').textContent()).toContain('eip155:8453')

    // The visitor says no: code 4001, nothing sent.
    wallet.rejectNext()
    const refused = await request(page, 'wallet/sendTransaction', { to, value: '7', caipNetworkId: 'eip155:8453' })
    expect(refused).toMatchObject({ error: { name: 'UserRejectedError', code: 4001 } })
    expect(await client(8453).getBalance({ address: to })).toBe(5n)
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('sends calls one by one through eth_sendTransaction for a wallet without EIP-5792', async () => {
    const { page, wallet, errors } = await connected()
    const to = fresh()
    const before = await tokenBalance(ADDRESS)
    const calls = [
      { to, value: '1000' },
      { to: usdc(), data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, 750_000n] }) },
    ]
    const sent = await requestOk<{ mode: string; hashes: Hex[] }>(page, 'wallet/sendCalls', { calls })
    expect(sent.mode).toBe('sequential')
    expect(sent.hashes).toHaveLength(2)
    for (const hash of sent.hashes) expect((await client(1).getTransactionReceipt({ hash })).status).toBe('success')
    expect(await client(1).getBalance({ address: to })).toBe(1000n)
    expect(await tokenBalance(to)).toBe(750_000n)
    expect(await tokenBalance(ADDRESS)).toBe(before - 750_000n)
    expect(wallet.log.filter((l) => l.method === 'eth_sendTransaction')).toHaveLength(2)
    expect(wallet.log.some((l) => l.method === 'wallet_sendCalls')).toBe(false)
    // Atomicity cannot be had from such a wallet: the request says so instead of sending.
    await expect(request(page, 'wallet/sendCalls', { calls, atomicRequired: true })).resolves.toMatchObject({
      error: { code: 5760 },
    })
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('sends calls as one atomic batch for a wallet with EIP-5792, and a failing call takes the batch back', async () => {
    const { page, wallet, errors } = await connected({ eip5792: true })
    await expect(requestOk(page, 'wallet/getCapabilities')).resolves.toMatchObject({
      supported: true,
      atomic: 'supported',
    })
    const to = fresh()
    const before = await tokenBalance(ADDRESS)
    const transfer = (amount: bigint) =>
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
    const sent = await requestOk<{ mode: string; id: string; hashes: Hex[] }>(page, 'wallet/sendCalls', {
      calls: [
        { to, value: '2000' },
        { to: usdc(), data: transfer(1_250_000n) },
      ],
      atomicRequired: true,
    })
    expect(sent.mode).toBe('batch')
    expect(sent.hashes).toHaveLength(2)
    const receipts = await Promise.all(sent.hashes.map((hash) => client(1).getTransactionReceipt({ hash })))
    expect(receipts.map((r) => r.status)).toEqual(['success', 'success'])
    expect(receipts[0].blockNumber).toBe(receipts[1].blockNumber)
    expect(await client(1).getBalance({ address: to })).toBe(2000n)
    expect(await tokenBalance(to)).toBe(1_250_000n)
    expect(await tokenBalance(ADDRESS)).toBe(before - 1_250_000n)
    expect(wallet.log.filter((l) => l.method === 'wallet_sendCalls')).toHaveLength(1)
    expect(wallet.log.some((l) => l.method === 'eth_sendTransaction')).toBe(false)

    // The second call transfers more than the balance: the whole batch is undone, the ETH included.
    const failed = await request(page, 'wallet/sendCalls', {
      calls: [
        { to, value: '3000' },
        { to: usdc(), data: transfer(10n ** 30n) },
      ],
    })
    expect(failed).toMatchObject({ error: { code: 500 } })
    expect(await client(1).getBalance({ address: to })).toBe(2000n)
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('4100 tells the visitor to connect again and keeps the connection; 4900 ends it and Connect shows why (SPEC §8)', async () => {
    const { page, wallet, errors } = await connected()
    await page.getByTestId('account-button').first().click()
    await page.getByTestId('foyer-view-Account').waitFor()

    // The wallet forgot this site without saying so: its answer is 4100, its own error and message.
    wallet.forgetSite()
    const unauthorized = await request(page, 'wallet/signMessage', { message: 'hello' })
    expect(unauthorized).toMatchObject({
      error: { name: 'UnauthorizedError', code: 4100, message: UnauthorizedMessage },
    })
    await expect.poll(() => page.getByTestId('snackbar-message').textContent()).toBe(UnauthorizedMessage)
    expect(await page.getByTestId('foyer-view-Account').isVisible()).toBe(true)

    // Connecting again gives the wallet back; then it loses its chains: 4900 ends the connection here too.
    await page.getByTestId('foyer-header-close').click()
    await page.getByTestId('account-button').first().waitFor()
    await requestOk(page, 'wallet/disconnect', undefined)
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
    await page.getByTestId('account-button').first().waitFor()
    await page.getByTestId('account-button').first().click()
    await page.getByTestId('foyer-view-Account').waitFor()
    wallet.dropConnection()
    const disconnected = await request(page, 'wallet/sendTransaction', { to: fresh(), value: '1' })
    expect(disconnected).toMatchObject({
      error: { name: 'DisconnectedError', code: 4900, message: DisconnectedMessage },
    })
    await page.getByTestId('foyer-view-Connect').waitFor()
    await expect.poll(() => page.getByTestId('snackbar-message').textContent()).toBe(DisconnectedMessage)
    expect(await page.evaluate(() => (window as any).foyer.getState().account.namespaces.eip155?.status)).not.toBe(
      'connected',
    )
    expect(errors).toEqual([])
    await page.context().close()
  })
})
