// The `foyer/testing` kit's Solana and Bitcoin signers (testing/) sign in against the server's SIWX routes: Solana
// ed25519, Bitcoin BIP-322 (P2WPKH and P2TR) and BIP-137. A flow across client test support and the server, so it
// lives here rather than beside the routes (server/ imports only server/ and protocol/; the routes' own tests are in
// server/api/routes/siwx.test.ts).
import { base58 } from '@scure/base'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatSiwxMessage, type SiwxMessageData } from '../../protocol/siwx/message.js'
import { createTestApi, type TestApi } from '../../server/api/testing/harness.js'
import { createBitcoinSigner } from '../../testing/bitcoin-signer.js'
import { createSolanaSigner } from '../../testing/solana-signer.js'

const projectId = 'ab'.repeat(16)
const domain = 'localhost:5173'
let api: TestApi

beforeAll(async () => {
  api = await createTestApi()
})
afterAll(async () => {
  await api?.close()
})

const nonce = async () =>
  (await api.client.post<{ nonce: string }>('/v1/siwx/nonces', undefined, { query: { projectId } })).body.nonce
const fields = async (over: Pick<SiwxMessageData, 'accountAddress' | 'chainId'>): Promise<SiwxMessageData> => ({
  domain,
  uri: `http://${domain}/`,
  version: '1',
  nonce: await nonce(),
  issuedAt: new Date().toISOString(),
  statement: 'Sign in to the Foyer demo',
  ...over,
})
const submit = (data: SiwxMessageData, signature: string) =>
  api.client.post<any>(
    '/v1/siwx/sessions',
    { data, message: formatSiwxMessage(data), signature },
    { query: { projectId } },
  )

describe('SIWX sessions from the test wallets', () => {
  it('verifies Solana (ed25519) and Bitcoin (BIP-322 P2WPKH and P2TR, BIP-137) sign-ins', async () => {
    const sol = createSolanaSigner()
    const ds = await fields({ accountAddress: sol.address, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
    const solSig = base58.encode(sol.signMessage(new TextEncoder().encode(formatSiwxMessage(ds))))
    expect((await submit(ds, solSig)).status).toBe(201)
    const btc = createBitcoinSigner()
    const chainId = 'bip122:000000000019d6689c085ae165831e93'
    const d1 = await fields({ accountAddress: btc.payment.address, chainId })
    expect((await submit(d1, btc.signMessageBip322(formatSiwxMessage(d1)).signature)).status).toBe(201)
    const d2 = await fields({ accountAddress: btc.ordinals.address, chainId })
    expect((await submit(d2, btc.signMessageBip322(formatSiwxMessage(d2), 'ordinals').signature)).status).toBe(201)
    const d3 = await fields({ accountAddress: btc.payment.address, chainId })
    expect((await submit(d3, btc.signMessage(formatSiwxMessage(d3)).signature)).status).toBe(201)
    const d4 = await fields({ accountAddress: btc.ordinals.address, chainId })
    const wrong = await submit(d4, btc.signMessageBip322(formatSiwxMessage(d4)).signature)
    expect(wrong.status).toBe(401)
  })
})
