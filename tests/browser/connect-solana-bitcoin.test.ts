// Connecting Solana (Wallet Standard) and Bitcoin (WBIP004 via sats-connect) test wallets from the Connect view in
// Chromium, signing through the namespaces plugin's `wallet/signMessage`, and verifying every signature here:
// ed25519 for Solana, BIP-137 ECDSA over secp256k1 for Bitcoin. Sign-and-send runs on the wallet's litesvm runtime.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, Page } from 'playwright-core'
import { ed25519 } from '@noble/curves/ed25519'
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { p2wpkh } from '@scure/btc-signer'
import { Keypair, PublicKey } from '@solana/web3.js'
import { address as kitAddress, signature as kitSignature } from '@solana/kit'
import { decodeBase58 } from '../../protocol/base58.js'
import { installSolanaTestWallet } from '../../testing/solana.js'
import { installBitcoinTestWallet } from '../../testing/bitcoin.js'
import { installTestWallet } from '../../testing/eip6963.js'
import type { RunningService } from '../../server/types.js'
import { launchChromium } from './chromium.js'
import { startDemo } from './demo-server.js'

const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const BITCOIN_MAINNET = 'bip122:000000000019d6689c085ae165831e93'
let demo: RunningService
let browser: Browser

beforeAll(async () => {
  demo = await startDemo()
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await demo?.close()
})

async function newPage(
  install: (page: Page) => Promise<void>,
): Promise<{ page: Page; errors: string[]; scripts: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const errors: string[] = []
  const scripts: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  // Which SDK a script chunk is, by a string only that SDK contains (chunk names are hashes).
  page.on('response', async (r) => {
    if (r.request().resourceType() !== 'script') return
    const body = await r.text().catch(() => '')
    scripts.push(
      body.includes('failed to get recent blockhash')
        ? 'web3.js'
        : body.includes('no wallet provider was found')
          ? 'sats-connect'
          : new URL(r.url()).pathname,
    )
  })
  await install(page)
  await page.goto(demo.url)
  await page.getByTestId('connect-button').first().waitFor()
  return { page, errors, scripts }
}
const state = (page: Page) =>
  page.evaluate(() => {
    const s = (window as any).foyer.kernel.getState()
    return { account: s.account, accounts: s.namespaces?.accounts }
  })
const sign = (page: Page, message: string) =>
  page.evaluate((m) => (window as any).foyer.kernel.request('wallet/signMessage', { message: m }), message) as Promise<{
    signature: string
    address: string
  }>
const heavy = (scripts: string[]) => scripts.filter((s) => s === 'web3.js' || s === 'sats-connect')

describe('Solana and Bitcoin wallets', () => {
  it('connects the Solana test wallet from Connect, signs a message (ed25519) and signs-and-sends a transfer on litesvm', async () => {
    const holder: { wallet?: Awaited<ReturnType<typeof installSolanaTestWallet>> } = {}
    const { page, errors, scripts } = await newPage(async (p) => {
      holder.wallet = await installSolanaTestWallet(p)
    })
    const wallet = holder.wallet!
    expect(scripts.filter((s) => /namespaces-/.test(s))).toEqual([])
    expect(heavy(scripts)).toEqual([])

    // A rejection stays on the connecting screen with the message; "Try again" asks the wallet again.
    wallet.rejectNext()
    await page.getByTestId('connect-button').first().click()
    const selector = page.getByTestId(`wallet-selector-${wallet.connectorId}`)
    await expect(selector.textContent()).resolves.toContain('Foyer Solana Test Wallet')
    await selector.click()
    await page.getByTestId('connecting-error').waitFor()
    expect(await page.getByTestId('connecting-error').textContent()).toBe('Connection rejected')

    await page.getByTestId('connecting-retry').click()
    await page.getByTestId('foyer-view-Connect').waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('demo-status').textContent()).toContain(wallet.address)
    const s = await state(page)
    expect(s.account.namespaces.solana).toEqual({
      status: 'connected',
      caipAddress: `${SOLANA_MAINNET}:${wallet.address}`,
      connectorId: wallet.connectorId,
    })
    expect(heavy(scripts)).toEqual([]) // connecting and signing need no SDK

    const message = 'Sign in to Foyer demo\nnonce 8d1f'
    const { signature, address } = await sign(page, message)
    expect(address).toBe(wallet.address)
    expect(
      ed25519.verify(decodeBase58(signature), new TextEncoder().encode(message), new PublicKey(address).toBytes()),
    ).toBe(true)
    expect(
      ed25519.verify(
        decodeBase58(signature),
        new TextEncoder().encode(`${message}!`),
        new PublicKey(address).toBytes(),
      ),
    ).toBe(false)

    // Sign-and-send: the page builds the transfer with web3.js (loaded now), the wallet executes it on litesvm.
    const svm = await wallet.svm()
    const to = Keypair.generate().publicKey
    const sent = (await page.evaluate(
      ([t, bh]) =>
        (window as any).foyer.kernel.request('solana/sendTransfer', { to: t, lamports: 1234567, recentBlockhash: bh }),
      [to.toBase58(), svm.latestBlockhash()] as const,
    )) as { signature: string }
    expect(svm.getBalance(kitAddress(to.toBase58()))).toBe(1234567n)
    expect(svm.getTransaction(kitSignature(sent.signature))).not.toBeNull()
    expect(heavy(scripts)).toEqual(['web3.js'])

    // Reload: a silent standard:connect restores the connection without a click (SPEC §4 reconnect).
    await page.reload()
    await expect.poll(() => page.getByTestId('demo-status').textContent()).toContain(wallet.address)
    expect(wallet.log.filter((l) => l.method === 'connect').at(-1)?.params).toEqual({ silent: true })

    // The wallet revokes access: the page follows (standard:events change with no accounts).
    await wallet.revoke()
    await expect.poll(() => page.getByTestId('demo-status').textContent()).toContain('Not connected')
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('connects the Bitcoin test provider with payment (index 0) and ordinal (index 1) accounts, signs (BIP-137) and rejects', async () => {
    const holder: { wallet?: Awaited<ReturnType<typeof installBitcoinTestWallet>> } = {}
    const { page, errors, scripts } = await newPage(async (p) => {
      holder.wallet = await installBitcoinTestWallet(p)
    })
    const wallet = holder.wallet!
    expect(heavy(scripts)).toEqual([])

    // -32000 (user rejection) stays on the connecting screen with the message; "Try again" connects.
    wallet.rejectNext()
    await page.getByTestId('connect-button').first().click()
    const selector = page.getByTestId(`wallet-selector-${wallet.connectorId}`)
    await expect(selector.textContent()).resolves.toContain('Foyer Bitcoin Test Wallet')
    await selector.click()
    await page.getByTestId('connecting-error').waitFor()
    expect(await page.getByTestId('connecting-error').textContent()).toBe('Connection rejected')

    await page.getByTestId('connecting-retry').click()
    await page.getByTestId('foyer-view-Connect').waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('demo-status').textContent()).toContain(wallet.payment.address)
    const s = await state(page)
    expect(s.account.namespaces.bip122.caipAddress).toBe(`${BITCOIN_MAINNET}:${wallet.payment.address}`)
    expect(s.accounts.bip122).toEqual([
      { address: wallet.payment.address, type: 'payment', publicKey: wallet.payment.publicKey },
      { address: wallet.ordinals.address, type: 'ordinal', publicKey: wallet.ordinals.publicKey },
    ])
    expect(wallet.log.map((l) => l.method).slice(0, 2)).toEqual(['getInfo', 'wallet_connect']) // sats-connect's core request probes getInfo first
    expect(heavy(scripts)).toEqual(['sats-connect'])

    // BIP-137: base64(header ‖ r ‖ s) over sha256d("\x18Bitcoin Signed Message:\n" + varint(len) + message).
    const message = 'Sign in to Foyer demo (bitcoin)'
    const { signature, address } = await sign(page, message)
    expect(address).toBe(wallet.payment.address)
    const bytes = Buffer.from(signature, 'base64')
    expect(bytes.length).toBe(65)
    expect(bytes[0]).toBeGreaterThanOrEqual(39)
    const msg = Buffer.from(message, 'utf8')
    const hash = sha256(
      sha256(Buffer.concat([Buffer.from('\x18Bitcoin Signed Message:\n', 'utf8'), Buffer.from([msg.length]), msg])),
    )
    const sig = secp256k1.Signature.fromCompact(bytes.subarray(1)).addRecoveryBit(bytes[0] - 39)
    const pub = sig.recoverPublicKey(hash).toRawBytes(true)
    expect(p2wpkh(pub).address).toBe(wallet.payment.address)
    expect(secp256k1.verify(bytes.subarray(1), hash, pub)).toBe(true)

    // Reload: wallet_getAccount (no prompt) restores both accounts in order.
    await page.reload()
    await expect.poll(() => page.getByTestId('demo-status').textContent()).toContain(wallet.payment.address)
    expect((await state(page)).accounts.bip122.map((a: { type: string }) => a.type)).toEqual(['payment', 'ordinal'])
    expect(wallet.log.map((l) => l.method)).toContain('wallet_getAccount')
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('refuses a Bitcoin wallet on a chain the page did not request, with the exact SPEC text', async () => {
    const holder: { wallet?: Awaited<ReturnType<typeof installBitcoinTestWallet>> } = {}
    const { page, errors } = await newPage(async (p) => {
      holder.wallet = await installBitcoinTestWallet(p, { network: 'Testnet' })
    })
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(`wallet-selector-${holder.wallet!.connectorId}`).click()
    await page.getByTestId('connecting-error').waitFor()
    expect(await page.getByTestId('connecting-error').textContent()).toBe(
      'The connector does not support any of the requested chains.',
    )
    expect((await state(page)).account.namespaces.bip122?.status).toBe('disconnected')
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('from Networks, a Bitcoin network with only Solana connected asks through SwitchActiveChain and keeps Solana until Bitcoin connects', async () => {
    const holder: {
      solana?: Awaited<ReturnType<typeof installSolanaTestWallet>>
      bitcoin?: Awaited<ReturnType<typeof installBitcoinTestWallet>>
    } = {}
    const { page, errors } = await newPage(async (p) => {
      holder.solana = await installSolanaTestWallet(p)
      holder.bitcoin = await installBitcoinTestWallet(p)
    })
    const { solana, bitcoin } = holder as Required<typeof holder>
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(`wallet-selector-${solana.connectorId}`).click()
    await expect.poll(() => page.getByTestId('demo-status').textContent()).toContain(solana.address)

    await page.getByTestId('account-button').first().click()
    await page.getByTestId('account-network-button').click()
    await page.getByTestId(`network-item-${BITCOIN_MAINNET}`).click()
    // The modal stays open on SwitchActiveChain, and Solana is still the connected, active account (no "logout").
    await page.getByTestId('foyer-view-SwitchActiveChain').waitFor()
    expect(await page.getByTestId('switch-active-chain').textContent()).toContain('Bitcoin')
    expect((await state(page)).account).toMatchObject({
      activeNamespace: 'solana',
      activeCaipNetworkId: SOLANA_MAINNET,
    })
    await expect(page.getByTestId('demo-status').textContent()).resolves.toContain(solana.address)

    // Connect lists the wallets of that namespace only: the Bitcoin wallet, not the Solana one.
    await page.getByTestId('switch-active-chain-connect').click()
    await page.getByTestId('foyer-view-ConnectWallets').waitFor()
    await page.getByTestId(`wallet-selector-${bitcoin.connectorId}`).waitFor()
    expect(await page.getByTestId(`wallet-selector-${solana.connectorId}`).count()).toBe(0)

    // Back out: nothing changed. Then connect it: both namespaces connected, Bitcoin active on the chosen network.
    await page.getByTestId('foyer-header-back').click()
    await page.getByTestId('foyer-view-SwitchActiveChain').waitFor()
    expect((await state(page)).account.activeNamespace).toBe('solana')
    await page.getByTestId('switch-active-chain-connect').click()
    await page.getByTestId(`wallet-selector-${bitcoin.connectorId}`).click()
    await page.getByTestId('foyer-view-ConnectingExternal').waitFor({ state: 'detached' })
    await expect.poll(async () => (await state(page)).account.activeNamespace).toBe('bip122')
    const s = await state(page)
    expect(s.account.activeCaipNetworkId).toBe(BITCOIN_MAINNET)
    expect(s.account.namespaces.solana.status).toBe('connected')
    expect(s.account.namespaces.bip122.status).toBe('connected')
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('one wallet installed for EVM, Solana and Bitcoin is one MULTI_CHAIN row: the visitor picks the chain, and that namespace connects', async () => {
    const NAME = 'Foyer Multi Wallet'
    const holder: {
      solana?: Awaited<ReturnType<typeof installSolanaTestWallet>>
      bitcoin?: Awaited<ReturnType<typeof installBitcoinTestWallet>>
    } = {}
    const { page, errors } = await newPage(async (p) => {
      await installTestWallet(p, {
        privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
        chains: [{ chainId: 1, rpcUrl: 'http://127.0.0.1:1' }],
        info: { name: NAME, rdns: 'dev.foyer.multiwallet' },
      })
      holder.solana = await installSolanaTestWallet(p, { name: NAME })
      holder.bitcoin = await installBitcoinTestWallet(p, { name: NAME })
    })
    const { solana, bitcoin } = holder as Required<typeof holder>
    const ids = ['dev.foyer.multiwallet', solana.connectorId, bitcoin.connectorId]
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('connect-wallets').waitFor()
    // SPEC §3 MULTI_CHAIN: one row for the three announcements, under the id of whichever was found first.
    const rows = () =>
      page
        .getByTestId('connect-wallets')
        .locator('[data-testid^="wallet-selector-"]')
        .evaluateAll((els) => els.map((e) => [e.getAttribute('data-testid')!.slice(16), e.textContent ?? '']))
    await expect.poll(async () => (await rows()).filter(([id]) => ids.includes(id)).length).toBe(1)
    const [[rowId, text]] = (await rows()).filter(([id]) => ids.includes(id))
    expect(text).toContain(NAME)
    expect((await rows()).filter(([, t]) => t.includes(NAME))).toHaveLength(1)

    // Its row asks which chain first, naming every namespace the wallet serves; nothing connects yet.
    await page.getByTestId(`wallet-selector-${rowId}`).click()
    await page.getByTestId('connecting-multi-chain').waitFor()
    const options = await page
      .getByTestId('connecting-multi-chain')
      .locator('[data-testid^="multi-chain-"]')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-testid'), e.textContent]))
    expect(options.map(([id]) => id).sort()).toEqual(['multi-chain-bip122', 'multi-chain-eip155', 'multi-chain-solana'])
    expect(Object.fromEntries(options)).toMatchObject({ 'multi-chain-eip155': 'EVM', 'multi-chain-solana': 'Solana' })
    expect((await state(page)).account.namespaces).toEqual({})
    // Back returns to the list; then Solana: the Solana connector connects, and only it.
    await page.getByTestId('foyer-header-back').click()
    await page.getByTestId(`wallet-selector-${rowId}`).click()
    await page.getByTestId('multi-chain-solana').click()
    await expect.poll(() => page.getByTestId('demo-status').textContent()).toContain(solana.address)
    const s = await state(page)
    expect(s.account.namespaces).toEqual({
      solana: {
        status: 'connected',
        caipAddress: `${SOLANA_MAINNET}:${solana.address}`,
        connectorId: solana.connectorId,
      },
    })
    expect(errors).toEqual([])
    await page.context().close()
  })
})
