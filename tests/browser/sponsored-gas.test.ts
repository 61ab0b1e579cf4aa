// Sponsored gas in the embedded wallet (issue 36): the demo's project has sponsorship on (every other setting at its
// default: smart accounts, 0.01 ETH of gas per address per day). The approval screen says who pays; a sponsored
// transfer takes only its value from the account and its gas from the paymaster's EntryPoint deposit; with the day's
// budget spent the screen says so, the visitor pays, and an account without ETH is refused with the reason.
import { describe, expect, it } from 'vitest'
import { createPublicClient, createTestClient, http, parseEther, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { defaultConfig } from '../../server/config.js'
import { browserFixture } from './fixture.js'
import { emailLogin, openDemo, request } from './pages.js'

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

const FRAME = 'iframe[data-testid="foyer-wallet-frame"]'
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
    await frame.getByTestId('approve-button').click()
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
    await frame.getByTestId('approve-button').click()
    expect(await second).toMatchObject({ ok: { hash: expect.stringMatching(/^0x/) } })
    expect(await pub().getBalance({ address: account })).toBeLessThan(parseEther('0.8'))
    expect(await deposit()).toBe(spentDeposit)

    // no ETH left to pay with: refused, and the message says why
    await anvil().setBalance({ address: account, value: 0n })
    const third = send(0n)
    await frame.getByTestId('gas-sponsor-note').waitFor()
    await frame.getByTestId('approve-button').click()
    const refused = await third
    expect(refused).toMatchObject({ error: { message: expect.stringMatching(/daily budget.*holds 0 wei/) } })
    await page.context().close()
  })
})
