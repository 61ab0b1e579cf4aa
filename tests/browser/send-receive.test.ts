// Send and Receive in Chromium against the project's stack: an injected test wallet sends 0.5 ETH and 12.345 USDC on
// anvil to a fresh address (viem reads the receiver's exact balances; the sender's Activity lists both with "-"), the
// SPEC §5 messages, a bad checksum, an amount above the balance and a refusal (4001) each shown before anything is
// sent; a WalletConnect wallet (WalletKit through the project's relay) does the same, the ETH to a registered name, and
// its Bitcoin account meets "Unsupported chain"; the Solana test wallet sends 1.25 SOL and 2.5 USDC (SPL) on the local
// Solana node (balances read over RPC); Receive shows the address, its QR and networks; a de-DE visitor types "0,01"
// and sends 0.01 ETH (issue 32).
import { Connection, Keypair, PublicKey } from '@solana/web3.js'
import type { Page } from 'playwright-core'
import { createPublicClient, erc20Abi, getAddress, http, parseEther, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { LOCAL_SPL_MINT } from '../../server/solana/seed.js'
import { SOLANA_DEV_WALLET_SECRET_KEY } from '../../server/solana/keys.js'
import {
  createWalletConnectTestWallet,
  installSolanaTestWallet,
  installTestWallet,
  TestWalletRdns,
} from '../../testing.js'
import { browserFixture } from './fixture.js'
import { openDemo, registerNameWithKey, requestOk } from './pages.js'

const KEY = '0x4f3edf983ac636a65a842ce7c78d9aa706d3b113bce9c46f30d7d21715b23b1d' as const
const ADDRESS = privateKeyToAccount(KEY).address
const WC_KEY = generatePrivateKey()
const WC_ADDRESS = privateKeyToAccount(WC_KEY).address
const TRIP_KEY = generatePrivateKey()
const TRIP_ADDRESS = privateKeyToAccount(TRIP_KEY).address
const DE_KEY = generatePrivateKey()
const EXPLORER = 'https://etherscan.example'
const BITCOIN = 'bip122:000000000019d6689c085ae165831e93'
const stack = browserFixture({
  services: ['api', 'chains', 'indexer', 'relay', 'solana'],
  chains: [1],
  fund: [ADDRESS, WC_ADDRESS, TRIP_ADDRESS, privateKeyToAccount(DE_KEY).address],
})
const chain = () => stack.services.need('chains').chains[0]
const client = () => createPublicClient({ transport: http(chain().rpcUrl, { retryCount: 0 }) })
const usdc = () => chain().tokens.find((t) => t.symbol === 'USDC')!.address as Address
const fresh = () => privateKeyToAccount(generatePrivateKey()).address

async function openSend(page: Page) {
  await page.getByTestId('account-button').first().click()
  await page.getByTestId('account-action-send').click()
  await page.getByTestId('foyer-view-WalletSend').waitFor()
}

/** The modal on Account (as reopening it shows it). */
async function openAccount(page: Page) {
  await page.evaluate(() => (window as any).foyer.open({ view: 'Account' }))
  await page.getByTestId('foyer-view-Account').waitFor()
}

/** From the open Account view to Send. */
async function openSendFromAccount(page: Page) {
  await page.getByTestId('account-action-send').click()
  await page.getByTestId('foyer-view-WalletSend').waitFor()
}

const api = (path: string) => fetch(`${stack.services.need('api').url}${path}`).then((r) => r.json()) as Promise<any>

async function fill(page: Page, symbol: string | undefined, amount: string, receiver: string) {
  if (symbol) {
    await page.getByTestId('send-token-select').click()
    await page.getByTestId(`send-token-item-${symbol}`).click()
  }
  await page.getByTestId('send-amount-input').fill(amount)
  await page.getByTestId('send-address-input').fill(receiver)
}

const errorText = (page: Page) => page.getByTestId('send-error').textContent()

async function previewRefused(page: Page, message: string) {
  await page.getByTestId('send-preview-button').click()
  await expect.poll(() => errorText(page)).toBe(message)
  expect(await page.getByTestId('send-confirm-button').count()).toBe(0)
}

/** The Account's Activity tab lists `amounts` (it loads again on each opening; the indexer follows the chain). */
async function activityLists(page: Page, amounts: string[]): Promise<void> {
  const shown = async () => {
    await page.keyboard.press('Escape')
    await page
      .getByTestId('foyer-modal')
      .waitFor({ state: 'detached' })
      .catch(() => undefined)
    await page.getByTestId('account-button').first().click()
    await page.getByTestId('account-tab-activity').click()
    await page.getByTestId('account-panel-activity').waitFor()
    await page.locator('[data-testid="activity-amount"], [data-testid="activity-empty"]').first().waitFor()
    return page.getByTestId('activity-amount').allTextContents()
  }
  await expect.poll(shown, { timeout: 60_000, interval: 1_000 }).toEqual(expect.arrayContaining(amounts))
}

async function confirmed(page: Page): Promise<string> {
  await page.getByTestId('send-confirm-button').click()
  await page.getByTestId('send-success').waitFor({ timeout: 60_000 })
  // the form resets
  expect(await page.getByTestId('send-amount-input').inputValue()).toBe('')
  // the hash reads shortened; the whole of it is its title (and what its copy button copies)
  return (await page.getByTestId('send-tx-hash').getAttribute('title'))!
}

describe('Send and Receive', () => {
  it('sends 0.5 ETH and 12.345 USDC from an injected wallet; refuses each bad form and a 4001 before sending', async () => {
    let wallet: Awaited<ReturnType<typeof installTestWallet>> | undefined
    const { page, errors, scripts } = await openDemo(stack, async (p) => {
      wallet = await installTestWallet(p, { privateKey: KEY, chains: [{ chainId: 1, rpcUrl: chain().rpcUrl }] })
    })
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
    await page.getByTestId('account-button').first().waitFor()
    expect(scripts.filter((s) => /\/(send|receive)-/.test(s))).toEqual([])
    await openSend(page)
    expect(scripts.filter((s) => /\/send-/.test(s)).length).toBe(1)
    expect(scripts.filter((s) => /\/receive-/.test(s))).toEqual([])

    // SPEC §5 messages, in the order a visitor meets them
    await previewRefused(page, 'A token is required')
    await page.getByTestId('send-token-select').click()
    const items = await page
      .locator('[data-testid^="send-token-item-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')))
    expect(items[0]).toBe('send-token-item-ETH') // native first
    await page.getByTestId('send-token-item-ETH').click()
    await previewRefused(page, 'An amount and receiver address are required')

    const to = getAddress(fresh())
    const at = to.slice(2).search(/[a-fA-F]/) + 2
    const badChecksum =
      to.slice(0, at) +
      (to[at] === to[at].toUpperCase() ? to[at].toLowerCase() : to[at].toUpperCase()) +
      to.slice(at + 1)
    await fill(page, undefined, '0.5', badChecksum)
    await previewRefused(page, 'This address has an invalid checksum: check it, or enter it in lowercase')
    await fill(page, undefined, '0.5', 'not-an-address')
    await previewRefused(page, 'Enter a valid address: 40 hexadecimal digits, with or without 0x')
    await fill(page, undefined, '1000000', to)
    await previewRefused(page, 'Insufficient ETH balance')

    // a refusal in the wallet returns to the preview with its message; nothing was sent
    await fill(page, undefined, '0.5', to.toLowerCase())
    await page.getByTestId('send-preview-button').click()
    await expect.poll(() => page.getByTestId('send-preview-fee').textContent()).toMatch(/^0\.0\d* ETH/)
    expect(await page.getByTestId('send-preview-to').textContent()).toBe(`${to.slice(0, 6)}…${to.slice(-4)}`)
    expect(await page.getByTestId('send-preview-to').getAttribute('title')).toBe(to)
    wallet!.rejectNext()
    await page.getByTestId('send-confirm-button').click()
    await expect.poll(() => errorText(page)).toBe('You rejected the request in your wallet.')
    await page.getByTestId('send-confirm-button').waitFor()
    expect(await client().getBalance({ address: to })).toBe(0n)

    const ethHash = await confirmed(page)
    expect(ethHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await page.getByTestId('send-explorer-link').count()).toBe(0)
    expect(await client().getBalance({ address: to })).toBe(parseEther('0.5'))

    // the token list refreshed through the send's event: ETH shows the balance after the send
    const ethLeft = await client().getBalance({ address: ADDRESS })
    const [int, frac] = [ethLeft / 10n ** 18n, (ethLeft % 10n ** 18n).toString().padStart(18, '0').slice(0, 3)]
    await page.getByTestId('send-token-select').click()
    await expect
      .poll(() => page.getByTestId('send-token-item-ETH').textContent())
      .toContain(`${int.toLocaleString('en-US')}.${frac}`)
    await page.getByTestId('send-token-item-USDC').click()

    const usdcBefore = await client().readContract({
      address: usdc(),
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [ADDRESS],
    })
    await fill(page, undefined, '12.345', to)
    await page.getByTestId('send-preview-button').click()
    expect(await page.getByTestId('send-preview-amount').textContent()).toBe('12.345 USDC')
    await confirmed(page)
    const read = (owner: Address) =>
      client().readContract({ address: usdc(), abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
    expect(await read(to)).toBe(12_345_000n)
    expect(await read(ADDRESS)).toBe(usdcBefore - 12_345_000n)
    await activityLists(page, ['-0.500 ETH', '-12.345 USDC'])
    // a local anvil network without an explorer URL: no explorer link anywhere
    expect(await page.getByTestId('activity-explorer-link').count()).toBe(0)

    // Receive: the address as text and QR, copy with a snackbar, the EVM networks it works on
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    await page
      .getByTestId('foyer-back-button')
      .click()
      .catch(() => undefined)
    await page.evaluate(() => (window as any).foyer.open({ view: 'WalletReceive' }))
    await page.getByTestId('foyer-view-WalletReceive').waitFor()
    expect(await page.getByTestId('receive-address').textContent()).toBe(ADDRESS)
    expect(await page.getByTestId('receive-qr').locator('path').getAttribute('d')).toMatch(/^M/)
    const networks = await page.getByTestId('receive-networks').locator('li').allTextContents()
    expect(networks).toContain('Ethereum')
    expect(networks).not.toContain('Solana')
    await page.getByTestId('receive-copy').click()
    await expect.poll(() => page.getByText('Address copied').count()).toBeGreaterThan(0)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ADDRESS)
    expect(errors).toEqual([])
  })

  it('a visitor whose browser speaks de-DE types "0,01" ETH and sends 0.01 ETH (issue 32)', async () => {
    const { page, errors } = await openDemo(
      stack,
      (p) =>
        installTestWallet(p, { privateKey: DE_KEY, chains: [{ chainId: 1, rpcUrl: chain().rpcUrl }] }).then(
          () => undefined,
        ),
      undefined,
      { locale: 'de-DE' },
    )
    expect(await page.evaluate(() => navigator.language)).toBe('de-DE')
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
    await page.getByTestId('account-button').first().waitFor()
    await openSend(page)
    const to = getAddress(fresh())
    await fill(page, 'ETH', '0,01', to)
    await page.getByTestId('send-preview-button').click()
    // the preview or a refusal, whichever comes: the old code refused "0,01" as not a number
    await page.locator('[data-testid="send-preview-amount"], [data-testid="send-error"]').first().waitFor()
    expect(await page.getByTestId('send-error').allTextContents()).toEqual([])
    expect(await page.getByTestId('send-preview-amount').textContent()).toBe('0,01 ETH')
    expect(await page.evaluate(() => (window as any).foyer.getState().send.review.amount)).toBe(
      parseEther('0.01').toString(),
    )
    await confirmed(page)
    expect(await client().getBalance({ address: to })).toBe(parseEther('0.01'))
    expect(errors).toEqual([])
  })

  it('sends 0.5 ETH to a name and 12.345 USDC from a WalletConnect wallet; its Bitcoin account is unsupported', async () => {
    const wallet = await createWalletConnectTestWallet({
      relayUrl: stack.services.need('relay').url,
      projectId: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
      privateKey: WC_KEY,
      chains: [{ chainId: 1, rpcUrl: chain().rpcUrl }],
      bitcoin: true,
    })
    try {
      const { page, errors } = await openDemo(stack)
      await page.getByTestId('connect-button').first().click()
      await page.getByTestId('wallet-selector-walletConnect').click()
      await page.getByTestId('qr-code').waitFor()
      await wallet.pair(await page.evaluate(() => (window as any).foyer.kernel.getState().namespaces.walletConnect.uri))
      await page.getByTestId('account-button').first().waitFor()

      // ETH to a name the API resolves (names/resolve), then USDC to the address; the wallet confirms each over the relay
      const receiverKey = generatePrivateKey()
      const to = privateKeyToAccount(receiverKey).address
      const label = `snd${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
      expect(await registerNameWithKey(stack.services.need('api').url, label, receiverKey)).toBe(201)
      await openSend(page)
      await fill(page, 'ETH', '0.5', `${label}.foyer.id`)
      await page.getByTestId('send-preview-button').click()
      await expect
        .poll(() => page.getByTestId('send-preview-to').textContent())
        .toBe(`${label}.foyer.id (${to.slice(0, 6)}…${to.slice(-4)})`)
      expect(await page.getByTestId('send-preview-to').getAttribute('title')).toBe(to)
      await confirmed(page)
      expect(await client().getBalance({ address: to })).toBe(parseEther('0.5'))
      expect(wallet.log.filter((l) => l.method === 'eth_sendTransaction')).toHaveLength(1)

      await fill(page, 'USDC', '12.345', to)
      await page.getByTestId('send-preview-button').click()
      expect(await page.getByTestId('send-preview-amount').textContent()).toBe('12.345 USDC')
      await confirmed(page)
      const balanceOf = (owner: Address) =>
        client().readContract({ address: usdc(), abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
      expect(await balanceOf(to)).toBe(12_345_000n)
      await activityLists(page, ['-0.500 ETH', '-12.345 USDC'])

      // the session's Bitcoin account: no Send action, and the view says "Unsupported chain"
      await requestOk(page, 'network/switch', { caipNetworkId: BITCOIN })
      await page.getByTestId('foyer-view-Account').waitFor()
      await expect.poll(() => page.getByTestId('account-network-button').textContent()).toContain('Bitcoin')
      expect(await page.getByTestId('account-action-send').count()).toBe(0)
      await page.evaluate(() => (window as any).foyer.open({ view: 'WalletSend' }))
      await expect.poll(() => errorText(page)).toBe('Unsupported chain')
      expect(errors).toEqual([])
    } finally {
      await wallet.close()
    }
  })

  it('sends 1.25 SOL and 2.5 USDC (SPL) with the Solana test wallet on the local Solana node', async () => {
    const node = stack.services.need('solana')
    let wallet: Awaited<ReturnType<typeof installSolanaTestWallet>> | undefined
    const { page, errors } = await openDemo(stack, async (p) => {
      wallet = await installSolanaTestWallet(p, { secretKey: SOLANA_DEV_WALLET_SECRET_KEY, rpcUrl: node.url })
    })
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(`wallet-selector-${wallet!.connectorId}`).click()
    await page.getByTestId('foyer-view-Connect').waitFor({ state: 'detached' })
    await openSend(page)
    const connection = new Connection(node.url)
    const to = Keypair.generate().publicKey

    await fill(page, 'SOL', '1.25', 'O0l-not-base58')
    await previewRefused(page, 'Enter a valid Solana address: 32 to 44 base58 characters')
    await fill(page, undefined, '1.25', to.toBase58())
    await page.getByTestId('send-preview-button').click()
    await expect.poll(() => page.getByTestId('send-preview-fee').textContent()).toMatch(/^0\.000005 SOL/)
    await confirmed(page)
    expect(await connection.getBalance(to)).toBe(1_250_000_000)

    await fill(page, 'USDC', '2.5', to.toBase58())
    await page.getByTestId('send-preview-button').click()
    // the receiver has no USDC account yet: its rent is part of the fee
    await expect.poll(() => page.getByTestId('send-preview-fee').textContent()).toMatch(/^0\.00204\d* SOL/)
    await confirmed(page)
    const accounts = await connection.getParsedTokenAccountsByOwner(to, { mint: new PublicKey(LOCAL_SPL_MINT) })
    expect(accounts.value.map((a) => a.account.data.parsed.info.tokenAmount.amount)).toEqual(['2500000'])
    expect(errors).toEqual([])
  })
})

// Issue 33, "what a visitor trips on": a phone-width visitor on a network with an explorer swaps, approves and sends.
describe('after a swap, an approval and a send', () => {
  // 3 decimals cut, grouped as the en-US test browser does
  const cut3 = (wei: bigint) =>
    `${(wei / 10n ** 18n).toLocaleString('en-US')}.${(wei % 10n ** 18n).toString().padStart(18, '0').slice(0, 3)}`
  const overflows = (page: Page, testId: string) =>
    page.getByTestId(testId).evaluate((el) => {
      const box = el.getBoundingClientRect()
      return el.scrollWidth > el.clientWidth + 1 || box.right > window.innerWidth || box.left < 0
    })

  it('the header balance follows, Activity says what each was with explorer links, Send fits 360 px, the host toasts', async () => {
    const demo = await stack.startDemo({
      options: {
        networks: [
          {
            caipNetworkId: 'eip155:1',
            name: 'Ethereum',
            chainNamespace: 'eip155',
            nativeSymbol: 'ETH',
            explorerUrl: EXPLORER,
          },
        ],
      },
    })
    const { page, errors } = await openDemo(
      stack,
      (p) =>
        installTestWallet(p, { privateKey: TRIP_KEY, chains: [{ chainId: 1, rpcUrl: chain().rpcUrl }] }).then(
          () => undefined,
        ),
      demo.url,
      { viewport: { width: 360, height: 740 } },
    )
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
    // the host's subscription to transaction statuses (SPEC notifications: loading, success, error)
    await page.evaluate(() => {
      const w = window as any
      w.statuses = []
      w.foyer.subscribeTransactions?.((t: { kind: string; status: string }) => w.statuses.push(`${t.kind}:${t.status}`))
    })
    const statuses = () => page.evaluate(() => (window as any).statuses as string[])
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId(`wallet-selector-${TestWalletRdns}`).click()
    await page.getByTestId('account-button').first().click()
    const header = () => page.getByTestId('account-balance').textContent()
    await expect.poll(header).toBe(`${cut3(await client().getBalance({ address: TRIP_ADDRESS }))} ETH`)

    // item 7: a swap of 0.1 ETH → USDC; back on Account the header agrees with the chain and with the Ether row
    await page.evaluate(() =>
      (window as any).foyer.open({ view: 'Swap', arguments: { fromToken: 'ETH', toToken: 'USDC', amount: '0.1' } }),
    )
    await page.getByTestId('swap-quote').waitFor()
    await page.getByTestId('swap-button').click()
    await page.getByTestId('swap-success').waitFor({ timeout: 60_000 })
    const swapHash = await page.evaluate(() => (window as any).foyer.getState().swap.success.hashes.at(-1) as string)
    await openAccount(page)
    const afterSwap = `${cut3(await client().getBalance({ address: TRIP_ADDRESS }))} ETH`
    await expect.poll(header, { timeout: 10_000 }).toBe(afterSwap)
    await page.getByTestId('account-tab-tokens').click()
    await expect.poll(() => page.getByTestId('token-item-ETH').textContent()).toContain(afterSwap)
    // the host page toasted the swap
    await expect.poll(() => page.getByTestId('demo-toast').getAttribute('data-status')).toBe('success')
    expect(await page.getByTestId('demo-toast').textContent()).toMatch(/^Swapped 0\.1 ETH → USDC · 0x[0-9a-f]{4}…/)

    // an approval then a token swap: 25 USDC → DAI
    await page.evaluate(() =>
      (window as any).foyer.open({ view: 'Swap', arguments: { fromToken: 'USDC', toToken: 'DAI', amount: '25' } }),
    )
    await page.getByTestId('swap-approve-button').click()
    await page.getByTestId('swap-approve-button').waitFor({ state: 'detached', timeout: 60_000 })
    const approveHash = await page.evaluate(
      () =>
        (window as any).foyer.kernel
          .log()
          .events.filter((e: any) => e.type === 'swap/approved')
          .at(-1).payload.hash as string,
    )
    await page.getByTestId('swap-button').click()
    await page.getByTestId('swap-success').waitFor({ timeout: 60_000 })
    const tokenSwapHash = await page.evaluate(
      () => (window as any).foyer.getState().swap.success.hashes.at(-1) as string,
    )

    // item 9: Send at 360 px — the real token logo, the receiver shortened in the middle (whole in its title), a fee
    // with a few significant digits, a short hash with copy and explorer link; the host's toast follows it
    await openAccount(page)
    await openSendFromAccount(page)
    const logo = (await api(`/v1/balances/${TRIP_ADDRESS}?chainId=eip155:1`)).balances.find(
      (b: any) => b.metadata.symbol === 'USDC',
    ).metadata.iconUrl as string
    await page.getByTestId('send-token-select').click()
    expect(await page.getByTestId('send-token-item-USDC').locator('img').getAttribute('src')).toBe(logo)
    await page.getByTestId('send-token-item-ETH').click()
    const to = getAddress(fresh())
    await fill(page, undefined, '0.01', to)
    await page.getByTestId('send-preview-button').click()
    const shownTo = page.getByTestId('send-preview-to')
    await expect.poll(() => shownTo.textContent()).toBe(`${to.slice(0, 6)}…${to.slice(-4)}`)
    expect(await shownTo.getAttribute('title')).toBe(to)
    expect(await overflows(page, 'send-preview')).toBe(false)
    const fee = (await page.getByTestId('send-preview-fee').textContent())!
    const digits = /^(0\.0*|)(\d+?)0* ETH/.exec(fee.replace(/,/g, ''))
    expect(digits, fee).not.toBeNull()
    expect(digits![2].replace('.', '').length, fee).toBeLessThanOrEqual(4)
    await page.getByTestId('send-confirm-button').click()
    await expect.poll(() => page.getByTestId('demo-toast').getAttribute('data-status')).toMatch(/loading|success/)
    await page.getByTestId('send-success').waitFor({ timeout: 60_000 })
    const sendHash = (await page.getByTestId('send-tx-hash').getAttribute('title'))!
    expect(sendHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await page.getByTestId('send-tx-hash').textContent()).toBe(`${sendHash.slice(0, 6)}…${sendHash.slice(-4)}`)
    expect(await page.getByTestId('send-explorer-link').getAttribute('href')).toBe(`${EXPLORER}/tx/${sendHash}`)
    expect(await overflows(page, 'send-success')).toBe(false)
    await page.getByTestId('send-copy-hash').click()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sendHash)
    await expect.poll(() => page.getByTestId('demo-toast').getAttribute('data-status')).toBe('success')
    expect(await page.getByTestId('demo-toast').textContent()).toContain(
      `${sendHash.slice(0, 6)}…${sendHash.slice(-4)}`,
    )
    expect(await statuses()).toEqual(
      expect.arrayContaining(['swap:loading', 'swap:success', 'approve:success', 'send:loading', 'send:success']),
    )
    // the header followed the send too
    await page.getByTestId('foyer-header-back').click()
    await expect
      .poll(header, { timeout: 10_000 })
      .toBe(`${cut3(await client().getBalance({ address: TRIP_ADDRESS }))} ETH`)

    // item 8: Activity says what each transaction was, with its amounts and a link to the explorer
    const row = (hash: string) => page.getByTestId(`activity-item-eip155:1:${hash}`)
    await expect
      .poll(
        async () => {
          // the list loads on each opening of the modal (cached 15 s); the indexer follows the chain
          await page.keyboard.press('Escape')
          await page
            .getByTestId('foyer-modal')
            .waitFor({ state: 'detached' })
            .catch(() => undefined)
          await page.getByTestId('account-button').first().click()
          await page.getByTestId('account-tab-activity').click()
          await page.locator('[data-testid="activity-amount"], [data-testid="activity-empty"]').first().waitFor()
          return row(sendHash).count()
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(1)
    const label = (hash: string) => row(hash).locator('.fy-li-label').textContent()
    const amount = (hash: string) => row(hash).getByTestId('activity-amount').textContent()
    expect(await label(swapHash)).toBe('Swap')
    expect(await amount(swapHash)).toMatch(/^-0\.100 ETH → \+\d{3}\.\d{3} USDC$/)
    expect(await label(approveHash)).toBe('Approve')
    expect(await amount(approveHash)).toBe('25.000 USDC')
    expect(await label(tokenSwapHash)).toBe('Swap')
    expect(await amount(tokenSwapHash)).toMatch(/^-25\.000 USDC → \+\d{2}\.\d{3} DAI$/)
    expect(await label(sendHash)).toBe('Send')
    expect(await amount(sendHash)).toBe('-0.010 ETH')
    for (const hash of [swapHash, approveHash, tokenSwapHash, sendHash])
      expect(await row(hash).getByTestId('activity-explorer-link').getAttribute('href')).toBe(`${EXPLORER}/tx/${hash}`)
    expect(errors).toEqual([])
    await page.context().close()
  })
})
