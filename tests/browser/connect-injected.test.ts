// Connecting a real (test) EIP-6963 wallet in Chromium against anvil chains 1 and 8453 and the project's API:
// one-click connect, address, personal_sign, balance, chain switches (incl. the add-chain path), a 4001 rejection, reload, disconnect.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { verifyMessage, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { installTestWallet, TestWalletRdns, type TestWallet } from '../../testing.js'
import { browserFixture } from './fixture.js'

const KEY = '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6' as const
const ADDRESS = privateKeyToAccount(KEY).address
const stack = browserFixture({ services: ['api', 'chains'], chains: [1, 8453], fund: [ADDRESS] })
const rpc = (id: number) => stack.services.need('chains').chains.find((c) => c.chainId === id)!.rpcUrl

const selector = `wallet-selector-${TestWalletRdns}`
const short = `${ADDRESS.slice(0, 4)}…${ADDRESS.slice(-4)}`
const expectedBalance = async (chainId: number) => {
  const body = (await (
    await fetch(`${stack.services.need('api').url}/v1/balances/${ADDRESS}?chainId=eip155:${chainId}`)
  ).json()) as {
    balances: Array<{ type: string; quantity: { numeric: string } }>
  }
  const [int, frac = ''] = body.balances.find((b) => b.type === 'NATIVE')!.quantity.numeric.split('.')
  // Grouped as the visitor's locale (Chromium's en-US here) writes it, with SPEC's 3 decimals, truncated.
  return `${BigInt(int).toLocaleString('en-US')}.${frac.slice(0, 3).padEnd(3, '0')} ETH`
}
const status = (page: Page) => page.getByTestId('demo-status').textContent()

async function newPage(
  wallet: Parameters<typeof installTestWallet>[1],
): Promise<{ page: Page; wallet: TestWallet; errors: string[]; urls: string[] }> {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const errors: string[] = []
  const urls: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('request', (r) => urls.push(r.url()))
  const w = await installTestWallet(page, wallet)
  await page.goto(stack.demo.url)
  await page.getByTestId('connect-button').first().waitFor()
  return { page, wallet: w, errors, urls }
}

describe('connect an injected EIP-6963 wallet', () => {
  it('connects in one click, shows address and balance, switches chains, reloads connected, disconnects', async () => {
    const { page, wallet, errors, urls } = await newPage({
      privateKey: KEY,
      chains: [
        { chainId: 1, rpcUrl: rpc(1) },
        { chainId: 8453, rpcUrl: rpc(8453) },
      ],
    })
    const loadedBeforeClick = [...urls]
    // No adapter chunk, no SDK and no API call before the first intent (DESIGN §5); the client bundle has no viem at all.
    // The one request to the API is the network button's logo: a static image from the operator's own server.
    expect(loadedBeforeClick.filter((u) => /namespaces-|wallets-|viem|\/v1\//.test(u))).toEqual([
      `${stack.services.need('api').url}/v1/icons/networks/eip155:1`,
    ])

    // One click connects; the modal closes and the account button shows 0x12…abcd.
    await page.getByTestId('connect-button').first().click()
    await expect(page.getByTestId(selector).textContent()).resolves.toContain('Foyer Test Wallet')
    // SPEC §9: an injected wallet was found, so the wallet method comes before email and social
    const methods = await page
      .locator('[data-testid^="connect-method-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))
    expect(methods[0]).toBe('connect-method-wallet')
    expect(methods).toContain('connect-method-email')
    await page.getByTestId(selector).click()
    await page.getByTestId('foyer-view-Connect').waitFor({ state: 'detached' })
    await expect(page.getByTestId('account-button').first().textContent()).resolves.toContain(short)
    expect(await status(page)).toContain(ADDRESS)

    // Signing goes through the wallet's personal_sign; the signature verifies here, in the test process.
    const message = 'Foyer sign-in ✓'
    const signed = (await page.evaluate(
      (m) => (window as any).foyer.kernel.request('wallet/signMessage', { message: m }),
      message,
    )) as { signature: Hex; address: Hex }
    expect(signed.address).toBe(ADDRESS)
    expect(await verifyMessage({ address: ADDRESS, message, signature: signed.signature })).toBe(true)

    await page.getByTestId('account-button').first().click()
    await page.getByTestId('foyer-view-Account').waitFor()
    await expect(page.getByTestId('account-address').getAttribute('title')).resolves.toBe(ADDRESS)
    await page.getByTestId('account-balance').waitFor()
    expect(await page.getByTestId('account-balance').textContent()).toBe(await expectedBalance(1))

    // Switch to Base through the Networks view, then back to Ethereum through the host API.
    await page.getByTestId('account-network-button').click()
    await page.getByTestId('network-item-eip155:8453').click()
    await page.getByTestId('foyer-view-Account').waitFor()
    await expect.poll(() => wallet.chainId()).toBe(8453)
    await expect.poll(() => status(page)).toContain('eip155:8453')
    await expect.poll(() => page.getByTestId('account-balance').textContent()).toBe(await expectedBalance(8453))
    await page.evaluate(() => (window as any).foyer.switchNetwork('eip155:1'))
    await expect.poll(() => wallet.chainId()).toBe(1)
    await expect.poll(() => status(page)).toContain('eip155:1')

    // A rejected switch leaves the chain as it was, with the reason shown.
    wallet.rejectNext()
    await page.getByTestId('account-network-button').click()
    await page.getByTestId('network-item-eip155:8453').click()
    await page.getByTestId('networks-error').waitFor()
    expect(wallet.chainId()).toBe(1)
    await page.keyboard.press('Escape')

    // Reload: the wallet still grants eth_accounts, so the page comes back connected without a click.
    await page.reload()
    await expect(page.getByTestId('account-button').first().textContent()).resolves.toContain(short)
    expect(await status(page)).toContain('eip155:1')

    await page.getByTestId('account-button').first().click()
    await page.getByTestId('disconnect-button').click()
    await page.getByTestId('connect-button').first().waitFor()
    await page.reload()
    await page.getByTestId('connect-button').first().waitFor()
    expect(await status(page)).toContain('Not connected')
    expect(errors).toEqual([])
    await page.context().close()
  })

  it("a 4001 rejection shows the error on the connecting screen and 'Try again' reconnects", async () => {
    const { page, wallet, errors } = await newPage({ privateKey: KEY, chains: [{ chainId: 1, rpcUrl: rpc(1) }] })
    wallet.rejectNext()
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(selector).click()
    // The refusal stays on the wallet's connecting screen, styled as an error, with "Try again".
    const screen = page.getByTestId('foyer-view-ConnectingExternal')
    await screen.getByTestId('connecting-error').waitFor()
    await expect(screen.getByTestId('connecting-error').textContent()).resolves.toBe('Connection rejected')
    await expect(screen.textContent()).resolves.toContain('Connection declined')
    const colors = await screen.getByTestId('connecting-error').evaluate((el) => {
      const host = el.getRootNode() as ShadowRoot
      const probe = host.querySelector('.fy-root') ?? el
      return { text: getComputedStyle(el).color, error: getComputedStyle(probe).getPropertyValue('--fy-error').trim() }
    })
    expect(colors.error).not.toBe('')
    expect(colors.text).toBe(
      await page.evaluate((c) => {
        const d = document.createElement('div')
        d.style.color = c
        document.body.append(d)
        const rgb = getComputedStyle(d).color
        d.remove()
        return rgb
      }, colors.error),
    )
    expect(await page.getByTestId('foyer-view-Connect').count()).toBe(0)

    // "Try again" asks the wallet again; this time it approves and the modal closes connected.
    await screen.getByTestId('connecting-retry').click()
    await page.getByTestId('foyer-view-ConnectingExternal').waitFor({ state: 'detached' })
    await expect(page.getByTestId('account-button').first().textContent()).resolves.toContain(short)
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('adds a chain the wallet lacks (4902 → wallet_addEthereumChain) and follows wallet-side changes', async () => {
    const { page, wallet, errors } = await newPage({
      privateKey: KEY,
      chains: [{ chainId: 1, rpcUrl: rpc(1) }],
      addableChains: [{ chainId: 8453, rpcUrl: rpc(8453) }],
    })
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(selector).click()
    await page.getByTestId('account-button').first().waitFor()
    await page.evaluate(() => (window as any).foyer.switchNetwork('eip155:8453'))
    expect(wallet.chainId()).toBe(8453)
    const add = wallet.log.find((l) => l.method === 'wallet_addEthereumChain')!.params as any[]
    expect(add[0]).toEqual({
      chainId: '0x2105',
      chainName: 'Base',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      // The demo passes the local chains as customRpcUrls (SPEC §3), so the wallet is told the local RPC.
      rpcUrls: [rpc(8453)],
      blockExplorerUrls: ['https://basescan.org'],
      // SPEC §7 lists iconUrls: Base's logo as the project's API serves it.
      iconUrls: [`${stack.services.need('api').url}/v1/icons/networks/eip155:8453`],
    })
    await expect.poll(() => status(page)).toContain('eip155:8453')
    // The person switches in the wallet itself, then revokes access: the page follows both.
    await wallet.switchChain(1)
    await expect.poll(() => status(page)).toContain('eip155:1')
    await wallet.revoke()
    await page.getByTestId('connect-button').first().waitFor()
    expect(errors).toEqual([])
    await page.context().close()
  })
})
