// Connection-state rules in Chromium against anvil: reconnect off, multi-wallet off and on, a host's own wallet and
// per-connector status, initialized, SPEC §8 errors, an unsupported chain, and a switch to an unconfigured network id.
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
  more: { demo?: Record<string, unknown>; install?: (page: Page) => Promise<unknown> } = {},
): Promise<{ page: Page; wallet: TestWallet; errors: string[]; logs: string[] }> {
  const demo = await startDemo({
    chains: chains.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })),
    options,
    ...more.demo,
  })
  demos.push(demo)
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
  const errors: string[] = []
  const logs: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => logs.push(m.text()))
  await more.install?.(page)
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
  return { page, wallet: w, errors, logs }
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
    // SPEC §4: the ended connection stays listed as disconnected (until removed); the modal stays open.
    await expect
      .poll(() => page.getByTestId(`profile-wallet-${TestWalletRdns}`).getAttribute('data-status'))
      .toBe('disconnected')
    await page.getByTestId(`profile-wallet-disconnect-${TestWalletRdns}`).click()
    await page.getByTestId(`profile-wallet-${TestWalletRdns}`).waitFor({ state: 'detached' })
    await page.getByTestId('foyer-view-ProfileWallets').waitFor()
    expect(errors).toEqual([])
    await page.context().close()
  })

  it("a host's own wallet: listed in the external tier, connects; each connector's status shows as it switches", async () => {
    const HOST = 'acme.host.wallet'
    const hostKey = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as const
    const hostAddress = privateKeyToAccount(hostKey).address
    const { page, errors } = await open({ features: { multiWallet: true } }, {}, undefined, {
      demo: { hostConnectors: [{ id: HOST, name: 'Acme Wallet', global: 'acmeWallet' }] },
      install: (p) =>
        installTestWallet(p, {
          privateKey: hostKey,
          chains: [{ chainId: 1, rpcUrl: rpc(1) }],
          announce: false,
          global: 'acmeWallet',
        }),
    })
    // SPEC §3: an EXTERNAL connector; SPEC §9: after the installed wallets, in the external tier.
    await page.getByTestId('connect-button').first().click()
    const row = page.getByTestId(`wallet-selector-${HOST}`)
    await row.waitFor()
    const rows = await page
      .getByTestId('connect-wallets')
      .locator('[data-testid^="wallet-selector-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))
    expect(rows.indexOf(`wallet-selector-${HOST}`)).toBeGreaterThan(rows.indexOf(`wallet-selector-${TestWalletRdns}`))
    expect(rows.indexOf(`wallet-selector-${TestWalletRdns}`)).toBeGreaterThan(-1)
    expect(await row.textContent()).toContain('This site')
    expect(await page.evaluate((id) => window.foyer.getState().connectors.list.find((c) => c.id === id), HOST)).toEqual(
      { id: HOST, name: 'Acme Wallet', type: 'EXTERNAL', namespace: 'eip155' },
    )
    await row.click()
    await expect.poll(() => status(page)).toContain(hostAddress)

    // A second wallet connects: the host's stays known as active; switching and disconnecting show in the list.
    await connect(page, TestWalletRdns)
    await expect.poll(() => status(page)).toContain(ADDRESS)
    await page.evaluate(() => window.foyer.open({ view: 'ProfileWallets' }))
    const statusOf = (id: string) => page.getByTestId(`profile-wallet-${id}`).getAttribute('data-status')
    await expect.poll(() => statusOf(HOST)).toBe('active')
    expect(await statusOf(TestWalletRdns)).toBe('connected')
    await page.getByTestId(`profile-wallet-disconnect-${TestWalletRdns}`).click()
    await expect.poll(() => statusOf(TestWalletRdns)).toBe('disconnected')
    expect(await page.getByTestId(`profile-wallet-${TestWalletRdns}`).textContent()).toContain('Disconnected')
    expect(await statusOf(HOST)).toBe('active')
    // SPEC §4: a disconnected connection reconnects through its external connector (the wallet is asked again).
    await page.getByTestId(`profile-wallet-switch-${TestWalletRdns}`).click()
    await expect.poll(() => status(page)).toContain(ADDRESS)
    await page.evaluate(() => window.foyer.open({ view: 'ProfileWallets' }))
    await expect.poll(() => statusOf(TestWalletRdns)).toBe('connected')
    expect(await statusOf(HOST)).toBe('active')
    // SPEC §8: a connection the list does not know has no status to switch from.
    expect(await request(page, 'connections/switch', { namespace: 'eip155', connectorId: 'nobody' })).toEqual({
      e: 'Invalid connection status: no connection of nobody in eip155',
    })
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('initialized: set once the stored connection is restored, read and followed by the page', async () => {
    const { page, logs, errors } = await open({})
    const inits = () => logs.filter((l) => l.startsWith('[demo] Foyer initialized'))
    // A first visit has nothing to restore: initialized, disconnected.
    await expect.poll(inits).toEqual(['[demo] Foyer initialized: disconnected'])
    await connect(page, TestWalletRdns)
    await expect.poll(() => status(page)).toContain(ADDRESS)
    await page.reload()
    // The page subscribed (foyer.subscribeInitialized) and read the state then: the restore had already settled.
    await expect.poll(inits).toEqual(['[demo] Foyer initialized: disconnected', '[demo] Foyer initialized: connected'])
    await expect(page.getByTestId('demo-initialized').getAttribute('data-initialized')).resolves.toBe('true')
    // SPEC §4 order: options, adapters, reconnect; the remote steps and the modal wait for the visitor's intent.
    expect(await page.evaluate(() => window.foyer.getState().initialization)).toEqual({
      initialized: true,
      steps: ['options', 'adapters', 'reconnect'],
    })
    // The first opening runs the rest in order (no API here: local features; so no origin answer either).
    await page.evaluate(() => window.foyer.open())
    expect(await page.evaluate(() => window.foyer.getState().initialization.steps)).toEqual([
      'options',
      'adapters',
      'reconnect',
      'remoteFeatures',
      'modal',
    ])
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('SPEC §8: "No auth connector found" without email and social; "Address or auth connector not found"', async () => {
    const { page, errors } = await open({ features: { email: false, socials: false } })
    expect(await request(page, 'auth/updateEmail', { email: 'someone@example.com' })).toEqual({
      e: 'No auth connector found',
    })
    expect(await request(page, 'names/register', { name: 'alice' })).toEqual({
      e: 'Address or auth connector not found',
    })
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
