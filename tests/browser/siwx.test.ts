// Sign in with X in Chromium against the project's server (server-backed config, sign-in required): the injected EVM,
// Solana and Bitcoin test wallets sign in, the server verifies each and answers a JWT this test checks against the
// JWKS with jose; a reload keeps the session; a network without one asks again; Cancel goes back or disconnects; an
// ERC-1271 smart account signs in; the siwx chunk downloads only where sign-in is configured.
import { createRemoteJWKSet, jwtVerify } from 'jose'
import type { Page } from 'playwright-core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { deploySignInAccountFactory } from '../../server/siwx/accounts.js'
import { installBitcoinTestWallet } from '../../testing/bitcoin.js'
import { installSolanaTestWallet } from '../../testing/solana.js'
import { createWalletConnectTestWallet, installTestWallet, TestWalletRdns } from '../../testing.js'
import { browserFixture } from './fixture.js'
import { openDemo } from './pages.js'

const ProjectId = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'
const stack = browserFixture({
  services: ['api', 'relay', 'chains'],
  chains: [1, 8453],
  demo: { devWallet: false, siwx: { config: 'server', required: true } },
})
const chains = () => stack.services.need('chains').chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl }))
const apiUrl = () => stack.services.need('api').url

const open = (url: string, install: (page: Page) => Promise<void>) => openDemo(stack, install, url)
const state = (page: Page) => page.evaluate(() => (window as any).foyer.getState())
const status = (page: Page) => page.getByTestId('demo-status').textContent()
const signView = (page: Page) => page.getByTestId('foyer-view-SIWXSignMessage')
// A reload reconnects the wallet and finds the stored session: nothing asks.
async function reloadKeepsSession(page: Page, address: string) {
  await page.reload()
  await expect.poll(() => status(page)).toContain(address)
  await expect.poll(async () => (await state(page)).account.sessionCount).toBe(1)
  expect((await state(page)).modal.open).toBe(false)
}
const sessionsOf = (page: Page, chainId: string, address: string) =>
  page.evaluate(([c, a]) => (window as any).foyer.options.siwx.getSessions(c, a), [
    chainId,
    address,
  ] as const) as Promise<Array<{ token: string; message: string; data: { chainId: string; accountAddress: string } }>>

// The token a host backend would receive: checked against the server's JWKS, and alive on the server.
async function checkToken(token: string, chainId: string, address: string) {
  const jwks = createRemoteJWKSet(new URL('/.well-known/jwks.json', apiUrl()))
  const { payload, protectedHeader } = await jwtVerify(token, jwks, { audience: ProjectId, issuer: apiUrl() })
  expect(protectedHeader.alg).toBe('ES256')
  expect(payload.sub).toBe(`${chainId}:${address}`)
  const current = await fetch(`${apiUrl()}/v1/siwx/sessions/current`, { headers: { authorization: `Bearer ${token}` } })
  expect(current.status).toBe(200)
}

// The pairing URI the modal shows (its QR code), once the relay handed it out.
async function pairingUri(page: Page): Promise<string> {
  const read = () => page.evaluate(() => (window as any).foyer.getState().namespaces?.walletConnect?.uri as string)
  await expect.poll(read, { timeout: 20_000 }).toMatch(/^wc:/)
  return read()
}

async function signIn(page: Page) {
  await signView(page).waitFor()
  await page.getByTestId('siwx-sign-button').click()
  await signView(page).waitFor({ state: 'detached' })
  await expect.poll(async () => (await state(page)).modal.open).toBe(false)
}

describe('Sign in with X (server-backed, required)', () => {
  it('injected EVM wallet: signs in, keeps the session over a reload, asks again on a network without one', async () => {
    const key = generatePrivateKey()
    const address = privateKeyToAccount(key).address
    const holder: { wallet?: Awaited<ReturnType<typeof installTestWallet>> } = {}
    const { page, errors, scripts } = await open(stack.demo.url, async (p) => {
      holder.wallet = await installTestWallet(p, { privateKey: key, chains: chains() })
    })
    const wallet = holder.wallet!
    // Configured: the plugin's chunk is there from the start.
    await expect.poll(() => scripts.some((s) => /\/siwx-[^/]+\.js$/.test(s))).toBe(true)

    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
    await signView(page).waitFor()
    // Required and no session: closing is refused (SPEC §2).
    await page.getByTestId('foyer-header-close').click()
    expect((await state(page)).modal.open).toBe(true)
    await expect(signView(page).isVisible()).resolves.toBe(true)

    // A refusal in the wallet: the view stays with the error; signing again works.
    wallet.rejectNext()
    await page.getByTestId('siwx-sign-button').click()
    await expect.poll(() => page.getByTestId('siwx-error').textContent()).toMatch(/^Error signing message/)
    await signIn(page)
    const [session] = await sessionsOf(page, 'eip155:1', address)
    expect(session.message).toMatch(/ wants you to sign in with your Ethereum account:\n/)
    await checkToken(session.token, 'eip155:1', address)
    expect(wallet.log.filter((l) => l.method === 'personal_sign')).toHaveLength(2)

    await reloadKeepsSession(page, address)

    // Base has no session: asked again. Cancel (required) returns to Ethereum, where the session is.
    await page.evaluate(() => (window as any).foyer.switchNetwork('eip155:8453'))
    await signView(page).waitFor()
    await page.getByTestId('siwx-cancel-button').click()
    await signView(page).waitFor({ state: 'detached' })
    await expect.poll(() => status(page)).toContain('eip155:1')
    expect(wallet.chainId()).toBe(1)
    expect(await status(page)).toContain('Connected')

    // On Base again, signing adds Base's session.
    await page.evaluate(() => (window as any).foyer.switchNetwork('eip155:8453'))
    await signIn(page)
    await checkToken((await sessionsOf(page, 'eip155:8453', address))[0].token, 'eip155:8453', address)
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('cancel without any session disconnects; a page without siwx never downloads the chunk', async () => {
    const { page } = await open(stack.demo.url, async (p) => {
      await installTestWallet(p, { privateKey: generatePrivateKey(), chains: chains() })
    })
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
    await signView(page).waitFor()
    await page.getByTestId('siwx-cancel-button').click()
    await expect.poll(() => status(page)).toContain('Not connected')
    expect((await state(page)).modal.open).toBe(false)
    await page.context().close()

    const plain = await stack.startDemo({ devWallet: false, siwx: undefined })
    const other = await open(plain.url, async (p) => {
      await installTestWallet(p, { privateKey: generatePrivateKey(), chains: chains() })
    })
    await other.page.getByTestId('connect-button').first().click()
    await other.page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
    await other.page.getByTestId('account-button').first().waitFor()
    await expect.poll(async () => (await state(other.page)).modal.open).toBe(false)
    await other.page.waitForLoadState('networkidle')
    expect(other.scripts.some((s) => /\/namespaces-[^/]+\.js$/.test(s))).toBe(true)
    expect(other.scripts.filter((s) => /siwx|\/(server|local)-[^/]+\.js$/.test(s))).toEqual([])
    await other.page.context().close()
  })

  it('the local config: verified in the browser, kept in its storage over a reload, nothing sent to a server', async () => {
    const local = await stack.startDemo({ siwx: { config: 'local', required: true } })
    const key = generatePrivateKey()
    const address = privateKeyToAccount(key).address
    const { page, errors } = await open(local.url, async (p) => {
      await installTestWallet(p, { privateKey: key, chains: chains() })
    })
    const apiCalls: string[] = []
    page.on('request', (r) => {
      if (r.url().startsWith(apiUrl())) apiCalls.push(r.url())
    })
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
    await signIn(page)
    const stored = await page.evaluate(() => localStorage.getItem('@foyer/siwx_sessions'))
    expect(JSON.parse(stored!)).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ accountAddress: address }) }),
    ])
    await reloadKeepsSession(page, address)
    // Base has no session: asked again, still without a server.
    await page.evaluate(() => (window as any).foyer.switchNetwork('eip155:8453'))
    await signView(page).waitFor()
    expect(apiCalls.filter((u) => u.includes('/siwx/'))).toEqual([])
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('an ERC-1271 smart account signs in: the server checks isValidSignature on the chain', async () => {
    const ownerKey = generatePrivateKey()
    const owner = privateKeyToAccount(ownerKey)
    const factory = await deploySignInAccountFactory(chains()[0].rpcUrl)
    const account = await factory.deploy(owner.address, `0x${'7'.repeat(64)}`)
    const { page, errors } = await open(stack.demo.url, async (p) => {
      await installTestWallet(p, { privateKey: ownerKey, chains: chains(), smartAccount: account })
    })
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
    await signIn(page)
    const [session] = await sessionsOf(page, 'eip155:1', account)
    await checkToken(session.token, 'eip155:1', account)
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('a WalletConnect wallet signs in with one-click auth through the relay; one that ignores it connects, then signs', async () => {
    const relayUrl = stack.services.need('relay').url
    const wallet = await createWalletConnectTestWallet({
      relayUrl,
      projectId: ProjectId,
      privateKey: generatePrivateKey(),
      chains: chains(),
    })
    const { page, errors } = await open(stack.demo.url, async () => undefined)
    try {
      await page.getByTestId('connect-button').first().click()
      await page.getByTestId('wallet-selector-walletConnect').click()
      await wallet.pair(await pairingUri(page))
      await expect.poll(() => status(page), { timeout: 20_000 }).toContain(wallet.address)
      await expect.poll(async () => (await state(page)).account.sessionCount, { timeout: 10_000 }).toBe(1)
      // One prompt: the wallet signed the sign-in while approving the session; nothing asked afterwards.
      expect(wallet.log.map((l) => l.method)).toEqual(['authentication'])
      expect(await signView(page).count()).toBe(0)
      const [session] = await sessionsOf(page, 'eip155:1', wallet.address)
      expect(session.message).toBe(wallet.log[0].params)
      await checkToken(session.token, 'eip155:1', wallet.address)
      expect(errors).toEqual([])
    } finally {
      await page.context().close()
      await wallet.close()
    }

    const older = await createWalletConnectTestWallet({
      relayUrl,
      projectId: ProjectId,
      privateKey: generatePrivateKey(),
      chains: chains(),
      oneClickAuth: false,
    })
    const other = await open(stack.demo.url, async () => undefined)
    try {
      await other.page.getByTestId('connect-button').first().click()
      await other.page.getByTestId('wallet-selector-walletConnect').click()
      await older.pair(await pairingUri(other.page))
      await signIn(other.page)
      expect(older.log.map((l) => l.method)).toEqual(['personal_sign'])
      await checkToken((await sessionsOf(other.page, 'eip155:1', older.address))[0].token, 'eip155:1', older.address)
    } finally {
      await other.page.context().close()
      await older.close()
    }
  })

  it('Solana: solana:signIn connects and signs in with one prompt, a wallet without it connects then signs; Bitcoin (BIP-137)', async () => {
    const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
    for (const signInFeature of [true, false]) {
      const sol: { wallet?: Awaited<ReturnType<typeof installSolanaTestWallet>> } = {}
      const s = await open(stack.demo.url, async (p) => {
        sol.wallet = await installSolanaTestWallet(p, { signIn: signInFeature })
      })
      const wallet = sol.wallet!
      await s.page.getByTestId('connect-button').first().click()
      await s.page.getByTestId(`wallet-selector-${wallet.connectorId}`).click()
      if (signInFeature) {
        await expect.poll(async () => (await state(s.page)).account.sessionCount, { timeout: 10_000 }).toBe(1)
        expect(await signView(s.page).count()).toBe(0)
        expect(wallet.log.map((l) => l.method)).toEqual(['signIn'])
      } else {
        await signIn(s.page)
        expect(wallet.log.map((l) => l.method)).toEqual(['connect', 'signMessage'])
      }
      await expect.poll(() => status(s.page)).toContain(wallet.address)
      const [solSession] = await sessionsOf(s.page, solana, wallet.address)
      expect(solSession.message).toMatch(/ wants you to sign in with your Solana account:\n/)
      await checkToken(solSession.token, solana, wallet.address)
      expect(s.errors).toEqual([])
      await s.page.context().close()
    }

    const btc: { wallet?: Awaited<ReturnType<typeof installBitcoinTestWallet>> } = {}
    const b = await open(stack.demo.url, async (p) => {
      btc.wallet = await installBitcoinTestWallet(p)
    })
    await b.page.getByTestId('connect-button').first().click()
    await b.page.getByTestId(`wallet-selector-${btc.wallet!.connectorId}`).click()
    await signIn(b.page)
    const bitcoin = 'bip122:000000000019d6689c085ae165831e93'
    const address = btc.wallet!.payment.address
    const [btcSession] = await sessionsOf(b.page, bitcoin, address)
    expect(btcSession.message).toMatch(/ wants you to sign in with your Bitcoin account:\n/)
    await checkToken(btcSession.token, bitcoin, address)
    expect(b.errors).toEqual([])
    await b.page.context().close()
  })
})
