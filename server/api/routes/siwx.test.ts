// The SIWX routes end to end in-process: nonces, verification per namespace (EVM EOA, ERC-1271 deployed and ERC-6492
// counterfactual accounts on anvil), refusals with reasons, tokens checked against the JWKS with jose, listing and
// revocation. Solana and Bitcoin sign-ins, made with the `foyer/testing` signers, are in
// tests/server/siwx-test-wallets.test.ts (the server's tests import only server/ and protocol/).
import { createLocalJWKSet, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { formatSiwxMessage, type SiwxMessageData } from '../../../protocol/siwx/message.js'
import { spawnAnvil, type AnvilNode } from '../../chains/index.js'
import { deploySignInAccountFactory } from '../../siwx/accounts.js'
import { createTestApi, type TestApi } from '../testing/harness.js'

const projectId = 'ab'.repeat(16)
const domain = 'localhost:5173'
let api: TestApi
let anvil: AnvilNode

beforeAll(async () => {
  anvil = await spawnAnvil({ chainId: 31337 })
  api = await createTestApi({
    config: {
      chains: [
        {
          chainId: 31337,
          caipNetworkId: 'eip155:31337',
          name: 'Anvil',
          rpcUrl: anvil.rpcUrl,
          nativeSymbol: 'ETH',
          nativeName: 'Ether',
          nativeDecimals: 18,
          testnet: true,
          tokens: [],
        },
      ],
    },
  })
})
afterAll(async () => {
  await api?.close()
  await anvil?.close()
})

const nonce = async () =>
  (await api.client.post<{ nonce: string }>('/v1/siwx/nonces', undefined, { query: { projectId } })).body.nonce
const fields = async (over: Partial<SiwxMessageData> & Pick<SiwxMessageData, 'accountAddress' | 'chainId'>) => ({
  domain,
  uri: `http://${domain}/`,
  version: '1',
  nonce: await nonce(),
  issuedAt: new Date().toISOString(),
  statement: 'Sign in to the Foyer demo',
  ...over,
})
const submit = (data: SiwxMessageData, signature: string, message = formatSiwxMessage(data), headers = {}) =>
  api.client.post<any>('/v1/siwx/sessions', { data, message, signature }, { query: { projectId }, headers })
const jwks = async () => createLocalJWKSet((await api.client.get<any>('/.well-known/jwks.json')).body)

describe('SIWX sessions', () => {
  it('signs an EOA in: a JWT checked against the JWKS, listed, revocable', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const data = await fields({ accountAddress: account.address, chainId: 'eip155:1' })
    const message = formatSiwxMessage(data)
    const res = await submit(data, await account.signMessage({ message }), message, { origin: `http://${domain}` })
    expect(res.status).toBe(201)
    const { payload, protectedHeader } = await jwtVerify(res.body.token, await jwks(), { audience: projectId })
    expect(protectedHeader.alg).toBe('ES256')
    expect(payload).toMatchObject({
      sub: `eip155:1:${account.address}`,
      jti: res.body.session.id,
      chainId: 'eip155:1',
      domain,
    })
    expect(payload.iss).toMatch(/^http/)
    const auth = { authorization: `Bearer ${res.body.token}` }
    expect((await api.client.get<any>('/v1/siwx/sessions/current', { headers: auth })).body.session.id).toBe(
      res.body.session.id,
    )
    const list = await api.client.get<any>('/v1/siwx/sessions', { headers: auth })
    expect(list.body.sessions.map((s: any) => s.id)).toEqual([res.body.session.id])
    const revoked = await api.client.request<any>('DELETE', `/v1/siwx/sessions/${res.body.session.id}`, {
      headers: auth,
    })
    expect(revoked.body).toEqual({ revoked: true })
    const after = await api.client.get<any>('/v1/siwx/sessions/current', { headers: auth })
    expect([after.status, after.body.reasons[0].description]).toEqual([401, 'the session was revoked'])
  })

  it('refuses with a reason: reused nonce, another address, chain or domain, expired or not yet valid', async () => {
    const a = privateKeyToAccount(generatePrivateKey())
    const b = privateKeyToAccount(generatePrivateKey())
    const sign = async (d: SiwxMessageData) => a.signMessage({ message: formatSiwxMessage(d) })
    const reason = async (p: Promise<any>) => {
      const r = await p
      expect(r.status).toBe(401)
      return r.body.reasons[0].description as string
    }
    const ok = await fields({ accountAddress: a.address, chainId: 'eip155:1' })
    expect((await submit(ok, await sign(ok))).status).toBe(201)
    expect(await reason(submit(ok, await sign(ok)))).toMatch(/nonce .*used already/)
    const other = await fields({ accountAddress: b.address, chainId: 'eip155:1' })
    expect(await reason(submit(other, await sign(other)))).toMatch(/does not verify/)
    const chain = await fields({ accountAddress: a.address, chainId: 'eip155:1' })
    expect(
      await reason(submit({ ...chain, chainId: 'eip155:8453' }, await sign(chain), formatSiwxMessage(chain))),
    ).toMatch(/another chain/)
    const dom = await fields({ accountAddress: a.address, chainId: 'eip155:1' })
    expect(await reason(submit(dom, await sign(dom), undefined, { origin: 'http://evil.example' }))).toMatch(
      /another domain/,
    )
    const foreign = await fields({
      accountAddress: a.address,
      chainId: 'eip155:1',
      domain: 'evil.example',
      uri: 'https://evil.example/',
    })
    expect(await reason(submit(foreign, await sign(foreign)))).toMatch(/not allowed for project/)
    const expired = await fields({
      accountAddress: a.address,
      chainId: 'eip155:1',
      expirationTime: new Date(Date.now() - 1000).toISOString(),
    })
    expect(await reason(submit(expired, await sign(expired)))).toMatch(/expired at/)
    const early = await fields({
      accountAddress: a.address,
      chainId: 'eip155:1',
      notBefore: new Date(Date.now() + 60_000).toISOString(),
    })
    expect(await reason(submit(early, await sign(early)))).toMatch(/not valid before/)
    const unknown = { ...(await fields({ accountAddress: a.address, chainId: 'eip155:1' })), nonce: 'NotIssuedHere1' }
    expect(await reason(submit(unknown, await sign(unknown)))).toMatch(/not issued by this server/)
    const bad = await api.client.post<any>(
      '/v1/siwx/sessions',
      { message: 'hello', signature: '0x00' },
      { query: { projectId } },
    )
    expect([bad.status, bad.body.reasons[0].field]).toEqual([400, 'domain'])
  })

  it('refuses a message whose Expiration Time or Not Before is not a calendar date (400, the field named)', async () => {
    const a = privateKeyToAccount(generatePrivateKey())
    // JavaScript's Date rolls 31 February over to 3 March: both would pass as dates in the past or future.
    for (const [label, field, date] of [
      ['Expiration Time', 'expirationTime', '2999-02-31T17:09:38Z'],
      ['Not Before', 'notBefore', '2025-02-31T17:09:38Z'],
    ] as const) {
      const d = await fields({ accountAddress: a.address, chainId: 'eip155:1' })
      const message = formatSiwxMessage(d).replace(/\nIssued At: [^\n]*/, (line) => `${line}\n${label}: ${date}`)
      const res = await submit({ ...d, [field]: date }, await a.signMessage({ message }), message)
      expect([res.status, res.body.reasons?.[0]?.field]).toEqual([400, field])
    }
  })

  it('verifies smart accounts on the chain: ERC-1271 deployed, ERC-6492 not yet deployed', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const accounts = await deploySignInAccountFactory(anvil.rpcUrl)
    const deployed = await accounts.deploy(owner.address, `0x${'01'.padStart(64, '0')}`)
    const d1 = await fields({ accountAddress: deployed, chainId: 'eip155:31337' })
    const r1 = await submit(d1, await owner.signMessage({ message: formatSiwxMessage(d1) }))
    expect([r1.status, r1.body.session?.address]).toEqual([201, deployed])
    const salt = `0x${'02'.padStart(64, '0')}` as const
    const future = await accounts.addressOf(owner.address, salt)
    const d2 = await fields({ accountAddress: future, chainId: 'eip155:31337' })
    const sig = accounts.counterfactual(
      owner.address,
      salt,
      await owner.signMessage({ message: formatSiwxMessage(d2) }),
    )
    expect((await submit(d2, sig)).status).toBe(201)
    // Someone else's key does not pass the account's ERC-1271 check.
    const d3 = await fields({ accountAddress: deployed, chainId: 'eip155:31337' })
    const stranger = privateKeyToAccount(generatePrivateKey())
    const r3 = await submit(d3, await stranger.signMessage({ message: formatSiwxMessage(d3) }))
    expect([r3.status, r3.body.reasons[0].description]).toEqual([401, expect.stringMatching(/ERC-1271/)])
  })
})
