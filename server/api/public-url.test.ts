// Issue 30 #10: without FOYER_PUBLIC_URL the URLs the API hands out (wallet imageUrl, token iconUrl, the SIWX token's
// `iss`) name the address it listens on, never the request's Host header.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decodeJwt } from 'jose'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { formatSiwxMessage } from '../../protocol/siwx/message.js'
import type { Store } from '../store/store.js'
import { requestFrom } from './testing/from-address.js'
import { openTestStore } from './testing/store.js'
import { startApi, type RunningApi } from './server.js'

const projectId = 'ab'.repeat(16)
const forged = { host: 'attacker.example' }
let store: Store
let api: RunningApi
beforeAll(async () => {
  store = await openTestStore()
  api = await startApi({ store })
})
afterAll(async () => {
  await api?.close()
  await store?.close()
})

describe('URLs in answers without publicUrl (issue 30 #10)', () => {
  it('wallet imageUrls name the listen address whatever the Host header says', async () => {
    const list = await requestFrom(`${api.url}/v1/wallets?entries=2`, { headers: forged })
    expect(list.status).toBe(200)
    for (const w of list.body.data) expect(w.imageUrl).toBe(`${api.url}/v1/wallets/${w.id}/image`)
    const id = list.body.data[0].id
    const one = await requestFrom(`${api.url}/v1/wallets/${id}`, { headers: forged })
    expect(one.body.imageUrl).toBe(`${api.url}/v1/wallets/${id}/image`)
  })

  it("the SIWX session token's issuer is the listen address, not the Host header", async () => {
    const nonce = (await requestFrom(`${api.url}/v1/siwx/nonces?projectId=${projectId}`, { method: 'POST' })).body
      .nonce as string
    const account = privateKeyToAccount(generatePrivateKey())
    const data = {
      domain: 'localhost:5173',
      uri: 'http://localhost:5173/',
      version: '1',
      nonce,
      issuedAt: new Date().toISOString(),
      statement: 'Sign in',
      accountAddress: account.address,
      chainId: 'eip155:1',
    }
    const message = formatSiwxMessage(data)
    const res = await requestFrom(`${api.url}/v1/siwx/sessions?projectId=${projectId}`, {
      headers: { ...forged, origin: 'http://localhost:5173' },
      body: { data, message, signature: await account.signMessage({ message }) },
    })
    expect(res.status).toBe(201)
    expect(decodeJwt(res.body.token).iss).toBe(api.url)
  })
})
