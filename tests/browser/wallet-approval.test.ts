// The embedded wallet's approval screen in Chromium with the product's defaults (smart accounts on EVM): a host page
// that hides the secure frame (opacity, a decoy over it) gets nothing from the visitor's click, while an honest page
// approves in one click; and the screen says what is agreed to (ERC-20 and SOL amounts and receivers, the balance
// changes simulated on the chain).
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js'
import { createTransferCheckedInstruction } from '@solana/spl-token'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  http,
  maxUint256,
  parseEther,
  verifyMessage,
  type Address,
  type Hex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { DEV_WALLET_ADDRESS } from '../../server/chains/dev-wallet.js'
import { SOLANA_NETWORKS } from '../../server/secure-site/service.js'
import { browserFixture } from './fixture.js'
import { clickInFrame, frameText, WALLET_FRAME, mailedCode } from './pages.js'
import { axeFindings } from './a11y.js'

const stack = browserFixture({
  services: ['api', 'chains', 'secureSite', 'mailbox'],
  chains: [1],
  // no injected dev wallet; every product option at its default (EVM accounts are smart accounts)
  demo: { devWallet: false },
  config: { secureSite: { port: 0, kekFile: 'secure-site.kek', mailbox: { port: 0, smtpPort: 0 } } },
})

const FRAME = WALLET_FRAME
const rpcUrl = () => stack.services.need('chains').chains[0].rpcUrl
const pub = () => createPublicClient({ transport: http(rpcUrl()) })
const anvil = () => createTestClient({ mode: 'anvil', transport: http(rpcUrl()) })

const pageLogs = new WeakMap<Page, string[]>()

async function newPage(url = stack.demo.url): Promise<Page> {
  const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const logs: string[] = []
  pageLogs.set(page, logs)
  page.on('console', (m) => logs.push(m.text()))
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`))
  await page.goto(url)
  await page.getByTestId('connect-button').first().waitFor()
  return page
}

/** The newest code the local mailbox holds for `email`. */
const codeFor = (email: string) => mailedCode(stack.services.need('mailbox').url, email)

/** Logs in by email; answers the EVM address the page is connected with. */
async function login(page: Page, email: string): Promise<Address> {
  await page.getByTestId('connect-button').first().click()
  await page.getByTestId('connect-email-button').click()
  await page.getByTestId('email-input').fill(email)
  await page.getByTestId('email-submit').click()
  await page.getByTestId('otp-input').fill(await codeFor(email))
  await page.getByTestId('foyer-view-EmailLogin').waitFor({ state: 'detached' })
  const caip = await page.evaluate(() => window.foyer.getState().account.namespaces.eip155?.caipAddress)
  return caip!.split(':')[2] as Address
}

/** Runs a kernel request in the page; answers how it ended. One that never ends fails with what the page logged. */
function pageRequest(page: Page, name: string, input: unknown): Promise<{ ok: boolean; value: unknown }> {
  const request = page.evaluate(
    ([n, i]) =>
      (window.foyer.kernel.request as (n: string, i: unknown) => Promise<unknown>)(n as string, i).then(
        (value) => ({ ok: true, value }),
        (e: { message: string; code?: unknown }) => ({ ok: false, value: { message: e.message, code: e.code } }),
      ),
    [name, input] as const,
  )
  let timer: ReturnType<typeof setTimeout> | undefined
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(async () => {
      const frame = await frameText(page)
      const logs = (pageLogs.get(page) ?? []).join('\n')
      reject(new Error(`${name} did not end in 45 s\nthe frame shows: ${frame}\nthe page logged:\n${logs}`))
    }, 45_000)
  })
  return Promise.race([request, stuck]).finally(() => clearTimeout(timer))
}

type Attack = 'transparent frame' | 'decoy drawn over the frame'

/**
 * The host page's attack, set up before the request: the frame made invisible with a decoy button under the spot
 * where Approve will be, or a decoy painted over the frame that lets clicks through (pointer-events: none).
 */
async function arm(page: Page, attack: Attack): Promise<void> {
  await page.evaluate((kind) => {
    const style = document.createElement('style')
    style.id = 'attack-style'
    style.textContent =
      kind === 'transparent frame'
        ? 'iframe[data-testid="foyer-wallet-frame"] { opacity: 0 !important }'
        : '#decoy { pointer-events: none !important; z-index: 2147483647 !important }'
    document.head.append(style)
  }, attack)
}

/** Once Approve is laid out, puts the decoy on it; resolves with the decoy's centre (where the visitor clicks). */
async function placeDecoy(page: Page): Promise<{ x: number; y: number }> {
  const approve = page.frameLocator(FRAME).getByTestId('approve-button')
  await approve.waitFor()
  const box = (await approve.boundingBox())!
  await page.evaluate((b) => {
    const decoy = document.createElement('button')
    decoy.id = 'decoy'
    decoy.textContent = 'Claim your prize'
    // under the frame (which sits on top) unless the attack style lifts it over
    decoy.style.cssText = `position:fixed;left:${b.x}px;top:${b.y}px;width:${b.width}px;height:${b.height}px;z-index:1;background:gold;font-size:16px`
    document.body.append(decoy)
  }, box)
  // Give the frame the time an honest approval needs, so a guard that only waits cannot pass this test.
  await page
    .frameLocator(FRAME)
    .getByTestId('approval-hidden')
    .waitFor({ timeout: 3_000 })
    .catch(() => undefined)
  // a fixed wait on purpose: the attack outwaits any guard that only delays Approve
  await page.waitForTimeout(1_200)
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

async function disarm(page: Page): Promise<void> {
  await page.evaluate(() => {
    document.getElementById('attack-style')?.remove()
    document.getElementById('decoy')?.remove()
  })
}

/** After the decoy click: the page shows the frame again and the visitor rejects; answers how the request ended. */
async function outcomeAfterDecoy(
  page: Page,
  request: Promise<{ ok: boolean; value: unknown }>,
): Promise<{ ok: boolean; value: unknown }> {
  await disarm(page)
  const reject = page
    .frameLocator(FRAME)
    .getByTestId('reject-button')
    .click({ timeout: 10_000 })
    .then(() => request)
  return Promise.race([request, reject])
}

describe('clickjacking the approval (product defaults: smart account)', () => {
  for (const attack of ['transparent frame', 'decoy drawn over the frame'] as const)
    it(`a click on a decoy sends nothing (${attack}); the honest approval still takes one click`, async () => {
      const page = await newPage()
      const account = await login(page, `clickjack-${attack.split(' ')[0]}@example.com`)
      expect(await page.evaluate(() => window.foyer.getState().auth?.user?.accountType)).toBe('smartAccount')
      await anvil().setBalance({ address: account, value: parseEther('1') })
      const receiver = privateKeyToAccount(generatePrivateKey()).address

      await arm(page, attack)
      const sending = pageRequest(page, 'wallet/sendTransaction', { to: receiver, value: parseEther('0.1').toString() })
      await page.getByTestId('foyer-view-ApproveTransaction').waitFor()
      const spot = await placeDecoy(page)
      await page.mouse.click(spot.x, spot.y)
      expect(await outcomeAfterDecoy(page, sending)).toMatchObject({ ok: false, value: { code: 4001 } })
      expect(await pub().getBalance({ address: receiver })).toBe(0n)

      // the same page, honest now: one click on the visible Approve sends
      const honest = pageRequest(page, 'wallet/sendTransaction', { to: receiver, value: parseEther('0.1').toString() })
      await page.getByTestId('foyer-view-ApproveTransaction').waitFor()
      await clickInFrame(page, 'approve-button')
      const sent = await honest
      expect(sent.ok).toBe(true)
      await pub().waitForTransactionReceipt({ hash: (sent.value as { hash: Hex }).hash })
      expect(await pub().getBalance({ address: receiver })).toBe(parseEther('0.1'))
      await page.context().close()
    })

  it('personal_sign on an EOA page (defaultAccountTypes eip155: eoa): no signature for the decoy, one click when honest', async () => {
    const eoaDemo = await stack.startDemo({ devWallet: false, options: { defaultAccountTypes: { eip155: 'eoa' } } })
    const page = await newPage(eoaDemo.url)
    const address = await login(page, 'clickjack-sign@example.com')
    await arm(page, 'transparent frame')
    const signing = pageRequest(page, 'wallet/signMessage', { message: 'Transfer all my funds' })
    await page.getByTestId('foyer-view-ApproveTransaction').waitFor()
    const spot = await placeDecoy(page)
    await page.mouse.click(spot.x, spot.y)
    expect(await outcomeAfterDecoy(page, signing)).toMatchObject({ ok: false, value: { code: 4001 } })

    const honest = pageRequest(page, 'wallet/signMessage', { message: 'hello' })
    await page.getByTestId('foyer-view-ApproveTransaction').waitFor()
    await clickInFrame(page, 'approve-button')
    const signed = await honest
    expect(signed.ok).toBe(true)
    const { signature } = signed.value as { signature: Hex }
    expect(await verifyMessage({ address, message: 'hello', signature })).toBe(true)
    await page.context().close()
  })
})

/** The approval screen's cards as text: "title | label: value | …" per call, then the simulation's lines. */
async function screenText(page: Page): Promise<{ sections: string[]; simulation: string }> {
  const frame = page.frameLocator(FRAME)
  await frame.getByTestId('approval-simulation').waitFor()
  const sections = await frame
    .getByTestId('approval-section')
    .evaluateAll((els) =>
      els.map((el) =>
        [
          el.querySelector('h2')?.textContent,
          ...[...el.querySelectorAll('dl > div')].map(
            (row) => `${row.querySelector('dt')?.textContent}: ${row.querySelector('dd')?.textContent}`,
          ),
          el.querySelector('[data-testid="approval-warning"]')?.textContent,
        ]
          .filter(Boolean)
          .join(' | '),
      ),
    )
  const simulation = (await frame.getByTestId('approval-simulation').textContent()) ?? ''
  return { sections, simulation }
}

describe('the approval screen says what the visitor agrees to (product defaults)', () => {
  it('ERC-20 transfer and unlimited approval: token, amount, receiver or spender, the simulated balance change; axe finds nothing serious', async () => {
    const page = await newPage()
    const account = await login(page, 'tokens@example.com')
    const usdc = stack.services.need('chains').chains[0].tokens.find((t) => t.symbol === 'USDC')!
    await anvil().setBalance({ address: account, value: parseEther('1') })
    // 100 USDC for the smart account, from the funded dev wallet
    await anvil().impersonateAccount({ address: DEV_WALLET_ADDRESS })
    const dev = createWalletClient({ account: DEV_WALLET_ADDRESS, transport: http(rpcUrl()) })
    await pub().waitForTransactionReceipt({
      hash: await dev.writeContract({
        address: usdc.address,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [account, 100_000_000n],
        chain: null,
      }),
    })
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver, 12_500_000n] })
    const sending = pageRequest(page, 'wallet/sendTransaction', { to: usdc.address, data: transfer })
    await page.getByTestId('foyer-view-ApproveTransaction').waitFor()
    const sent = await screenText(page)
    expect(sent.sections).toEqual([`Send USDC | Amount: 12.5 USDC | To: ${receiver} | Token: USDC (${usdc.address})`])
    expect(sent.simulation).toContain('You send-12.5 USDC')
    // axe inside the secure site's own origin (its frame), on the approval screen as the visitor sees it
    const frame = await (await page.locator(FRAME).elementHandle())!.contentFrame()
    expect(new URL(frame!.url()).origin).toBe(new URL(stack.services.need('secureSite').url).origin)
    expect(await axeFindings(frame!, true)).toEqual([])
    await clickInFrame(page, 'approve-button')
    expect((await sending).ok).toBe(true)
    await expect
      .poll(() =>
        pub().readContract({ address: usdc.address, abi: erc20Abi, functionName: 'balanceOf', args: [receiver] }),
      )
      .toBe(12_500_000n)

    const spender = privateKeyToAccount(generatePrivateKey()).address
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, maxUint256] })
    const approving = pageRequest(page, 'wallet/sendTransaction', { to: usdc.address, data: approve })
    await page.getByTestId('foyer-view-ApproveTransaction').waitFor()
    const allowed = await screenText(page)
    expect(allowed.sections[0]).toMatch(
      new RegExp(
        `^Allow spending USDC \\| Amount: Unlimited USDC \\| Spender: ${spender} \\| Token: USDC .* \\| Unlimited approval: `,
      ),
    )
    expect(allowed.simulation).toContain('No balance changes.')
    await clickInFrame(page, 'reject-button')
    expect(await approving).toMatchObject({ ok: false, value: { code: 4001 } })

    // a native transfer counts in the chain's currency and shows what leaves the account
    const to = privateKeyToAccount(generatePrivateKey()).address
    const paying = pageRequest(page, 'wallet/sendTransaction', { to, value: parseEther('0.25').toString() })
    await page.getByTestId('foyer-view-ApproveTransaction').waitFor()
    const paid = await screenText(page)
    expect(paid.sections).toEqual([`Send ETH | Amount: 0.25 ETH | To: ${to}`])
    expect(paid.simulation).toContain('You send-0.25 ETH')
    await clickInFrame(page, 'reject-button')
    expect(await paying).toMatchObject({ ok: false, value: { code: 4001 } })
    await page.context().close()
  })

  it('SOL and SPL transfers: amount and receiver (and an honest "could not simulate" without a Solana RPC)', async () => {
    const page = await newPage()
    await login(page, 'solana@example.com')
    const caipNetworkId = SOLANA_NETWORKS[0]
    const rpc = (method: string, params: unknown) =>
      pageRequest(page, 'auth/rpc', { namespace: 'solana', caipNetworkId, method, params })
    const [{ pubkey }] = (await rpc('solana_getAccounts', {})).value as Array<{ pubkey: string }>
    const owner = new PublicKey(pubkey)
    const receiver = Keypair.generate().publicKey
    const [mint, source, target] = [0, 0, 0].map(() => Keypair.generate().publicKey)
    const tx = new Transaction({ feePayer: owner, recentBlockhash: Keypair.generate().publicKey.toBase58() })
      .add(SystemProgram.transfer({ fromPubkey: owner, toPubkey: receiver, lamports: 1_500_000_000 }))
      .add(createTransferCheckedInstruction(source, mint, target, owner, 2_500_000n, 6))
    const transaction = tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64')
    const signing = rpc('solana_signTransaction', { transaction })
    await page.getByTestId('foyer-view-ApproveTransaction').waitFor()
    const shown = await screenText(page)
    expect(shown.sections).toEqual([
      `Send SOL | Amount: 1.5 SOL | From: ${pubkey} | To: ${receiver.toBase58()}`,
      `Send tokens | Amount: 2.5 | To: ${target.toBase58()} (token account) | Token (mint): ${mint.toBase58()} | From: ${source.toBase58()}`,
    ])
    expect(shown.simulation).toContain('Could not simulate: no Solana RPC is configured for this network.')
    await clickInFrame(page, 'approve-button')
    const signed = await signing
    expect(signed.ok).toBe(true)
    expect(
      Transaction.from(Buffer.from((signed.value as { transaction: string }).transaction, 'base64')).verifySignatures(),
    ).toBe(true)
    await page.context().close()
  })
})

/** The typed data the frame shows, read back from its nested lists: label → value or nested fields. */
async function typedFields(page: Page): Promise<unknown> {
  return page
    .frameLocator(FRAME)
    .locator('#approval > dl[data-testid="typed-data"]')
    .evaluate((root) => {
      const read = (dl: Element): Record<string, unknown> =>
        Object.fromEntries(
          [...dl.children].map((row) => {
            const dd = row.querySelector(':scope > dd')!
            const nested = dd.querySelector(':scope > dl')
            return [row.querySelector(':scope > dt')!.textContent, nested ? read(nested) : dd.textContent]
          }),
        )
      return read(root)
    })
}

describe('the signing screen says what is signed (product defaults)', () => {
  it('titled by the request; a message as its text (hex when not UTF-8); typed data as its fields, not JSON', async () => {
    const page = await newPage()
    const address = await login(page, 'signing-screen@example.com')
    const frame = page.frameLocator(FRAME)
    const title = () => page.getByTestId('foyer-header-title').textContent()

    // a message: its text, the screen titled "Sign Message" in the modal and in the frame
    const message = 'Welcome to Foyer!\nSign to accept the terms.'
    const signing = pageRequest(page, 'wallet/signMessage', { message })
    await page.getByTestId('foyer-view-ApproveTransaction').waitFor()
    await expect.poll(title).toBe('Sign Message')
    await expect.poll(() => frame.locator('h1').textContent()).toBe('Sign message')
    expect(await frame.getByTestId('approval-message').textContent()).toBe(message)
    await clickInFrame(page, 'reject-button')
    expect(await signing).toMatchObject({ ok: false, value: { code: 4001 } })

    // bytes that are not UTF-8 text show as the hex that is signed, not as replacement characters
    const rpc = (method: string, params: unknown) =>
      pageRequest(page, 'auth/rpc', { namespace: 'eip155', caipNetworkId: 'eip155:1', method, params })
    const binary = rpc('personal_sign', ['0xff00fe9a', address])
    await page.getByTestId('foyer-view-ApproveTransaction').waitFor()
    await expect.poll(() => frame.getByTestId('approval-message').textContent()).toBe('0xff00fe9a')
    await clickInFrame(page, 'reject-button')
    expect(await binary).toMatchObject({ ok: false, value: { code: 4001 } })

    // typed data (EIP-712's example mail): the domain and every field, nested structs and arrays as their fields
    const typed = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallets', type: 'address[]' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      domain: {
        name: 'Ether Mail',
        version: '1',
        chainId: 1,
        verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
      },
      message: {
        from: { name: 'Cow', wallets: ['0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826'] },
        to: {
          name: 'Bob',
          wallets: ['0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB', '0xB0BdaBea57B0BDABeA57b0bdABEA57b0BDabEa57'],
        },
        contents: 'Hello, Bob!',
      },
    }
    const signingTyped = rpc('eth_signTypedData_v4', [address, JSON.stringify(typed)])
    await page.getByTestId('foyer-view-ApproveTransaction').waitFor()
    await expect.poll(title).toBe('Sign Typed Data')
    await expect.poll(() => frame.locator('h1').textContent()).toBe('Sign typed data')
    await frame.getByTestId('typed-data').first().waitFor()
    expect(await typedFields(page)).toEqual({
      Domain: { name: 'Ether Mail', version: '1', chainId: '1', verifyingContract: typed.domain.verifyingContract },
      Mail: {
        from: { name: 'Cow', wallets: { '#1': typed.message.from.wallets[0] } },
        to: { name: 'Bob', wallets: { '#1': typed.message.to.wallets[0], '#2': typed.message.to.wallets[1] } },
        contents: 'Hello, Bob!',
      },
    })
    // no raw JSON anywhere on the screen
    expect(await frame.locator('#approval').textContent()).not.toMatch(/[{}"]/)
    await clickInFrame(page, 'reject-button')
    expect(await signingTyped).toMatchObject({ ok: false, value: { code: 4001 } })

    // a transaction keeps SPEC's title
    const paying = pageRequest(page, 'wallet/sendTransaction', { to: address, value: '0' })
    await page.getByTestId('foyer-view-ApproveTransaction').waitFor()
    await expect.poll(title).toBe('Approve Transaction')
    await clickInFrame(page, 'reject-button')
    expect(await paying).toMatchObject({ ok: false, value: { code: 4001 } })
    await page.context().close()
  })
})
