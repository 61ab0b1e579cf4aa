// Social and Farcaster logins on the secure site, over HTTP only: the whole redirect dance against the real local
// OpenID provider (sign-in form, consent, code with PKCE), the result URI redeemed by the frame API, and the
// Farcaster relay answered by a viem account playing the Farcaster app.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { openTestStore } from '../../api/testing/store.js'
import { startOidcProvider, type RunningOidcProvider } from '../../oidc/provider.js'
import type { Store } from '../../store/store.js'
import { resolveSecureSiteConfig } from '../config.js'
import { generateKek } from '../seal.js'
import { startSecureSite, type RunningSecureSite } from '../server.js'

const HOST = 'http://127.0.0.1:5173'
const SOL = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
let store: Store
let oidc: RunningOidcProvider
let site: RunningSecureSite

beforeAll(async () => {
  ;[store, oidc] = await Promise.all([openTestStore(), startOidcProvider()])
  site = await startSecureSite({
    store,
    config: resolveSecureSiteConfig({
      port: 0,
      kek: generateKek(),
      smtp: { host: '127.0.0.1', port: 1, from: 'Foyer <wallet@foyer.local>' },
      solana: [{ caipNetworkId: SOL }],
      social: Object.fromEntries(oidc.clients.map((c) => [c.provider, { ...c, issuer: oidc.issuer }])),
    }),
  })
  await oidc.allowRedirect(`${site.url}/social/callback`)
})
afterAll(async () => {
  await site?.close()
  await Promise.all([oidc?.close(), store?.close()])
})

/** Calls the frame API as the frame on HOST would (its cookies kept: one frame session). */
function frame() {
  const jar = new Map<string, string>()
  return async (path: string, body: unknown = {}, host = HOST) => {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ')
    const res = await fetch(`${site.url}/api${path}`, {
      method: 'POST',
      headers: {
        origin: site.url,
        'x-foyer-frame': '1',
        'x-foyer-host': host,
        'content-type': 'application/json',
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify(body),
    })
    for (const set of res.headers.getSetCookie()) {
      const [k, v] = set.split(';')[0].split(/=(.*)/s)
      jar.set(k, v)
    }
    return { status: res.status, body: (await res.json()) as Record<string, any> }
  }
}

/** A browser tab's walk through redirects: one cookie jar per origin, forms posted like a person would. */
async function walk(start: string, username: string | undefined, stopAt = HOST): Promise<string> {
  const jars = new Map<string, string>()
  let url = start
  let method = 'GET'
  let form: string | undefined
  for (let hop = 0; hop < 20; hop++) {
    const origin = new URL(url).origin
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        ...(jars.get(origin) ? { cookie: jars.get(origin)! } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form,
    })
    const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0])
    if (cookies.length) {
      const jar = new Map(
        (jars.get(origin) ?? '')
          .split('; ')
          .filter(Boolean)
          .map((c) => c.split(/=(.*)/s) as [string, string]),
      )
      for (const c of cookies) jar.set(...(c.split(/=(.*)/s) as [string, string]))
      jars.set(origin, [...jar].map(([k, v]) => `${k}=${v}`).join('; '))
    }
    ;[method, form] = ['GET', undefined]
    const location = res.headers.get('location')
    if (location) {
      url = new URL(location, url).href
      if (url.startsWith(stopAt)) return url
      continue
    }
    const html = await res.text()
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]
    if (!action) return `${res.status} ${html}`
    url = new URL(action, url).href
    method = 'POST'
    if (username === undefined) url = url.replace(/\/login$/, '/abort')
    else form = new URLSearchParams({ username }).toString()
  }
  throw new Error('too many redirects')
}

const newState = () => randomBytes(24).toString('base64url')
/** The frame session `call` starts a redirect login; the URL the page sends the visitor to. */
async function startUrl(call: ReturnType<typeof frame>, provider: string): Promise<string> {
  const started = await call('/social/start', { provider, mode: 'redirect', returnUrl: `${HOST}/app?x=1` })
  expect(started.status).toBe(200)
  return started.body.url as string
}
const resultOf = (back: string) => {
  const u = new URL(back)
  expect(`${u.origin}${u.pathname}`).toBe(`${HOST}/app`)
  return u.searchParams.get('result_uri')!
}

describe('social login', () => {
  it('walks the redirect dance; the same person gets the same wallet; a result is redeemed once, by its page', async () => {
    const call = frame()
    const url = await startUrl(call, 'google')
    const resultUri = resultOf(await walk(url, 'ada'))
    expect(new URL(resultUri).searchParams.get('state')).toBe(new URL(url).searchParams.get('state'))
    expect(new URL(resultUri).searchParams.get('code')).toBeTruthy()
    const first = await call('/social/connect', { resultUri, caipNetworkId: SOL })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ socialProvider: 'google', username: 'ada', caipNetworkId: SOL })
    expect((await call('/user', { caipNetworkId: SOL })).body.address).toBe(first.body.address)
    // replayed: refused
    expect((await call('/social/connect', { resultUri, caipNetworkId: SOL })).status).toBe(400)

    const next = frame()
    const again = resultOf(await walk(await startUrl(next, 'google'), 'ada'))
    expect((await next('/social/connect', { resultUri: again, caipNetworkId: SOL })).body.address).toBe(
      first.body.address,
    )
    // the same name at another provider is another person
    const gh = frame()
    const github = resultOf(await walk(await startUrl(gh, 'github'), 'ada'))
    const other = await gh('/social/connect', { resultUri: github, caipNetworkId: SOL })
    expect(other.body).toMatchObject({ socialProvider: 'github', username: 'ada' })
    expect(other.body.address).not.toBe(first.body.address)
  })

  it('refuses a result on another page, a cancelled sign-in, a spent start link and an unknown provider', async () => {
    const call = frame()
    const resultUri = resultOf(await walk(await startUrl(call, 'discord'), 'bo'))
    const foreign = await call('/social/connect', { resultUri }, 'http://localhost:3000')
    expect(foreign.status).toBe(403)

    const cancelled = resultOf(await walk(await startUrl(call, 'x'), undefined))
    expect(new URL(cancelled).searchParams.get('error')).toBe('access_denied')
    const refused = await call('/social/connect', { resultUri: cancelled })
    expect(refused.body.message).toMatch(/refused the sign-in \(access_denied\)/)

    const link = await startUrl(call, 'apple')
    const done = resultOf(await walk(link, 'cy'))
    expect((await call('/social/connect', { resultUri: done })).status).toBe(200)
    const spent = await fetch(link, { redirect: 'manual' })
    expect(spent.status).toBe(400)
    expect(spent.headers.get('location')).toBeNull()

    const unknown = await call('/social/start', { provider: 'myspace', mode: 'popup' })
    expect(unknown.status).toBe(404)
    const foreignStart = await call('/social/start', { provider: 'google', mode: 'popup' }, 'https://evil.example')
    expect(foreignStart.status).toBe(403)
  })
})

describe('social login takeover (issue 29)', () => {
  const ATTACKER = 'https://foyer-attacker.vercel.app'
  const link = (provider: string, origin: string, state = newState()) =>
    `${site.url}/social/start?${new URLSearchParams({ provider, origin, state, mode: 'redirect', return: `${origin}/grab` })}`

  it('a link that returns to a preview-host page hands its script no session on the victim’s wallet', async () => {
    // the victim follows a link on the wallet's own domain and signs in at the provider
    const landed = await walk(link('google', ATTACKER), 'victim', ATTACKER)
    const stolen = landed.startsWith(ATTACKER) ? new URL(landed).searchParams.get('result_uri') : null
    // the attacker's script redeems whatever came back, as the frame on its own page would
    const redeemed = stolen && (await frame()('/social/connect', { resultUri: stolen, caipNetworkId: SOL }, ATTACKER))
    expect(redeemed && redeemed.body.address).toBeFalsy()
    expect(stolen).toBeNull()
  })

  it('is no open redirect: an unknown provider is refused on the spot, without a redirect', async () => {
    const res = await fetch(link('nope', HOST), { redirect: 'manual' })
    expect(res.headers.get('location')).toBeNull()
    expect(res.status).toBe(400)
  })

  it('a result is redeemed only by the frame session that started it, and returns only to its page', async () => {
    const started = frame()
    const begun = await started('/social/start', { provider: 'google', mode: 'redirect', returnUrl: `${HOST}/app?x=1` })
    expect(begun.status).toBe(200)
    const resultUri = resultOf(await walk(begun.body.url, 'ada'))
    // another browser (no binding cookie) on the same page: refused, and the login is not spent
    const other = await frame()('/social/connect', { resultUri, caipNetworkId: SOL })
    expect(other.status).toBe(403)
    const mine = await started('/social/connect', { resultUri, caipNetworkId: SOL })
    expect(mine.body).toMatchObject({ socialProvider: 'google', username: 'ada' })
    // a return page on another origin than the frame's page is refused
    const away = await frame()('/social/start', { provider: 'google', mode: 'redirect', returnUrl: `${ATTACKER}/x` })
    expect(away.status).toBe(400)
  })

  it('a preview-host page of the default origin list cannot start a social login', async () => {
    const res = await frame()('/social/start', { provider: 'google', mode: 'popup' }, ATTACKER)
    expect(res.status).toBe(403)
    expect(res.body.message).toMatch(/social login/i)
  })
})

describe('Farcaster sign-in relay', () => {
  const custody = privateKeyToAccount(generatePrivateKey())
  /** The Farcaster app: reads the channel URL, signs SIWF with the custody key, answers over the relay API. */
  async function answer(url: string, fid: number, sign = (m: string) => custody.signMessage({ message: m })) {
    const u = new URL(url)
    const message = createSiweMessage({
      domain: u.searchParams.get('domain')!,
      uri: u.searchParams.get('siweUri')!,
      address: custody.address,
      chainId: 10,
      version: '1',
      nonce: u.searchParams.get('nonce')!,
      statement: 'Farcaster Auth',
      issuedAt: new Date(),
      resources: [`farcaster://fid/${fid}`],
    })
    const res = await fetch(`${site.url}/farcaster/v1/channel/authenticate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${u.searchParams.get('channelToken')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message, signature: await sign(message), fid, username: `fc${fid}` }),
    })
    expect(res.status).toBe(201)
  }

  it('logs in once the app signed; pending before; a wrong signature fails', async () => {
    const call = frame()
    const { channelToken, url } = (await call('/farcaster/channel')).body
    expect(url).toMatch(/^https:\/\/farcaster\.xyz\/~\/siwf\?channelToken=/)
    const status = await fetch(`${site.url}/farcaster/v1/channel/status`, {
      headers: { authorization: `Bearer ${channelToken}` },
    })
    expect(status.status).toBe(202)
    expect((await call('/farcaster/connect', { channelToken, caipNetworkId: SOL })).body).toEqual({ state: 'pending' })
    await answer(url, 1234)
    const done = await fetch(`${site.url}/farcaster/v1/channel/status`, {
      headers: { authorization: `Bearer ${channelToken}` },
    })
    expect(await done.json()).toMatchObject({ state: 'completed', fid: 1234, username: 'fc1234' })
    const user = await call('/farcaster/connect', { channelToken, caipNetworkId: SOL })
    expect(user.body).toMatchObject({ socialProvider: 'farcaster', username: 'fc1234' })

    const again = frame()
    const second = (await again('/farcaster/channel')).body
    await answer(second.url, 1234)
    expect(
      (await again('/farcaster/connect', { channelToken: second.channelToken, caipNetworkId: SOL })).body.address,
    ).toBe(user.body.address)

    const forged = frame()
    const third = (await forged('/farcaster/channel')).body
    const stranger = privateKeyToAccount(generatePrivateKey())
    await answer(third.url, 1234, (m) => stranger.signMessage({ message: m }))
    const refused = await forged('/farcaster/connect', { channelToken: third.channelToken })
    expect(refused.status).toBe(401)
    expect(refused.body.message).toMatch(/signature does not match/)
  })
})
