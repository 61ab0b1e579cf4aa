// examples/vite-wagmi and examples/ethers, built with vite and run in Chromium against the project's stack (anvil
// chains 1 and 8453 with USDC, the relay, the API, the secure site and its mailbox): wagmi's useSendTransaction and
// useWriteContract through Foyer's dev wallet and through a WalletConnect wallet, mined with exact balances;
// disconnecting or switching the chain on either side shows on the other; the connection comes back after a reload;
// the embedded (email) wallet's smart account signs through useSignMessage and sends a batch through useSendCalls;
// ethers' BrowserProvider on getProvider('eip155') signs a message that verifies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { build } from 'vite'
import {
  createPublicClient,
  createTestClient,
  erc20Abi,
  http,
  parseEther,
  verifyMessage,
  type Address,
  type Hex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createWalletConnectTestWallet, type WalletConnectTestWallet } from '../../testing.js'
import { DEV_WALLET_ADDRESS } from '../../server/chains/dev-wallet.js'
import { serveDemo } from '../../scripts/serve-demo.js'
import type { RunningService } from '../../server/types.js'
import { browserFixture } from './fixture.js'
import { clickInFrame, mailedCode, openDemo } from './pages.js'

const KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba' as const
const WC_ADDRESS = privateKeyToAccount(KEY).address
const PROJECT_ID = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'
const stack = browserFixture({
  services: ['api', 'relay', 'chains', 'secureSite', 'mailbox'],
  chains: [1, 8453],
  fund: [DEV_WALLET_ADDRESS, WC_ADDRESS],
  config: { secureSite: { port: 0, kekFile: 'secure-site.kek', mailbox: { port: 0, smtpPort: 0 } } },
})
const chain = () => stack.services.need('chains').chains.find((c) => c.chainId === 1)!
const usdc = () => chain().tokens.find((t) => t.symbol === 'USDC')!.address as Address
const client = () => createPublicClient({ transport: http(chain().rpcUrl, { retryCount: 0 }) })
const usdcOf = (owner: Address) =>
  client().readContract({ address: usdc(), abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const served: RunningService[] = []
let wagmiUrl = ''
let ethersUrl = ''
// The wagmi example with the secure site's URL too: its Connect view offers the email login.
let embeddedUrl = ''

beforeAll(async () => {
  // Both examples as a user builds them (their own vite.config), served with the stack's URLs injected.
  for (const example of ['vite-wagmi', 'ethers'])
    await build({ configFile: `examples/${example}/vite.config.ts`, logLevel: 'error' })
  const inject = {
    projectId: PROJECT_ID,
    apiUrl: stack.services.need('api').url,
    relayUrl: stack.services.need('relay').url,
    chains: stack.services.need('chains').chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl })),
  }
  const withSecureSite = { ...inject, secureSiteUrl: stack.services.need('secureSite').url }
  served.push(
    ...(await Promise.all([
      serveDemo({ root: 'examples/vite-wagmi/dist', inject }),
      serveDemo({ root: 'examples/ethers/dist', inject }),
      serveDemo({ root: 'examples/vite-wagmi/dist', inject: withSecureSite }),
    ])),
  )
  ;[wagmiUrl, ethersUrl, embeddedUrl] = served.map((s) => s.url)
}, 120_000)
afterAll(async () => {
  for (const s of served) await s.close()
})

const text = (page: Page, id: string) => page.getByTestId(id).textContent()
// Condition-based waits with room for a loaded machine (expect.poll's default is 1 s).
const poll = (fn: () => Promise<unknown>) => expect.poll(fn, { timeout: 20_000 })
const fresh = () => privateKeyToAccount(generatePrivateKey()).address

// Sends 0.01 ETH with useSendTransaction and 1 USDC with useWriteContract from `from`; checks both mined, exactly.
async function sendBoth(page: Page, from: Address) {
  const to = fresh()
  const usdcBefore = await usdcOf(from)
  await page.getByTestId('to').fill(to)
  await page.getByTestId('send-eth').click()
  await poll(() => text(page, 'send-status')).toBe('success')
  expect(await client().getBalance({ address: to })).toBe(10_000_000_000_000_000n)
  await page.getByTestId('token').fill(usdc())
  await page.getByTestId('amount').fill('1')
  await page.getByTestId('write-transfer').click()
  await poll(() => text(page, 'write-status')).toBe('success')
  expect(await usdcOf(to)).toBe(1_000_000n)
  expect(await usdcOf(from)).toBe(usdcBefore - 1_000_000n)
  const hash = (await text(page, 'write-hash')) as Hex
  expect((await client().getTransactionReceipt({ hash })).from.toLowerCase()).toBe(from.toLowerCase())
}

describe('examples/vite-wagmi', () => {
  it("wagmi hooks on Foyer's dev wallet: send, transfer, sign; disconnect both ways; back after reload", async () => {
    const { page, errors } = await openDemo(stack, undefined, wagmiUrl)
    expect(await text(page, 'wagmi-status')).toBe('disconnected')
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('wallet-selector-dev.foyer.wallet').click()
    await poll(() => text(page, 'wagmi-status')).toBe('connected')
    expect(await text(page, 'wagmi-address')).toBe(DEV_WALLET_ADDRESS)
    expect(await text(page, 'wagmi-chain')).toBe('1')
    await poll(() => text(page, 'wagmi-balance')).toMatch(/^\d+ wei$/)
    await sendBoth(page, DEV_WALLET_ADDRESS)

    // useSignMessage through Foyer: the signature verifies for the account.
    await page.getByTestId('sign').click()
    await poll(() => text(page, 'signature')).toMatch(/^0x[0-9a-f]{130}$/)
    const signature = (await text(page, 'signature')) as Hex
    expect(await verifyMessage({ address: DEV_WALLET_ADDRESS, message: 'Hello from wagmi on Foyer', signature })).toBe(
      true,
    )

    // useSwitchChain switches Foyer's network and the wallet's chain; a switch in Foyer's Networks view, and one
    // through its API, show in wagmi's useAccount and useChainId.
    const foyerChain = () => page.evaluate(() => (window as any).foyer.getState().account.activeCaipNetworkId)
    await page.getByTestId('wagmi-switch-8453').click()
    await poll(() => text(page, 'wagmi-chain')).toBe('8453')
    expect(await foyerChain()).toBe('eip155:8453')
    expect(await text(page, 'wagmi-chain-id')).toBe('8453')
    // The dev wallet itself is on Base (it keeps its chain in localStorage).
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('foyer-dev-wallet')!).chainId)).toBe(8453)
    await page.getByTestId('account-button').first().click()
    await page.getByTestId('account-network-button').click()
    await page.getByTestId('network-item-eip155:1').click()
    await page.getByTestId('foyer-view-Account').waitFor()
    await poll(() => text(page, 'wagmi-chain')).toBe('1')
    expect(await text(page, 'wagmi-chain-id')).toBe('1')
    await page.keyboard.press('Escape')
    await page.evaluate(() => (window as any).foyer.switchNetwork('eip155:8453'))
    await poll(() => text(page, 'wagmi-chain')).toBe('8453')
    expect(await text(page, 'wagmi-chain-id')).toBe('8453')
    await page.getByTestId('wagmi-switch-1').click()
    await poll(() => foyerChain()).toBe('eip155:1')
    await poll(() => text(page, 'wagmi-chain')).toBe('1')

    // The connection comes back after a reload (Foyer restores it; wagmi reconnects on it).
    await page.reload()
    await poll(() => text(page, 'wagmi-status')).toBe('connected')
    expect(await text(page, 'wagmi-address')).toBe(DEV_WALLET_ADDRESS)
    await page.getByTestId('account-button').first().waitFor()

    // wagmi's disconnect ends Foyer's connection: its button offers Connect again.
    await page.getByTestId('wagmi-disconnect').click()
    await page.getByTestId('connect-button').first().waitFor()
    expect(await text(page, 'wagmi-status')).toBe('disconnected')

    // Connecting again, then Foyer's disconnect: wagmi follows.
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('wallet-selector-dev.foyer.wallet').click()
    await poll(() => text(page, 'wagmi-status')).toBe('connected')
    await page.evaluate(() => (window as any).foyer.disconnect())
    await poll(() => text(page, 'wagmi-status')).toBe('disconnected')
    await page.getByTestId('connect-button').first().waitFor()
    expect(errors).toEqual([])
    await page.context().close()
  })

  it('wagmi hooks on a WalletConnect wallet through the relay; the wallet disconnecting shows in wagmi', async () => {
    let wallet: WalletConnectTestWallet | undefined
    try {
      wallet = await createWalletConnectTestWallet({
        relayUrl: stack.services.need('relay').url,
        projectId: PROJECT_ID,
        privateKey: KEY,
        chains: [{ chainId: 1, rpcUrl: chain().rpcUrl }],
      })
      const { page } = await openDemo(stack, undefined, `${wagmiUrl}?devWallet=off`)
      await page.getByTestId('connect-button').first().click()
      await page.getByTestId('wallet-selector-walletConnect').click()
      await page.getByTestId('qr-code').waitFor()
      const uri = await page.evaluate(
        () => (window as any).foyer.kernel.getState().namespaces.walletConnect.uri as string,
      )
      await wallet.pair(uri)
      await poll(() => text(page, 'wagmi-status')).toBe('connected')
      expect(await text(page, 'wagmi-address')).toBe(WC_ADDRESS)
      await page.keyboard.press('Escape')
      await sendBoth(page, WC_ADDRESS)
      expect(wallet.log.filter((l) => l.method === 'eth_sendTransaction')).toHaveLength(2)

      await wallet.disconnect()
      await poll(() => text(page, 'wagmi-status')).toBe('disconnected')
      await page.getByTestId('connect-button').first().waitFor()
      await page.context().close()
    } finally {
      await wallet?.close()
    }
  })
})

describe('examples/vite-wagmi on the embedded wallet', () => {
  const approveInFrame = async (page: Page) => {
    await page.getByTestId('foyer-view-ApproveTransaction').waitFor()
    await clickInFrame(page, 'approve-button')
    await page.getByTestId('foyer-view-ApproveTransaction').waitFor({ state: 'detached' })
  }

  it('email login connects wagmi; useSignMessage and useSendCalls run on the default smart account', async () => {
    const { page, errors } = await openDemo(stack, undefined, `${embeddedUrl}?devWallet=off`)
    const email = 'wagmi@example.com'
    await page.getByTestId('connect-button').first().click()
    await page.getByTestId('connect-email-button').click()
    await page.getByTestId('email-input').fill(email)
    await page.getByTestId('email-submit').click()
    await page.getByTestId('otp-input').fill(await mailedCode(stack.services.need('mailbox').url, email))
    await page.getByTestId('foyer-view-EmailLogin').waitFor({ state: 'detached' })
    await poll(() => text(page, 'wagmi-status')).toBe('connected')
    const user = (await page.evaluate(() => (window as any).foyer.getState().auth.user)) as {
      accountType: string
      address: Address
    }
    // SPEC §9's default on EVM: the smart account, and that is the address wagmi shows.
    expect(user.accountType).toBe('smartAccount')
    expect(await text(page, 'wagmi-address')).toBe(user.address)
    expect(await text(page, 'wagmi-chain')).toBe('1')

    // useSignMessage: approved in the secure frame; viem verifies it on the chain (ERC-6492, not deployed yet).
    await page.getByTestId('sign').click()
    await approveInFrame(page)
    await poll(() => text(page, 'signature')).toMatch(/^0x[0-9a-f]+$/)
    const signature = (await text(page, 'signature')) as Hex
    const message = 'Hello from wagmi on Foyer'
    expect(await client().verifyMessage({ address: user.address, message, signature })).toBe(true)
    expect(await client().verifyMessage({ address: user.address, message: 'something else', signature })).toBe(false)

    // useSendCalls (EIP-5792): two transfers (1 and 2 wei) as one user operation, mined on anvil; wagmi's
    // useWaitForCallsStatus sees it succeed.
    await createTestClient({ mode: 'anvil', transport: http(chain().rpcUrl) }).setBalance({
      address: user.address,
      value: parseEther('1'),
    })
    const to = fresh()
    await page.getByTestId('to').fill(to)
    await page.getByTestId('send-calls').click()
    await approveInFrame(page)
    await poll(() => text(page, 'calls-status')).toBe('success')
    // One atomic batch (the wallet's own wallet_sendCalls), not Foyer's one-transaction-per-call fallback.
    const id = await text(page, 'calls-id')
    const status = await page.evaluate(
      (id) => (window as any).foyer.getProvider('eip155').request({ method: 'wallet_getCallsStatus', params: [id] }),
      id,
    )
    expect(status).toMatchObject({ atomic: true, status: 200, chainId: '0x1' })
    expect(status.receipts).toHaveLength(1)
    expect(await client().getBalance({ address: to })).toBe(3n)
    expect(await client().getCode({ address: user.address })).toMatch(/^0x[0-9a-f]{10,}/)
    expect(await page.getByTestId('wagmi-error').count()).toBe(0)
    expect(errors).toEqual([])
    await page.context().close()
  })
})

describe('examples/ethers', () => {
  it("BrowserProvider(getProvider('eip155')) opens Foyer to connect, then signs a message that verifies", async () => {
    const { page, errors } = await openDemo(stack, undefined, ethersUrl)
    // No account yet: ethers' getSigner asks for one, and Foyer's modal opens for it.
    await page.getByTestId('ethers-sign').click()
    await page.getByTestId('wallet-selector-dev.foyer.wallet').click()
    await poll(() => text(page, 'ethers-signature')).toMatch(/^0x[0-9a-f]{130}$/)
    const signature = (await text(page, 'ethers-signature')) as Hex
    expect(await verifyMessage({ address: DEV_WALLET_ADDRESS, message: 'Hello from ethers on Foyer', signature })).toBe(
      true,
    )
    // eth_accounts answers in lower case, as MetaMask does.
    await poll(() => text(page, 'ethers-address')).toBe(DEV_WALLET_ADDRESS.toLowerCase())
    expect(await text(page, 'ethers-chain')).toBe('1')
    expect(errors).toEqual([])
    await page.context().close()
  })
})
