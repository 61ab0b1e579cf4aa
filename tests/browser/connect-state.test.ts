// Connection-state rules in Chromium against anvil: reconnect off, multi-wallet off and on, an unsupported chain,
// and a switch to a network id that is not configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { privateKeyToAccount } from 'viem/accounts'
import { startChains, type LocalChains } from '../../server/chains/index.js'
import type { RunningService } from '../../server/types.js'
import { installTestWallet, TestWalletRdns, type InstallTestWalletOptions, type TestWallet } from '../../testing.js'
import { launchChromium } from './chromium.js'
import { startDemo } from './demo-server.js'

const KEY = '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6' as const
const ADDRESS = privateKeyToAccount(KEY).address
let chains: LocalChains
let browser: Browser
const demos: RunningService[] = []
const rpc = (id: number) => chains.chains.find((c) => c.chainId === id)!.rpcUrl

beforeAll(async () => {
  chains = await startChains({ chains: [{ chainId: 1 }, { chainId: 8453 }] })
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  for (const d of demos) await d.close()
  await chains?.close()
})

async function open(
  options: Record<string, unknown>,
  wallet: Partial<InstallTestWalletOptions> = {},
  stored?: Record<string, unknown>,
): Promise<{ page: Page; wallet: TestWallet; errors: string[] }> {
  const demo = await startDemo({
    chains: chains.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })),
    options,
  })
  demos.push(demo)
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const w = await installTestWallet(page, {
    privateKey: KEY,
    chains: [
      { chainId: 1, rpcUrl: rpc(1) },
      { chainId: 8453, rpcUrl: rpc(8453) },
    ],
    ...wallet,
  })
  if (stored) {
    await page.addInitScript((entries) => {
      if (sessionStorage.getItem('seeded')) return
      sessionStorage.setItem('seeded', '1')
      for (const [k, v] of Object.entries(entries)) localStorage.setItem(`@foyer/${k}`, JSON.stringify(v))
    }, stored)
  }
  await page.goto(demo.url)
  await page.getByTestId('connect-button').first().waitFor()
  return { page, wallet: w, errors }
}
const status = (page: Page) => page.getByTestId('demo-status').textContent()
const request = (page: Page, name: string, input?: unknown) =>
  page.evaluate(
    ([n, i]) =>
      (window as any).foyer.kernel.request(n, i).then(
        (r: unknown) => ({ r }),
        (e: Error) => ({ e: e.message }),
      ),
    [name, input] as const,
  )
const connect = async (page: Page, id: string) => {
  await request(page, 'wallet/connect', { connectorId: id })
}

describe('connection state', () => {
  it('reconnect off: a stored session is ended at start and the page starts disconnected', async () => {
    const { page, wallet, errors } = await open(
      { enableReconnect: false },
      {},
      { connected_namespaces: ['eip155'], connector_ids: { eip155: TestWalletRdns } },
    )
    await expect.poll(() => wallet.log.some((l) => l.method === 'wallet_revokePermissions')).toBe(true)
    expect(wallet.log.some((l) => l.method === 'eth_accounts')).toBe(false)
    expect(await status(page)).toContain('Not connected')
    await expect.poll(() => page.evaluate(() => localStorage.getItem('@foyer/connected_namespaces'))).toBeNull()
    expect(await page.evaluate(() => (window as any).foyer.getState().account.namespaces.eip155?.status)).toBe(
      'disconnected',
    )
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('multi-wallet off: list, switch and delete answer an info alert and an empty result', async () => {
    const { page, errors } = await open({})
    await connect(page, TestWalletRdns)
    await expect.poll(() => status(page)).toContain(ADDRESS)
    expect(await request(page, 'connections/list')).toEqual({ r: [] })
    expect(await page.evaluate(() => (window as any).foyer.getState().alert)).toMatchObject({
      open: true,
      variant: 'info',
      code: 'MULTI_WALLET_NOT_ENABLED',
    })
    await request(page, 'connections/delete', { namespace: 'eip155', connectorId: TestWalletRdns })
    expect(await status(page)).toContain(ADDRESS)
    // The wallets view lists only the active connector's connection.
    await page.evaluate(() => (window as any).foyer.open({ view: 'ProfileWallets' }))
    await page.getByTestId(`profile-wallet-${TestWalletRdns}`).waitFor()
    expect(await page.getByTestId('profile-wallets').locator('[data-status]').count()).toBe(1)
    await expect(page.getByTestId('alert-message').textContent()).resolves.toContain(
      'Multi-wallet support is not enabled',
    )
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('multi-wallet on: two wallets listed, switching the active one, disconnecting one keeps the modal open', async () => {
    const { page, errors } = await open({ features: { multiWallet: true } })
    await connect(page, TestWalletRdns)
    await connect(page, 'dev.foyer.wallet')
    const list = (await request(page, 'connections/list')) as { r: Array<{ connectorId: string; status: string }> }
    expect(list.r.map((c) => [c.connectorId, c.status])).toEqual([
      ['dev.foyer.wallet', 'connected'],
      [TestWalletRdns, 'active'],
    ])
    await page.evaluate(() => (window as any).foyer.open({ view: 'ProfileWallets' }))
    await page.getByTestId(`profile-wallet-switch-${TestWalletRdns}`).click()
    await expect.poll(() => status(page)).toContain(ADDRESS)
    await expect(page.getByTestId(`profile-wallet-${TestWalletRdns}`).getAttribute('data-status')).resolves.toBe(
      'connected',
    )
    await page.getByTestId(`profile-wallet-disconnect-${TestWalletRdns}`).click()
    await page.getByTestId(`profile-wallet-${TestWalletRdns}`).waitFor({ state: 'detached' })
    await page.getByTestId('foyer-view-ProfileWallets').waitFor()
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('an unsupported chain from the wallet opens UnsupportedChain; choosing a network switches and closes it', async () => {
    const { page, wallet, errors } = await open(
      {},
      {
        chains: [
          { chainId: 31337, rpcUrl: rpc(1) },
          { chainId: 1, rpcUrl: rpc(1) },
        ],
      },
    )
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
    await page.getByTestId('foyer-view-UnsupportedChain').waitFor()
    expect(await page.evaluate(() => (window as any).foyer.getState().namespaces.unsupportedCaipNetworkId)).toBe(
      'eip155:31337',
    )
    // SPEC §2 SwitchNetwork: the switch waits for the wallet; a refusal says so there and offers to try again.
    wallet.rejectNext()
    await page.getByTestId('network-item-eip155:1').click()
    await page.getByTestId('foyer-view-SwitchNetwork').waitFor()
    await expect.poll(() => page.getByTestId('switch-network-retry').textContent()).toBe('Try again')
    expect(await page.getByTestId('switch-network').textContent()).toContain('Switch declined')
    expect(wallet.chainId()).toBe(31337)
    await page.getByTestId('switch-network-retry').click()
    await expect.poll(() => wallet.chainId()).toBe(1)
    // Choosing shows the switch in progress (SwitchNetwork), then the modal closes once the network is supported.
    await page.getByTestId('foyer-modal').waitFor({ state: 'detached' })
    await expect.poll(() => status(page)).toContain('eip155:1')
    await expect
      .poll(() => page.evaluate(() => window.foyer.getState().namespaces?.unsupportedCaipNetworkId ?? null))
      .toBeNull()
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('allowUnsupportedChain keeps the view closed; a switch to an unknown id shows switch-network-not-found', async () => {
    const { page, errors } = await open(
      { allowUnsupportedChain: true },
      { chains: [{ chainId: 31337, rpcUrl: rpc(1) }] },
    )
    await connect(page, TestWalletRdns)
    await expect
      .poll(() => page.evaluate(() => (window as any).foyer.getState().namespaces.unsupportedCaipNetworkId))
      .toBe('eip155:31337')
    expect(await page.getByTestId('foyer-view-UnsupportedChain').count()).toBe(0)
    const result = await page.evaluate(() =>
      (window as any).foyer.switchNetwork('eip155:999').then(
        () => 'ok',
        (e: Error) => e.message,
      ),
    )
    expect(result).toMatch(/not found/i)
    expect(await page.evaluate(() => (window as any).foyer.getState().alert)).toMatchObject({
      open: true,
      variant: 'error',
      message: expect.stringContaining('not in the configured'),
    })
    await page.getByTestId('connect-button').or(page.getByTestId('account-button')).first().click()
    await expect(page.getByTestId('alert-message').textContent()).resolves.toContain(
      'not in the configured `networks` list',
    )
    expect(errors).toEqual([])
    await page.context().close()
  })
})
