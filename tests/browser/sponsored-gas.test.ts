// Sponsored gas in the embedded wallet (issue 36): the demo's project has sponsorship on (every other setting at its
// default: smart accounts, 0.01 ETH of gas per address per day). The approval screen says who pays; a sponsored
// transfer takes only its value from the account and its gas from the paymaster's EntryPoint deposit; with the day's
// budget spent the screen says so, the visitor pays, and an account without ETH is refused with the reason.
// A connected smart-account wallet reporting ERC-7677 `paymasterService` gets the project's paymaster URL with the
// swap's approve + swap batch (wallet_sendCalls) and pays no gas; a project without sponsorship passes no paymaster.
import { describe, expect, it } from 'vitest'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  http,
  parseAbi,
  parseEther,
  parseUnits,
  type Address,
  type Hex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { DEV_WALLET_PRIVATE_KEY } from '../../server/chains/dev-wallet.js'
import { anvilClients } from '../../server/chains/seed.js'
import { defaultConfig } from '../../server/config.js'
import { accountAbstractionAddresses } from '../../server/contracts/account-abstraction.js'
import { installTestWallet, TestWalletRdns, type TestWallet } from '../../testing.js'
import { browserFixture } from './fixture.js'
import { clickInFrame, WALLET_FRAME, emailLogin, openDemo, request } from './pages.js'

const PROJECT = defaultConfig().demoProjectId
const stack = browserFixture({
  services: ['api', 'chains', 'secureSite', 'mailbox', 'paymaster'],
  chains: [1],
  demo: { devWallet: false },
  config: {
    secureSite: { port: 0, kekFile: 'secure-site.kek', mailbox: { port: 0, smtpPort: 0 } },
    projects: { [PROJECT]: { name: 'Acme Games', sponsorship: { enabled: true } } },
  },
})

const FRAME = WALLET_FRAME
const rpcUrl = () => stack.services.need('chains').chains[0].rpcUrl
const pub = () => createPublicClient({ transport: http(rpcUrl()) })
const anvil = () => createTestClient({ mode: 'anvil', transport: http(rpcUrl()) })
const deposit = () => {
  const { entryPoint, paymaster } = stack.services.need('paymaster').sponsor.chains[0]
  return pub().readContract({ address: entryPoint, abi: entryPoint08Abi, functionName: 'balanceOf', args: [paymaster] })
}

describe('sponsored gas through the embedded wallet (product defaults: smart account)', () => {
  it('"Gas paid by Acme Games"; over budget the visitor is told and pays, or is refused without ETH', async () => {
    const { page } = await openDemo(stack)
    await emailLogin(page, stack.services.need('mailbox').url, 'sponsored@example.com')
    const account = (await page.evaluate(() => window.foyer.getState().account.namespaces.eip155?.caipAddress))!.split(
      ':',
    )[2] as Address
    expect(await page.evaluate(() => window.foyer.getState().auth?.user?.accountType)).toBe('smartAccount')
    await anvil().setBalance({ address: account, value: parseEther('1') })
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const frame = page.frameLocator(FRAME)
    const send = (value: bigint) =>
      request<{ hash: Hex }>(page, 'wallet/sendTransaction', { to: receiver, value: value.toString() })

    // sponsored: the screen names the sponsor; the account loses only the value, the deposit pays the gas
    const before = await deposit()
    const first = send(parseEther('0.1'))
    const text = async (testid: string) => {
      await frame.getByTestId(testid).waitFor()
      return frame.getByTestId(testid).textContent()
    }
    expect(await text('gas-sponsor')).toBe('Gas paid by Acme Games')
    await clickInFrame(page, 'approve-button')
    const sent = await first
    expect(sent).toMatchObject({ ok: { hash: expect.stringMatching(/^0x/) } })
    expect(await pub().getBalance({ address: account })).toBe(parseEther('0.9'))
    expect(await pub().getBalance({ address: receiver })).toBe(parseEther('0.1'))
    expect(await deposit()).toBeLessThan(before)

    // the day's budget (the default 0.01 ETH) spent: the screen says so and the visitor pays
    const store = stack.services.need('store').store
    await store.query(`UPDATE paymaster_spend SET spent_wei = $2::numeric WHERE address = $1`, [
      account.toLowerCase(),
      (10n ** 16n).toString(),
    ])
    const spentDeposit = await deposit()
    const second = send(parseEther('0.1'))
    expect(await text('gas-sponsor-note')).toMatch(
      /^Acme Games has paid all the gas it pays for this account today.*You pay the gas of this transaction\.$/,
    )
    await clickInFrame(page, 'approve-button')
    expect(await second).toMatchObject({ ok: { hash: expect.stringMatching(/^0x/) } })
    expect(await pub().getBalance({ address: account })).toBeLessThan(parseEther('0.8'))
    expect(await deposit()).toBe(spentDeposit)

    // no ETH left to pay with: refused, and the message says why
    await anvil().setBalance({ address: account, value: 0n })
    const third = send(0n)
    await frame.getByTestId('gas-sponsor-note').waitFor()
    await clickInFrame(page, 'approve-button')
    const refused = await third
    expect(refused).toMatchObject({ error: { message: expect.stringMatching(/daily budget.*holds 0 wei/) } })
    await page.context().close()
  })
})

describe('sponsored gas for a connected wallet with ERC-7677 paymasterService', () => {
  it('the swap batch carries the project paymaster URL and the account pays no gas; off for another project', async () => {
    const ownerKey = generatePrivateKey()
    const owner = privateKeyToAccount(ownerKey).address
    const { accountFactory: factory } = await accountAbstractionAddresses()
    const account = await pub().readContract({
      address: factory,
      abi: parseAbi(['function getAddress(address owner, uint256 salt) view returns (address)']),
      functionName: 'getAddress',
      args: [owner, 0n],
    })
    // the owner's EOA submits handleOps (the EntryPoint pays it back); the account holds 1 ETH and 25 USDC
    await anvil().setBalance({ address: owner, value: parseEther('1') })
    await anvil().setBalance({ address: account, value: parseEther('1') })
    const token = (symbol: string) =>
      stack.services.need('chains').chains[0].tokens.find((t) => t.symbol === symbol)!.address as Address
    const tokens = (symbol: string) =>
      pub().readContract({ address: token(symbol), abi: erc20Abi, functionName: 'balanceOf', args: [account] })
    const { chain, transport } = anvilClients(rpcUrl(), 1)
    const dev = createWalletClient({ chain, transport, account: privateKeyToAccount(DEV_WALLET_PRIVATE_KEY) })
    await pub().waitForTransactionReceipt({
      hash: await dev.writeContract({
        address: token('USDC'),
        abi: erc20Abi,
        functionName: 'transfer',
        args: [account, parseUnits('25', 6)],
      }),
    })
    const connect = async (url: string) => {
      let wallet: TestWallet | undefined
      const { page } = await openDemo(
        stack,
        async (p) => {
          wallet = await installTestWallet(p, {
            privateKey: ownerKey,
            smartAccount: account,
            chains: [{ chainId: 1, rpcUrl: rpcUrl() }],
            paymasterService: { factory },
          })
        },
        url,
      )
      await page.getByTestId('connect-button').first().click()
      await page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
      await page.getByTestId('account-button').first().waitFor()
      const batches = () =>
        wallet!.log
          .filter((l) => l.method === 'wallet_sendCalls')
          .map((l) => (l.params as Array<{ capabilities?: Record<string, unknown> }>)[0])
      return { page, batches }
    }

    // approve + swap in one batch: the wallet gets the project's own paymaster URL, and the gas comes off the deposit
    const { page, batches } = await connect(stack.demo.url)
    const args = { fromToken: 'USDC', toToken: 'DAI', amount: '25' }
    await page.evaluate((a) => window.foyer.open({ view: 'Swap', arguments: a }), args)
    await page.getByTestId('swap-quote').waitFor()
    expect(await page.getByTestId('swap-button').textContent()).toBe('Approve USDC and swap')
    const before = { deposit: await deposit(), dai: await tokens('DAI') }
    await page.getByTestId('swap-button').click()
    // polled as success or the view's message (the modal is in a shadow root: Playwright's locators reach it)
    const outcome = async () =>
      (await page.getByTestId('swap-success').count())
        ? 'success'
        : ((await page.getByTestId('swap-error').allTextContents())[0] ?? 'pending')
    await expect.poll(outcome, { timeout: 30_000 }).toBe('success')
    expect(await tokens('USDC')).toBe(0n)
    expect(await tokens('DAI')).toBeGreaterThan(before.dai)
    expect(await pub().getBalance({ address: account })).toBe(parseEther('1'))
    expect(await deposit()).toBeLessThan(before.deposit)
    const sent = batches()
    expect(sent).toHaveLength(1)
    expect(Object.keys(sent[0].capabilities ?? {})).toEqual(['paymasterService'])
    const url = new URL((sent[0].capabilities!.paymasterService as { url: string }).url)
    expect(`${url.origin}${url.pathname}`).toBe(`${stack.services.need('api').url}/v1/paymaster`)
    expect(url.searchParams.get('projectId')).toBe(PROJECT)
    await page.context().close()

    // a project that does not sponsor (product default): no paymasterService, and the account pays its own gas
    const off = await connect((await stack.startDemo({ projectId: 'cd'.repeat(16) })).url)
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const unsponsored = await request(off.page, 'wallet/sendCalls', {
      caipNetworkId: 'eip155:1',
      calls: [{ to: receiver, value: '1000' }],
    })
    expect(unsponsored).toMatchObject({ ok: { mode: 'batch' } })
    expect(off.batches()).toHaveLength(1)
    expect(off.batches()[0].capabilities).toBeUndefined()
    expect(await pub().getBalance({ address: receiver })).toBe(1000n)
    expect(await pub().getBalance({ address: account })).toBeLessThan(parseEther('1') - 1000n)
    await off.page.context().close()
  })
})
