// Names in Chromium against anvil and the project's API: the demo's dev wallet registers `<random>.foyer.id` by
// signing in the wallet, the success view shows, the account button and Account view carry the name (also after a
// reload, through the identity lookup), the API's reverse lookup returns it, and `names/resolve` (the request the
// send plugin calls) resolves it. Then the failures, each with its exact message on RegisterAccountName with the input
// kept: a 3-character name, a "_" name, a taken name (from the live check and from the server's 409), and a refused
// signature (4001) — and a suggestion that registers.
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { DEV_WALLET_ADDRESS } from '../../server/chains/dev-wallet.js'
import { installTestWallet, TestWalletRdns, type TestWallet } from '../../testing.js'
import { browserFixture } from './fixture.js'
import { openDemo, registerNameWithKey, requestOk } from './pages.js'

const KEY = generatePrivateKey()
const ADDRESS = privateKeyToAccount(KEY).address
const stack = browserFixture({ services: ['api', 'chains'], chains: [1], fund: [DEV_WALLET_ADDRESS, ADDRESS] })
const api = () => stack.services.need('api').url
const label = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
const text = (page: Page, id: string) => page.getByTestId(id).first().textContent()

// Registers `name` for another account straight through the API, as someone else would.
async function registerElsewhere(name: string): Promise<void> {
  expect(await registerNameWithKey(api(), name, generatePrivateKey())).toBe(201)
}

async function connect(page: Page, rdns: string): Promise<void> {
  await page.getByTestId('connect-button').first().click()
  await page.getByTestId(`wallet-selector-${rdns}`).click()
  await page.getByTestId('account-button').first().waitFor()
}

async function openRegister(page: Page): Promise<void> {
  await page.getByTestId('account-button').first().click()
  await page.getByTestId('account-choose-name').click()
  await page.getByTestId('foyer-view-RegisterAccountName').waitFor()
}

async function typeName(page: Page, name: string, availability?: string): Promise<void> {
  await page.getByTestId('name-input').fill(name)
  if (availability) await expect.poll(() => text(page, 'name-availability')).toContain(availability)
}

async function expectRefused(page: Page, input: string, message: string): Promise<void> {
  await expect.poll(() => text(page, 'name-error')).toBe(message)
  await page.getByTestId('foyer-view-RegisterAccountName').waitFor()
  expect(await page.getByTestId('name-input').inputValue()).toBe(input)
}

describe('names', () => {
  it('registers <random>.foyer.id with the dev wallet and shows it everywhere', async () => {
    const { page, errors } = await openDemo(stack)
    await connect(page, 'dev.foyer.wallet')
    expect(await page.getByTestId('account-name').count()).toBe(0)
    await openRegister(page)
    const name = `${label('dev')}.foyer.id`
    await typeName(page, name.split('.')[0], 'Available')
    expect(await text(page, 'name-availability')).toBe(`${name} · Available`)
    await page.getByTestId('name-register-button').click()
    // the dev wallet signs (personal_sign on anvil's unlocked account); the server checked that signature
    await page.getByTestId('foyer-view-RegisterAccountNameSuccess').waitFor()
    expect(await text(page, 'name-registered')).toBe(name)
    expect(await page.getByTestId('account-button').first().getByTestId('account-name').textContent()).toBe(name)
    await page.getByTestId('name-success-done').click()
    await page.getByTestId('foyer-view-Account').getByTestId('account-name').waitFor()
    expect(await page.getByTestId('foyer-view-Account').getByTestId('account-name').textContent()).toBe(name)
    expect(await page.getByTestId('account-choose-name').count()).toBe(0)

    const reverse = (await (await fetch(`${api()}/v1/names/reverse/${DEV_WALLET_ADDRESS}`)).json()) as Array<{
      name: string
    }>
    expect(reverse.map((r) => r.name)).toContain(name)
    // what the send plugin calls for a receiver name
    expect(await requestOk(page, 'names/resolve', { name })).toEqual({ name, address: DEV_WALLET_ADDRESS })
    expect(await requestOk(page, 'names/reverse', { address: DEV_WALLET_ADDRESS })).toEqual({
      names: expect.arrayContaining([name]),
    })

    // after a reload the connection is restored and the identity lookup brings the name back
    await page.reload()
    await page.getByTestId('account-button').first().getByTestId('account-name').waitFor()
    expect(await page.getByTestId('account-button').first().getByTestId('account-name').textContent()).toBe(name)
    expect(errors).toEqual([])
  })

  it('keeps the visitor and the input on RegisterAccountName with the exact message for each failure', async () => {
    let wallet: TestWallet | undefined
    const rpcUrl = stack.services.need('chains').chains.find((c) => c.chainId === 1)!.rpcUrl
    const { page, errors } = await openDemo(stack, async (p) => {
      wallet = await installTestWallet(p, { privateKey: KEY, chains: [{ chainId: 1, rpcUrl }] })
    })
    await connect(page, TestWalletRdns)
    await openRegister(page)

    await typeName(page, 'abc')
    await expectRefused(page, 'abc', 'A name has at least 4 characters')
    expect(await page.getByTestId('name-register-button').isDisabled()).toBe(true)
    await typeName(page, 'ab_cd')
    await expectRefused(page, 'ab_cd', 'A name may only contain letters, digits and hyphens')
    expect(await page.getByTestId('name-register-button').isDisabled()).toBe(true)

    // taken, as the live check says: with free alternatives to pick from
    const taken = label('taken')
    await registerElsewhere(taken)
    await typeName(page, taken, 'Taken')
    await expectRefused(page, taken, `${taken}.foyer.id is already registered`)
    expect(await page.getByTestId('name-register-button').isDisabled()).toBe(true)
    await page.getByTestId(`name-suggestion-${taken}1.foyer.id`).waitFor()

    // taken between the check and the click: the server's 409 reason
    const race = label('race')
    await typeName(page, race, 'Available')
    await registerElsewhere(race)
    await page.getByTestId('name-register-button').click()
    await expectRefused(page, race, `${race}.foyer.id is already registered; choose another name`)

    // the visitor refuses to sign in the wallet (4001)
    const refused = label('refused')
    await typeName(page, refused, 'Available')
    wallet!.rejectNext()
    await page.getByTestId('name-register-button').click()
    await expectRefused(page, refused, 'Error registering name')

    // a suggestion fills the input and registers
    await typeName(page, taken, 'Taken')
    await page.getByTestId(`name-suggestion-${taken}1.foyer.id`).click()
    await expect.poll(() => page.getByTestId('name-input').inputValue()).toBe(`${taken}1`)
    await expect.poll(() => text(page, 'name-availability')).toContain('Available')
    await page.getByTestId('name-register-button').click()
    await page.getByTestId('foyer-view-RegisterAccountNameSuccess').waitFor()
    expect(await requestOk(page, 'names/resolve', { name: `${taken}1` })).toEqual({
      name: `${taken}1`,
      address: ADDRESS,
    })
    expect(errors).toEqual([])
  })
})
