// Passkey login of the embedded wallet (issue 36) over the site's real API: a software authenticator creates a wallet,
// logs in, is added to an email wallet and removed. The attacks come first: a ceremony whose clientDataJSON names
// another origin (the host page's, or a stranger's), a challenge issued to one frame session redeemed by another, and
// a challenge used twice are all refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestStore } from '../../api/testing/store.js'
import { startMailbox, type RunningMailbox } from '../../mail/mailbox.js'
import type { Store } from '../../store/store.js'
import { resolveSecureSiteConfig } from '../config.js'
import { generateKek } from '../seal.js'
import { startSecureSite, type RunningSecureSite } from '../server.js'
import { softCredential } from './soft-authenticator.js'

const HOST = 'http://127.0.0.1:5173'
let store: Store
let mailbox: RunningMailbox
let site: RunningSecureSite

beforeAll(async () => {
  ;[store, mailbox] = await Promise.all([openTestStore(), startMailbox()])
  site = await startSecureSite({
    store,
    config: resolveSecureSiteConfig({
      port: 0,
      kek: generateKek(),
      smtp: { host: mailbox.smtp.host, port: mailbox.smtp.port, from: 'Foyer <wallet@foyer.local>' },
    }),
  })
})
afterAll(async () => {
  await site?.close()
  await Promise.all([mailbox?.close(), store?.close()])
})

/** The frame as the browser runs it: its headers and its own cookie jar (one jar = one frame session). */
function frameClient() {
  const jar = new Map<string, string>()
  const call = async (path: string, body: unknown = {}) => {
    const res = await fetch(`${site.url}/api${path}`, {
      method: 'POST',
      headers: {
        origin: site.url,
        'x-foyer-frame': '1',
        'x-foyer-host': HOST,
        'content-type': 'application/json',
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: JSON.stringify(body),
    })
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';')
      const at = pair.indexOf('=')
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)]
      if (value) jar.set(name, value)
      else jar.delete(name)
    }
    return { status: res.status, body: (await res.json()) as Record<string, any> }
  }
  return { call }
}

async function emailLogin(email: string) {
  const client = frameClient()
  expect((await client.call('/email/start', { email })).status).toBe(200)
  const code = /\b(\d{6})\b/.exec(mailbox.messages(email).at(-1)?.subject ?? '')![1]
  const res = await client.call('/email/verify', { email, otp: code, accountType: 'eoa' })
  expect(res.status).toBe(200)
  return { client, user: res.body }
}

/** Creates a wallet with a new passkey in a fresh frame session. */
async function createWallet() {
  const client = frameClient()
  const cred = softCredential()
  const options = await client.call('/passkey/options', { purpose: 'create' })
  expect(options.status).toBe(200)
  const res = await client.call('/passkey/create', { response: cred.register(options.body, site.url) })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { client, cred, user: res.body }
}

describe('passkey ceremonies are bound to the secure site (attacks)', () => {
  it('refuses a registration whose clientDataJSON names the host page origin or another origin', async () => {
    for (const origin of [HOST, 'https://evil.example']) {
      const client = frameClient()
      const cred = softCredential()
      const options = await client.call('/passkey/options', { purpose: 'create' })
      const res = await client.call('/passkey/create', { response: cred.register(options.body, site.url, { origin }) })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('passkey_refused')
      // nothing was created: the credential logs nobody in
      const login = await client.call('/passkey/options', { purpose: 'login' })
      expect((await client.call('/passkey/login', { response: cred.assert(login.body, site.url) })).status).toBe(400)
    }
  })

  it('refuses an assertion whose clientDataJSON names another origin, or a foreign top-level page', async () => {
    const { client, cred } = await createWallet()
    for (const data of [{ origin: HOST }, { origin: 'https://evil.example' }, { topOrigin: 'https://evil.example' }]) {
      const options = await client.call('/passkey/options', { purpose: 'login' })
      const res = await client.call('/passkey/login', { response: cred.assert(options.body, site.url, data) })
      expect(res.status, JSON.stringify(data)).toBe(400)
      expect(res.body.error).toBe('passkey_refused')
    }
    // the same credential, in the site's own origin framed by the allowed host, logs in
    const options = await client.call('/passkey/options', { purpose: 'login' })
    const ok = await client.call('/passkey/login', {
      response: cred.assert(options.body, site.url, { topOrigin: HOST }),
    })
    expect(ok.status).toBe(200)
  })

  it('refuses a challenge issued to one frame session when another session redeems it', async () => {
    const { cred } = await createWallet()
    const victim = frameClient()
    const attacker = frameClient()
    const options = await victim.call('/passkey/options', { purpose: 'login' })
    const res = await attacker.call('/passkey/login', { response: cred.assert(options.body, site.url) })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('passkey_challenge')
    // the same for a registration: the victim's challenge does not create the attacker's wallet
    const create = await victim.call('/passkey/options', { purpose: 'create' })
    const stolen = await attacker.call('/passkey/create', {
      response: softCredential().register(create.body, site.url),
    })
    expect(stolen.status).toBe(400)
    expect(stolen.body.error).toBe('passkey_challenge')
  })

  it('uses a challenge once', async () => {
    const { client, cred } = await createWallet()
    const options = await client.call('/passkey/options', { purpose: 'login' })
    const first = cred.assert(options.body, site.url)
    expect((await client.call('/passkey/login', { response: first })).status).toBe(200)
    const again = await client.call('/passkey/login', { response: cred.assert(options.body, site.url) })
    expect(again.status).toBe(400)
    expect(again.body.error).toBe('passkey_challenge')
  })
})

describe('passkey login', () => {
  it('creates a wallet with a passkey and logs in with it from a new session', async () => {
    const { cred, user } = await createWallet()
    expect(user.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(user.email).toBeUndefined()
    const later = frameClient()
    const options = await later.call('/passkey/options', { purpose: 'login' })
    expect(options.body.rpId).toBe(new URL(site.url).hostname)
    const res = await later.call('/passkey/login', { response: cred.assert(options.body, site.url) })
    expect(res.status).toBe(200)
    expect(res.body.address).toBe(user.address)
    // the session works for the wallet's other calls
    expect((await later.call('/user', {})).body.address).toBe(user.address)
  })

  it('adds a passkey to an email wallet, logs in with it, and refuses it once removed', async () => {
    const { client, user } = await emailLogin('grace@example.com')
    const cred = softCredential()
    const options = await client.call('/passkey/options', { purpose: 'add' })
    expect(options.status).toBe(200)
    const added = await client.call('/passkey/add', { response: cred.register(options.body, site.url) })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    expect(added.body.passkeys.map((p: { id: string }) => p.id)).toEqual([cred.id])

    const other = frameClient()
    const login = await other.call('/passkey/options', { purpose: 'login' })
    const res = await other.call('/passkey/login', { response: cred.assert(login.body, site.url) })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ address: user.address, email: 'grace@example.com' })

    expect((await client.call('/passkey/remove', { id: cred.id })).body).toEqual({ passkeys: [] })
    const again = await other.call('/passkey/options', { purpose: 'login' })
    const refused = await other.call('/passkey/login', { response: cred.assert(again.body, site.url) })
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBe('passkey_unknown')
  })

  it('needs a session to add or remove, and keeps the last way to log in', async () => {
    const stranger = frameClient()
    expect((await stranger.call('/passkey/options', { purpose: 'add' })).status).toBe(401)
    const { client, cred } = await createWallet()
    expect((await stranger.call('/passkey/remove', { id: cred.id })).status).toBe(401)
    const last = await client.call('/passkey/remove', { id: cred.id })
    expect(last.status).toBe(409)
    expect(last.body.message).toMatch(/only way to log in/)
    // another wallet's passkey is not this session's to remove
    const { cred: theirs } = await createWallet()
    expect((await client.call('/passkey/remove', { id: theirs.id })).status).toBe(404)
  })

  it('answers bad input with a 400 and a message', async () => {
    // a bad network is refused before the challenge is spent: the same answer then logs in
    const { client: owner, cred } = await createWallet()
    const options = await owner.call('/passkey/options', { purpose: 'login' })
    const response = cred.assert(options.body, site.url)
    const bad = await owner.call('/passkey/login', { response, caipNetworkId: 'eip155:999999' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBeTruthy()
    expect((await owner.call('/passkey/login', { response })).status).toBe(200)
    const client = frameClient()
    expect((await client.call('/passkey/options', { purpose: 'steal' })).status).toBe(400)
    const res = await client.call('/passkey/login', { response: { id: 'x' } })
    expect(res.status).toBe(400)
    expect(res.body.message).toBeTruthy()
  })
})

describe('passkey attempts are rate limited', () => {
  it('counts options and verifications from one client address in the login budget (secureSite.logins)', async () => {
    const limited = await startSecureSite({
      store,
      config: resolveSecureSiteConfig({
        port: 0,
        kek: generateKek(),
        smtp: { host: '127.0.0.1', port: 1, from: 'Foyer <wallet@foyer.local>' },
        logins: { maxPerIp: 3 },
      }),
    })
    try {
      const post = (path: string, body: unknown) =>
        fetch(`${limited.url}/api${path}`, {
          method: 'POST',
          headers: {
            origin: limited.url,
            'x-foyer-frame': '1',
            'x-foyer-host': HOST,
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
        })
      for (let i = 0; i < 2; i++) expect((await post('/passkey/options', { purpose: 'login' })).status).toBe(200)
      expect(
        (await post('/passkey/login', { response: softCredential().assert({ challenge: 'x' }, limited.url) })).status,
      ).toBe(400)
      const over = await post('/passkey/options', { purpose: 'login' })
      expect(over.status).toBe(429)
      expect(((await over.json()) as { message: string }).message).toMatch(/try again in \d+ seconds/)
    } finally {
      await limited.close()
    }
  })
})
