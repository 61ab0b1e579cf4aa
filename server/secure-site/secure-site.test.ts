import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createTestClient, http, parseEther, toHex, verifyMessage, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { spawnAnvil, type AnvilNode } from '../chains/anvil.js'
import { deployAccountAbstraction } from '../contracts/account-abstraction.js'
import { startMailbox, type RunningMailbox } from '../mail/mailbox.js'
import { openTestStore } from '../api/testing/store.js'
import type { Store } from '../store/store.js'
import { resolveSecureSiteConfig } from './config.js'
import { generateKek } from './seal.js'
import { startSecureSite, type RunningSecureSite } from './server.js'
import { publicClientFor } from './smart-account.js'

const HOST = 'http://127.0.0.1:5173'
const NET = 'eip155:31337'
let anvil: AnvilNode
let mailbox: RunningMailbox
let store: Store
let site: RunningSecureSite
const kek = generateKek()
const bundler = generatePrivateKey()

// The site's clock and the code limits' clock (the memory limiter reads Date.now) move together: only Date is faked,
// and it keeps ticking with real time; `later` jumps it forward.
const later = (ms: number) => vi.setSystemTime(Date.now() + ms)

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
  ;[anvil, mailbox, store] = await Promise.all([spawnAnvil({ chainId: 31337 }), startMailbox(), openTestStore()])
  const aa = await deployAccountAbstraction(anvil.rpcUrl)
  await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).setBalance({
    address: privateKeyToAccount(bundler).address,
    value: parseEther('10'),
  })
  site = await startSecureSite({
    store,
    config: resolveSecureSiteConfig({
      port: 0,
      kek,
      smtp: { host: mailbox.smtp.host, port: mailbox.smtp.port, from: 'Foyer <wallet@foyer.local>' },
      chains: [{ caipNetworkId: NET, chainId: 31337, name: 'Anvil', rpcUrl: anvil.rpcUrl, ...aa }],
      solana: [{ caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }],
      bundlerKey: bundler,
    }),
  })
})
afterAll(async () => {
  await site?.close()
  await Promise.all([mailbox?.close(), anvil?.close(), store?.close()])
  vi.useRealTimers()
})

/** A minimal browser: the frame's headers and a cookie jar for the secure origin. */
function frameClient() {
  let cookie = ''
  const call = async (path: string, body: unknown = {}, headers: Record<string, string> = {}) => {
    const res = await fetch(`${site.url}/api${path}`, {
      method: 'POST',
      headers: {
        origin: site.url,
        'x-foyer-frame': '1',
        'x-foyer-host': HOST,
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
    })
    const set = res.headers.get('set-cookie')
    if (set) cookie = set.split(';')[0].endsWith('=') ? '' : set.split(';')[0]
    return { status: res.status, body: (await res.json()) as Record<string, any>, setCookie: set }
  }
  return { call }
}

const latestCode = (to: string): string => {
  const m = mailbox.messages(to).at(-1)
  const code = /\b(\d{6})\b/.exec(m?.subject ?? '')?.[1]
  if (!code) throw new Error(`no code mailed to ${to}`)
  return code
}

async function login(email: string, accountType: 'eoa' | 'smartAccount' = 'eoa') {
  const client = frameClient()
  expect((await client.call('/email/start', { email })).body).toEqual({ action: 'VERIFY_OTP', resendAfterSeconds: 30 })
  const res = await client.call('/email/verify', { email, otp: latestCode(email), caipNetworkId: NET, accountType })
  expect(res.status).toBe(200)
  return { client, user: res.body, setCookie: res.setCookie! }
}

describe('email login', () => {
  it('logs in with the mailed code; the session cookie is HttpOnly, Secure and partitioned; keys stay sealed', async () => {
    const { client, user, setCookie } = await login('Ada@Example.com')
    expect(setCookie).toMatch(/HttpOnly/i)
    expect(setCookie).toMatch(/Secure/i)
    expect(setCookie).toMatch(/SameSite=None/i)
    expect(setCookie).toMatch(/Partitioned/i)
    expect(user).toMatchObject({
      email: 'ada@example.com',
      caipNetworkId: NET,
      accountType: 'eoa',
      smartAccountDeployed: false,
    })
    expect(user.accounts.map((a: { namespace: string; type: string }) => `${a.namespace}/${a.type}`)).toEqual([
      'eip155/eoa',
      'eip155/smartAccount',
      'solana/eoa',
    ])
    expect((await client.call('/user', { caipNetworkId: NET })).body.address).toBe(user.address)
    // the same person logging in again (after the resend cooldown) gets the same wallet
    later(31_000)
    expect((await login('ada@example.com')).user.address).toBe(user.address)

    const { rows } = await store.query<{
      namespace: string
      address: string
      kek_id: string
      nonce: Uint8Array
      ciphertext: Uint8Array
      tag: Uint8Array
    }>('SELECT * FROM wallet_keys')
    expect(rows.length).toBeGreaterThanOrEqual(2)
    for (const r of rows) {
      expect(r.ciphertext).toHaveLength(32)
      expect(r.nonce).toHaveLength(12)
      expect(r.tag).toHaveLength(16)
      expect(r.kek_id).toBe('k1')
    }
    // The key signs for the stored address, and its bytes appear nowhere in the row in clear.
    const sig = (
      await client.call('/rpc', {
        namespace: 'eip155',
        caipNetworkId: NET,
        method: 'personal_sign',
        params: [toHex('hi'), user.address],
      })
    ).body.result as Hex
    expect(await verifyMessage({ address: user.address, message: 'hi', signature: sig })).toBe(true)
    const dump = JSON.stringify(await store.query('SELECT * FROM wallet_keys'), (_, v) =>
      v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v,
    )
    expect(dump).not.toContain(kek)
  })

  it('wrong code five times, expired code, resend inside 30 s and the rate limit each answer their message', async () => {
    const email = 'limits@example.com'
    const client = frameClient()
    await client.call('/email/start', { email })
    const right = latestCode(email)
    const wrong = right === '000000' ? '111111' : '000000'
    const answers: string[] = []
    for (let i = 0; i < 5; i++) answers.push((await client.call('/email/verify', { email, otp: wrong })).body.message)
    expect(answers).toEqual([
      'Wrong code. 4 tries left.',
      'Wrong code. 3 tries left.',
      'Wrong code. 2 tries left.',
      'Wrong code. 1 try left.',
      'Too many wrong codes. Ask for a new one.',
    ])
    expect((await client.call('/email/verify', { email, otp: right })).body.message).toBe(
      'Too many wrong codes. Ask for a new one.',
    )

    const again = await client.call('/email/start', { email })
    expect(again.status).toBe(429)
    expect(again.body.message).toMatch(/^Wait (\d+) seconds before asking for a new code$/)

    later(31_000)
    await client.call('/email/start', { email })
    const fresh = latestCode(email)
    later(601_000)
    expect((await client.call('/email/verify', { email, otp: fresh })).body.message).toBe(
      'This code has expired. Ask for a new one.',
    )

    // five codes per address per hour: the sixth within the hour is refused with the time to wait
    for (let i = 0; i < 3; i++) {
      later(31_000)
      expect((await client.call('/email/start', { email })).status).toBe(200)
    }
    later(31_000)
    const limited = await client.call('/email/start', { email })
    expect(limited.status).toBe(429)
    expect(limited.body.message).toMatch(/^Too many requests\. Try again after \d+ seconds$/)
  })

  it('refuses calls that do not come from the frame, and a host origin that is not allowed', async () => {
    const client = frameClient()
    expect((await client.call('/email/start', { email: 'x@example.com' }, { origin: HOST })).status).toBe(403)
    expect((await client.call('/email/start', { email: 'x@example.com' }, { 'x-foyer-frame': '0' })).status).toBe(403)
    expect(
      (await client.call('/email/start', { email: 'x@example.com' }, { 'x-foyer-host': 'https://evil.example' }))
        .status,
    ).toBe(403)
    expect((await client.call('/user')).status).toBe(401)
    expect((await client.call('/email/start', { email: 'not an email' })).body.message).toBe(
      'Enter a valid email address',
    )
  })
})

describe('the frame page', () => {
  it('may be embedded only by the origin it is served for, and says when that origin is not allowed', async () => {
    const ok = await fetch(`${site.url}/frame?origin=${encodeURIComponent(HOST)}`)
    expect(ok.headers.get('content-security-policy')).toContain(`frame-ancestors ${HOST}`)
    expect(await ok.text()).toContain('"verified":true')
    const evil = await fetch(`${site.url}/frame?origin=${encodeURIComponent('https://evil.example')}`)
    expect(await evil.text()).toContain('"verified":false')
    expect((await fetch(`${site.url}/frame?origin=javascript:alert(1)`)).status).toBe(400)
    const js = await fetch(`${site.url}/frame.js`)
    expect(js.status).toBe(200)
    expect((await js.text()).length).toBeGreaterThan(1000)
  })
})

describe('accounts and requests', () => {
  it('sends from the EOA, then switches to the smart account whose first transfer deploys it', async () => {
    const { client, user } = await login('bob@example.com')
    const pub = publicClientFor({ caipNetworkId: NET, chainId: 31337, name: 'Anvil', rpcUrl: anvil.rpcUrl })
    const test = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) })
    await test.setBalance({ address: user.address, value: parseEther('1') })
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const tx = { namespace: 'eip155', caipNetworkId: NET, method: 'eth_sendTransaction' }
    const hash = (
      await client.call('/rpc', {
        ...tx,
        params: [{ from: user.address, to: receiver, value: toHex(parseEther('0.1')) }],
      })
    ).body.result
    await pub.waitForTransactionReceipt({ hash })
    expect(await pub.getBalance({ address: receiver })).toBe(parseEther('0.1'))

    const switched = await client.call('/account-type', { caipNetworkId: NET, accountType: 'smartAccount' })
    expect(switched.body).toMatchObject({ accountType: 'smartAccount', smartAccountDeployed: false })
    const smart = switched.body.address as Address
    expect(smart).not.toBe(user.address)
    await test.setBalance({ address: smart, value: parseEther('1') })
    const caps = (await client.call('/rpc', { ...tx, method: 'wallet_getCapabilities', params: [smart] })).body.result
    expect(caps).toEqual({ '0x7a69': { atomic: { status: 'supported' } } })
    const h2 = (
      await client.call('/rpc', { ...tx, params: [{ from: smart, to: receiver, value: toHex(parseEther('0.1')) }] })
    ).body.result
    expect((await pub.getTransactionReceipt({ hash: h2 })).status).toBe('success')
    expect(await pub.getBalance({ address: receiver })).toBe(parseEther('0.2'))
    expect((await client.call('/user', { caipNetworkId: NET })).body.smartAccountDeployed).toBe(true)
    // a request naming another account is refused
    const other = await client.call('/rpc', { ...tx, params: [{ from: user.address, to: receiver, value: '0x1' }] })
    expect(other.body.rpcCode).toBe(4100)
    // unknown methods never run
    expect((await client.call('/rpc', { ...tx, method: 'eth_sign', params: [] })).body.message).toBe(
      'RPC method not allowed',
    )
  })

  it('the default smart account signs messages and typed data that verify on the chain, before and after deployment', async () => {
    // SPEC §9: smartAccount is the default account type on EVM
    const { client, user } = await login('dora@example.com', 'smartAccount')
    expect(user).toMatchObject({ accountType: 'smartAccount', smartAccountDeployed: false })
    const account = user.address as Address
    const owner = user.accounts.find((a: { type: string }) => a.type === 'eoa').address as Address
    const pub = publicClientFor({ caipNetworkId: NET, chainId: 31337, name: 'Anvil', rpcUrl: anvil.rpcUrl })
    const rpc = async (method: string, params: unknown[]) => {
      const res = await client.call('/rpc', { namespace: 'eip155', caipNetworkId: NET, method, params })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.result as Hex
    }
    const typed = {
      domain: { name: 'Mail', version: '1', chainId: 31337, verifyingContract: owner },
      types: {
        Person: [{ name: 'wallet', type: 'address' }],
        Mail: [
          { name: 'to', type: 'Person' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      message: { to: { wallet: owner }, contents: 'hello' },
    } as const
    const check = async (message: string) => {
      const signature = await rpc('personal_sign', [toHex(message), account])
      expect(await pub.verifyMessage({ address: account, message, signature })).toBe(true)
      expect(await pub.verifyMessage({ address: account, message: `${message}!`, signature })).toBe(false)
      // not the owner's plain signature: ecrecover alone does not take it, for the account nor for the owner
      expect(await verifyMessage({ address: account, message, signature }).catch(() => false)).toBe(false)
      expect(await pub.verifyMessage({ address: owner, message, signature })).toBe(false)
      const typedSignature = await rpc('eth_signTypedData_v4', [account, JSON.stringify(typed)])
      expect(await pub.verifyTypedData({ ...typed, address: account, signature: typedSignature })).toBe(true)
      const changed = { ...typed, message: { ...typed.message, contents: 'hullo' } }
      expect(await pub.verifyTypedData({ ...changed, address: account, signature: typedSignature })).toBe(false)
      return signature
    }
    // not deployed: ERC-6492
    await check('sign in, undeployed')
    expect(await pub.getCode({ address: account })).toBeUndefined()
    // the owner's own plain signature does not pass for the smart account (ERC-7739 binds it to the account)
    const switchTo = async (accountType: string) =>
      expect((await client.call('/account-type', { caipNetworkId: NET, accountType })).body).toMatchObject({
        accountType,
      })
    await switchTo('eoa')
    const plain = await rpc('personal_sign', [toHex('replayed'), owner])
    await switchTo('smartAccount')
    expect(await verifyMessage({ address: owner, message: 'replayed', signature: plain })).toBe(true)
    expect(await pub.verifyMessage({ address: account, message: 'replayed', signature: plain })).toBe(false)

    // deployed by its first transfer: ERC-1271 on the account itself
    const test = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) })
    await test.setBalance({ address: account, value: parseEther('1') })
    const hash = await rpc('eth_sendTransaction', [{ from: account, to: owner, value: toHex(1n) }])
    expect((await pub.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await pub.getCode({ address: account })).toMatch(/^0x[0-9a-f]{10,}/)
    await check('sign in, deployed')
    expect(await pub.verifyMessage({ address: account, message: 'replayed', signature: plain })).toBe(false)
  })

  it('changes the email with codes sent to the current and the new address', async () => {
    const { client } = await login('carol@example.com')
    expect((await client.call('/email/update', { email: 'carol@new.example' })).body.action).toBe('VERIFY_BOTH_OTPS')
    const res = await client.call('/email/update/confirm', {
      email: 'carol@new.example',
      currentOtp: latestCode('carol@example.com'),
      newOtp: latestCode('carol@new.example'),
    })
    expect(res.body).toEqual({ email: 'carol@new.example' })
    expect((await client.call('/user', { caipNetworkId: NET })).body.email).toBe('carol@new.example')
    expect((await client.call('/signout')).status).toBe(200)
    expect((await client.call('/user')).status).toBe(401)
  })
})
