// Email capture after Sign in with X, in-process against a real SMTP catcher (the local mailbox): a signed-in token
// asks for a code, the code arrives by mail, a right code stores the email for the account; bad addresses, wrong,
// expired and exhausted codes, the resend cooldown and the per-IP limit each answer their error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { formatSiwxMessage } from '../../../protocol/siwx/message.js'
import { resolveConfig } from '../../config.js'
import { startMailbox, type RunningMailbox } from '../../mail/mailbox.js'
import { openEmailCapture, type EmailCapture } from '../../siwx/email.js'
import { createTestApi, type TestApi } from '../testing/harness.js'

const projectId = 'cd'.repeat(16)
const domain = 'localhost:5173'
const MaxPerIp = 6
let api: TestApi
let mailbox: RunningMailbox
let capture: EmailCapture

beforeAll(async () => {
  mailbox = await startMailbox({ httpPort: 0, smtpPort: 0 })
  const base = resolveConfig({ dataDir: 'memory://' })
  const config = { ...base, secureSite: { ...base.secureSite, codes: { maxPerIp: MaxPerIp } } }
  capture = (await openEmailCapture(config, { ...mailbox.smtp, from: 'Foyer <login@foyer.local>' }))!
  api = await createTestApi({ config, deps: { emailCapture: capture } })
})
afterAll(async () => {
  await api?.close()
  await capture?.close()
  await mailbox?.close()
})

// A fresh account signed in on eip155:1; its bearer header.
async function signedIn() {
  const account = privateKeyToAccount(generatePrivateKey())
  const { nonce } = (await api.client.post<any>('/v1/siwx/nonces', undefined, { query: { projectId } })).body
  const data = {
    domain,
    uri: `http://${domain}/`,
    version: '1',
    nonce,
    issuedAt: new Date().toISOString(),
    accountAddress: account.address,
    chainId: 'eip155:1',
  }
  const message = formatSiwxMessage(data)
  const signature = await account.signMessage({ message })
  const res = await api.client.post<any>('/v1/siwx/sessions', { data, message, signature }, { query: { projectId } })
  expect(res.status).toBe(201)
  return { account, headers: { authorization: `Bearer ${res.body.token}` } }
}
const ask = (headers: Record<string, string>, email: unknown) =>
  api.client.post<any>('/v1/siwx/email/codes', { email }, { headers })
const confirm = (headers: Record<string, string>, email: string, code: string) =>
  api.client.post<any>('/v1/siwx/email', { email, code }, { headers })
const mailedCode = async (to: string) => {
  await expect.poll(() => mailbox.messages(to).length).toBeGreaterThan(0)
  return /Your code: (\d{6})/.exec(mailbox.messages(to).at(-1)!.text)![1]
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const error = (r: { status: number; body: any }) => [r.status, r.body.error, r.body.message]

describe('email capture', () => {
  it('refuses a bad address, and anyone without a session', async () => {
    const { headers } = await signedIn()
    for (const bad of ['not-an-email', 'a@b', `${'x'.repeat(250)}@example.com`, 42])
      expect(error(await ask(headers, bad)).slice(0, 2)).toEqual([400, 'invalid_email'])
    expect((await ask({}, 'someone@example.com')).status).toBe(401)
    expect((await confirm({}, 'someone@example.com', '123456')).status).toBe(401)
    expect(mailbox.messages('someone@example.com')).toEqual([])
  })

  it('mails a code, refuses a wrong one, stores the email on the right one', async () => {
    const { account, headers } = await signedIn()
    const email = 'Visitor.One@Example.com '
    const sent = await ask(headers, email)
    expect(sent.status).toBe(202)
    expect(sent.body).toEqual({ email: 'visitor.one@example.com', resendAfterSeconds: 30, expiresInSeconds: 600 })
    const code = await mailedCode('visitor.one@example.com')
    expect(error(await confirm(headers, 'visitor.one@example.com', wrong(code)))).toEqual([
      400,
      'wrong_code',
      'Wrong code. 4 tries left.',
    ])
    // asking again inside the cooldown is refused; the first code still holds
    expect(error(await ask(headers, email)).slice(0, 2)).toEqual([429, 'resend_too_soon'])
    const ok = await confirm(headers, 'visitor.one@example.com', code)
    expect(ok.status).toBe(200)
    expect(ok.body.email).toBe('visitor.one@example.com')
    const current = await api.client.get<any>('/v1/siwx/sessions/current', { headers })
    expect(current.body.email).toBe('visitor.one@example.com')
    const { rows } = await api.store.query<{ email: string; address: string }>(
      `SELECT email, address FROM siwx_account_emails WHERE project_id = $1`,
      [projectId],
    )
    expect(rows).toContainEqual({ email: 'visitor.one@example.com', address: account.address.toLowerCase() })
    // used once only
    expect(error(await confirm(headers, 'visitor.one@example.com', code)).slice(0, 2)).toEqual([400, 'no_code'])
  })

  it('an expired code and a code after five wrong tries are refused; nothing is stored', async () => {
    const { headers } = await signedIn()
    await ask(headers, 'late@example.com')
    const late = await mailedCode('late@example.com')
    await api.store.query(`UPDATE wallet_codes SET expires_ms = 0 WHERE purpose = 'capture' AND email = $1`, [
      'late@example.com',
    ])
    expect(error(await confirm(headers, 'late@example.com', late))).toEqual([
      400,
      'code_expired',
      'This code has expired. Ask for a new one.',
    ])
    await ask(headers, 'guess@example.com')
    const code = await mailedCode('guess@example.com')
    for (const left of [4, 3, 2, 1])
      expect((await confirm(headers, 'guess@example.com', wrong(code))).body.message).toBe(
        `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
      )
    const fifth = await confirm(headers, 'guess@example.com', wrong(code))
    expect(error(fifth)).toEqual([400, 'too_many_attempts', 'Too many wrong codes. Ask for a new one.'])
    expect(error(await confirm(headers, 'guess@example.com', code)).slice(0, 2)).toEqual([400, 'too_many_attempts'])
    expect((await api.client.get<any>('/v1/siwx/sessions/current', { headers })).body.email).toBeNull()
  })

  it('one client gets a limited number of codes, then "Too many requests. Try again after N seconds"', async () => {
    const { headers } = await signedIn()
    let refused: { status: number; body: any } | undefined
    let n = 0
    for (; n < MaxPerIp + 1 && !refused; n++) {
      const r = await ask(headers, `limit${n}@example.com`)
      if (r.status !== 202) refused = r
    }
    expect(refused && error(refused).slice(0, 2)).toEqual([429, 'rate_limited'])
    expect(refused!.body.message).toMatch(/^Too many requests\. Try again after \d+ seconds$/)
    expect(mailbox.messages(`limit${n - 1}@example.com`)).toEqual([])
  })
})
