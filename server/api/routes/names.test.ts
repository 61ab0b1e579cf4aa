import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createTestApi, type TestApi } from '../testing/harness.js'
import { coinTypeToEvmChainId, evmChainIdToCoinType } from '../../../protocol/coin-type.js'

const alice = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const bob = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
let api: TestApi

beforeAll(async () => {
  api = await createTestApi()
})
afterAll(async () => {
  await api?.close()
})

const now = () => Math.floor(Date.now() / 1000)

// The signed message carries what is stored: name, attributes, coin type and timestamp.
async function signed(account: PrivateKeyAccount, msg: Record<string, unknown>, coinType: unknown = 60) {
  const message = JSON.stringify({ coinType, ...msg })
  return { coinType, address: account.address, signature: await account.signMessage({ message }), message }
}

async function expectError(res: { status: number; body: any }, status: number, code: string, description: RegExp) {
  expect(res.status).toBe(status)
  expect(res.body.error).toBe(code)
  expect(res.body.reasons[0].description).toMatch(description)
}

describe('ENSIP-11 coin types', () => {
  it('maps mainnet to 60 and other chains to 0x80000000 | chainId', () => {
    expect(evmChainIdToCoinType(1)).toBe(60)
    expect(evmChainIdToCoinType(8453)).toBe(0x80002105)
    expect(evmChainIdToCoinType(2147483647)).toBe(0xffffffff)
    expect(() => evmChainIdToCoinType(2147483648)).toThrow('Invalid chainId')
    expect(() => evmChainIdToCoinType(0)).toThrow('Invalid chainId')
    expect(coinTypeToEvmChainId(0x80002105)).toBe(8453)
    expect(coinTypeToEvmChainId(60)).toBe(1)
    expect(coinTypeToEvmChainId(0x80000001)).toBeNull()
    expect(coinTypeToEvmChainId(501)).toBeNull()
  })
})

describe('names', () => {
  it('registers a name with a valid personal_sign signature and reads it back every way', async () => {
    const body = await signed(alice, {
      name: 'Alice.foyer.id',
      attributes: { avatar: 'https://example.org/a.png' },
      timestamp: now(),
    })
    const created = await api.client.post<any>('/v1/names', body)
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      name: 'alice.foyer.id',
      addresses: { '60': { address: alice.address } },
      attributes: { avatar: 'https://example.org/a.png' },
    })

    expect((await api.client.get<any>('/v1/names/alice.foyer.id')).body.name).toBe('alice.foyer.id')
    expect((await api.client.get<any>('/v1/names/alice')).body.addresses['60'].address).toBe(alice.address)
    expect((await api.client.get('/v1/names/alice.foyer.id/address', { query: { coinType: 60 } })).body).toEqual({
      addresses: [{ address: alice.address }],
    })
    expect(
      (await api.client.get('/v1/names/alice.foyer.id/address', { query: { coinType: 0x80002105 } })).body,
    ).toEqual({ addresses: [] })
    const reverse = await api.client.get<any[]>(`/v1/names/reverse/${alice.address.toLowerCase()}`, {
      query: { coinType: 60 },
    })
    expect(reverse.body.map((r) => r.name)).toEqual(['alice.foyer.id'])
    expect((await api.client.get(`/v1/names/reverse/${bob.address}`)).body).toEqual([])
    const identity = await api.client.get(`/v1/identity/${alice.address}`, { query: { chainId: 'eip155:1' } })
    expect(identity.body).toEqual({ name: 'alice.foyer.id', avatar: 'https://example.org/a.png' })
  })

  it('lets the holder update and add a chain address; another address gets 409', async () => {
    const update = await api.client.post<any>(
      '/v1/names',
      await signed(alice, { name: 'alice', attributes: {}, timestamp: now() }, 0x80002105),
    )
    expect(update.status).toBe(200)
    expect(Object.keys(update.body.addresses).sort()).toEqual(['2147492101', '60'])
    expect(update.body.attributes).toEqual({})
    const taken = await api.client.post(
      '/v1/names',
      await signed(bob, { name: 'alice.foyer.id', attributes: {}, timestamp: now() }),
    )
    await expectError(taken, 409, 'name_taken', /already registered/)
  })

  it('rejects a bad signature, a stale message, bad names and bad coin types', async () => {
    const good = await signed(bob, { name: 'bobby', attributes: {}, timestamp: now() })
    await expectError(
      await api.client.post('/v1/names', { ...good, address: alice.address }),
      403,
      'invalid_signature',
      /not made by/,
    )
    await expectError(
      await api.client.post('/v1/names', { ...good, signature: '0x1234' }),
      403,
      'invalid_signature',
      /not made by/,
    )
    await expectError(
      await api.client.post('/v1/names', await signed(bob, { name: 'bobby', timestamp: now() - 11 * 60 })),
      400,
      'stale_message',
      /10 minutes/,
    )
    await expectError(
      await api.client.post('/v1/names', await signed(bob, { name: 'bob', timestamp: now() })),
      400,
      'invalid_name',
      /at least 4 characters/,
    )
    await expectError(
      await api.client.post('/v1/names', await signed(bob, { name: 'bob_by', timestamp: now() })),
      400,
      'invalid_name',
      /letters, digits and hyphens/,
    )
    await expectError(
      await api.client.post('/v1/names', await signed(bob, { name: 'bobby.eth', timestamp: now() })),
      400,
      'invalid_name',
      /single label/,
    )
    await expectError(
      await api.client.post('/v1/names', await signed(bob, { name: 'bobby', timestamp: now() }, 0x80000001)),
      400,
      'invalid_coin_type',
      /ENSIP-11/,
    )
    await expectError(
      await api.client.post('/v1/names', { ...good, message: 'not json' }),
      400,
      'invalid_message',
      /not JSON/,
    )
    await expectError(
      await api.client.post('/v1/names', { ...good, address: 'nope' }),
      400,
      'invalid_address',
      /not an EVM address/,
    )
    await expectError(await api.client.request('POST', '/v1/names', { rawBody: '{' }), 400, 'invalid_json', /./)
    expect((await api.client.get('/v1/names/bobby')).status).toBe(404)
  })

  it('answers 404, 400 and suggestions', async () => {
    await expectError(await api.client.get('/v1/names/nobody.foyer.id'), 404, 'not_found', /nobody.foyer.id not found/)
    await expectError(await api.client.get('/v1/names/ab'), 400, 'invalid_name', /at least 4/)
    await expectError(await api.client.get('/v1/names/reverse/0x12'), 400, 'invalid_address', /EVM address/)
    await expectError(await api.client.get('/v1/names/suggestions'), 400, 'invalid_name', /required/)
    const s = await api.client.get<any>('/v1/names/suggestions', { query: { name: 'Alice' } })
    expect(s.body.suggestions).toHaveLength(5)
    expect(s.body.suggestions[0]).toEqual({ name: 'alice.foyer.id', registered: true })
    expect(s.body.suggestions[1]).toEqual({ name: 'alice1.foyer.id', registered: false })
    expect(s.body.suggestions.slice(1).every((x: any) => !x.registered)).toBe(true)
  })

  it('answers identity nulls for testnets, non-EVM chains and unknown addresses, and rejects chain ids ≥ 2^31', async () => {
    const none = { name: null, avatar: null }
    expect(
      (await api.client.get(`/v1/identity/${alice.address}`, { query: { chainId: 'eip155:11155111' } })).body,
    ).toEqual(none)
    expect(
      (
        await api.client.get(`/v1/identity/${alice.address}`, {
          query: { chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
        })
      ).body,
    ).toEqual(none)
    expect((await api.client.get(`/v1/identity/${bob.address}`)).body).toEqual(none)
    expect(
      (await api.client.get<any>(`/v1/identity/${alice.address}`, { query: { chainId: 'eip155:8453' } })).body.name,
    ).toBe('alice.foyer.id')
    await expectError(
      await api.client.get(`/v1/identity/${alice.address}`, { query: { chainId: 'eip155:2147483648' } }),
      400,
      'invalid_chain_id',
      /^Invalid chainId$/,
    )
    await expectError(await api.client.get('/v1/identity/0xzz'), 400, 'invalid_address', /EVM address/)
  })
})

describe('replays and unsafe attributes (issue 20, item 7)', () => {
  it('refuses the same signed registration a second time, and an older message after a newer one', async () => {
    const body = await signed(alice, { name: 'replay', attributes: {}, timestamp: now() - 5 })
    expect((await api.client.post('/v1/names', body)).status).toBe(201)
    await expectError(await api.client.post('/v1/names', body), 409, 'replayed_message', /already used/)
    // a refused message stays refused for what it is, however often it comes
    const intruder = await signed(bob, { name: 'replay', attributes: {}, timestamp: now() })
    await expectError(await api.client.post('/v1/names', intruder), 409, 'name_taken', /already registered/)
    await expectError(await api.client.post('/v1/names', intruder), 409, 'name_taken', /already registered/)
    const newer = await signed(alice, { name: 'replay', attributes: { url: 'https://example.org' }, timestamp: now() })
    expect((await api.client.post('/v1/names', newer)).status).toBe(200)
    // an update signed before the one that landed cannot undo it
    const older = await signed(alice, { name: 'replay', attributes: {}, timestamp: now() - 3 })
    await expectError(await api.client.post('/v1/names', older), 409, 'replayed_message', /newer/)
    expect((await api.client.get<any>('/v1/names/replay')).body.attributes).toEqual({ url: 'https://example.org' })
  })

  it('binds the coin type into the signature: a message signed for one coin type cannot add another', async () => {
    const body = await signed(alice, { name: 'coinbound', attributes: {}, timestamp: now() }, 60)
    await expectError(
      await api.client.post('/v1/names', { ...body, coinType: 0x80002105 }),
      400,
      'invalid_message',
      /coinType/,
    )
    const unsigned = JSON.stringify({ name: 'coinbound', attributes: {}, timestamp: now() })
    await expectError(
      await api.client.post('/v1/names', {
        coinType: 60,
        address: alice.address,
        signature: await alice.signMessage({ message: unsigned }),
        message: unsigned,
      }),
      400,
      'invalid_message',
      /coinType/,
    )
    expect((await api.client.get('/v1/names/coinbound')).status).toBe(404)
  })

  it.each([
    ['avatar', 'javascript:alert(1)'],
    ['avatar', ' JAVA\tSCRIPT:alert(1)'],
    ['avatar', 'data:text/html,<script>alert(1)</script>'],
    ['avatar', 'ftp://example.org/a.png'],
    ['url', 'vbscript:msgbox(1)'],
    ['description', 'javascript:alert(1)'],
  ])('refuses %s = %j', async (key, value) => {
    const body = await signed(bob, { name: 'unsafe', attributes: { [key]: value }, timestamp: now() })
    await expectError(await api.client.post('/v1/names', body), 400, 'invalid_attribute', /http/)
  })

  it('never hands out an unsafe avatar stored before these checks', async () => {
    const carol = privateKeyToAccount(generatePrivateKey())
    const body = await signed(carol, {
      name: 'carol',
      attributes: { avatar: 'https://example.org/c.png' },
      timestamp: now(),
    })
    expect((await api.client.post('/v1/names', body)).status).toBe(201)
    await api.store.query(`UPDATE names SET attributes = '{"avatar":"javascript:alert(1)"}' WHERE name = $1`, [
      'carol.foyer.id',
    ])
    const identity = await api.client.get(`/v1/identity/${carol.address}`)
    expect(identity.body).toEqual({ name: 'carol.foyer.id', avatar: null })
  })

  it('keeps plain text attributes and http(s) avatars', async () => {
    const body = await signed(bob, {
      name: 'safe-attrs',
      attributes: { avatar: 'https://example.org/b.png', description: 'Note: hello', url: 'http://example.org' },
      timestamp: now(),
    })
    expect((await api.client.post('/v1/names', body)).status).toBe(201)
  })
})
