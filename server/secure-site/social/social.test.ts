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

/** Calls the frame API as the frame on HOST would (cookie kept). */
function frame() {
  let cookie = ''
  return async (path: string, body: unknown = {}, host = HOST) => {
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
    const set = res.headers.get('set-cookie')
    if (set) cookie = set.split(';')[0]
    return { status: res.status, body: (await res.json()) as Record<string, any> }
  }
}

/** A browser tab's walk through redirects: one cookie jar per origin, forms posted like a person would. */
async function walk(start: string, username: string | undefined): Promise<string> {
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
      if (url.startsWith(HOST)) return url
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
const startUrl = (provider: string, state: string) =>
  `${site.url}/social/start?${new URLSearchParams({ provider, origin: HOST, state, mode: 'redirect', return: `${HOST}/app?x=1` })}`
const resultOf = (back: string) => {
  const u = new URL(back)
  expect(`${u.origin}${u.pathname}`).toBe(`${HOST}/app`)
  return u.searchParams.get('result_uri')!
}

describe('social login', () => {
  it('walks the redirect dance; the same person gets the same wallet; a result is redeemed once, by its page', async () => {
    const state = newState()
    const resultUri = resultOf(await walk(startUrl('google', state), 'ada'))
    expect(new URL(resultUri).searchParams.get('state')).toBe(state)
    expect(new URL(resultUri).searchParams.get('code')).toBeTruthy()
    const call = frame()
    const first = await call('/social/connect', { resultUri, caipNetworkId: SOL })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ socialProvider: 'google', username: 'ada', caipNetworkId: SOL })
    expect((await call('/user', { caipNetworkId: SOL })).body.address).toBe(first.body.address)
    // replayed: refused
    expect((await frame()('/social/connect', { resultUri, caipNetworkId: SOL })).status).toBe(400)

    const again = resultOf(await walk(startUrl('google', newState()), 'ada'))
    expect((await frame()('/social/connect', { resultUri: again, caipNetworkId: SOL })).body.address).toBe(
      first.body.address,
    )
    // the same name at another provider is another person
    const github = resultOf(await walk(startUrl('github', newState()), 'ada'))
    const other = await frame()('/social/connect', { resultUri: github, caipNetworkId: SOL })
    expect(other.body).toMatchObject({ socialProvider: 'github', username: 'ada' })
    expect(other.body.address).not.toBe(first.body.address)
  })

  it('refuses a result on another page, a cancelled sign-in, a reused state and an unknown provider', async () => {
    const resultUri = resultOf(await walk(startUrl('discord', newState()), 'bo'))
    const foreign = await frame()('/social/connect', { resultUri }, 'http://localhost:3000')
    expect(foreign.status).toBe(403)

    const cancelled = resultOf(await walk(startUrl('x', newState()), undefined))
    expect(new URL(cancelled).searchParams.get('error')).toBe('access_denied')
    const refused = await frame()('/social/connect', { resultUri: cancelled })
    expect(refused.body.message).toMatch(/refused the sign-in \(access_denied\)/)

    const state = newState()
    await walk(startUrl('apple', state), 'cy')
    const reused = await fetch(startUrl('apple', state), { redirect: 'manual' })
    const failed = new URL(new URL(reused.headers.get('location')!).searchParams.get('result_uri')!)
    expect(failed.searchParams.get('error')).toBe('start_failed')

    const unknown = await fetch(startUrl('myspace', newState()), { redirect: 'manual' })
    expect(new URL(unknown.headers.get('location')!).searchParams.get('result_uri')).toMatch(/error=start_failed/)
    const foreignStart = await fetch(
      startUrl('google', newState()).replace(encodeURIComponent(HOST), 'https%3A%2F%2Fevil.example'),
    )
    expect(foreignStart.status).toBe(403)
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
