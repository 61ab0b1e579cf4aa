// The names plugin's rules through the kernel: identity (EVM only, no testnets, 5-minute cache, a failure clears the
// image except on chain 1, stale answers dropped), lookups with SPEC §8 failures, the debounced availability check,
// and registration (what is signed and sent, each failure's exact message, the view it ends on).
import { afterEach, describe, expect, it } from 'vitest'
import {
  accountProfile,
  corePlugins,
  createFakeClock,
  createKernel,
  createStorage,
  definePlugin,
  HttpError,
  NameServiceError,
  type RequestError,
  memoryBackend,
  UserRejectedError,
  type HttpClient,
  type HttpRequest,
  type Kernel,
} from '../../kernel/index.js'
import { flush } from '../../kernel/testing/test-kernel.js'
import { createNamesPlugin } from './index.js'
import { namesOf } from './names.state.js'

const ADDR = '0x1234567890abcdef1234567890abcdef1234abcd'
const networks = [
  { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  { caipNetworkId: 'eip155:8453', name: 'Base', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  {
    caipNetworkId: 'eip155:420',
    name: 'Optimism Goerli',
    chainNamespace: 'eip155',
    nativeSymbol: 'ETH',
    testnet: true,
  },
  { caipNetworkId: 'eip155:2147483648', name: 'Too big', chainNamespace: 'eip155', nativeSymbol: 'X' },
]
const kernels: Kernel[] = []
afterEach(() => {
  for (const k of kernels.splice(0)) k.dispose()
})

type Route = (req: HttpRequest) => unknown
const reason = (status: number, description: string) =>
  new HttpError(status, { error: 'x', message: 'x', reasons: [{ description }] })

function setup(routes: Record<string, Route> = {}, sign: (message: string) => unknown = () => '0xsig') {
  const calls: Array<{ method: string; path: string; params?: unknown; body?: unknown }> = []
  const answer = (method: string) => async (req: HttpRequest) => {
    calls.push({ method, path: req.path, params: req.params, body: req.body })
    const route = Object.entries(routes).find(([k]) => `${method} ${req.path}`.startsWith(k))
    if (!route) throw new HttpError(404, null)
    return route[1](req)
  }
  const http = { get: answer('GET'), post: answer('POST') } as unknown as HttpClient
  const clock = createFakeClock(1_700_000_000_000)
  const signed: string[] = []
  const wallet = definePlugin({
    id: 'wallet-stub',
    handlers: {
      'wallet/signMessage': async ({ message }) => {
        signed.push(message)
        return { signature: String(await sign(message)), address: ADDR }
      },
    },
  })
  const k = createKernel({
    plugins: [
      ...corePlugins({
        config: { projectId: 'p', networks, namespaces: ['eip155', 'solana'], mobile: false, features: {} },
      }),
      definePlugin({
        id: 'views',
        views: { Account: { component: 'Account' }, ApproveTransaction: { component: 'ApproveTransaction' } },
      }),
      wallet,
      createNamesPlugin(),
    ],
    storage: createStorage(memoryBackend()),
    http,
    clock,
  })
  kernels.push(k)
  const connect = (caipNetworkId = 'eip155:1', namespace = 'eip155', address = ADDR) =>
    k.emit('wallet/connected', { namespace, caipAddress: `${caipNetworkId}:${address}`, connectorId: 'w' })
  return { k, calls, clock, signed, connect }
}

describe('identity', () => {
  it('looks up the EVM account once per 5 minutes and shows it as the profile', async () => {
    const { k, calls, clock, connect } = setup({
      'GET v1/identity/': () => ({ name: 'alice.foyer.id', avatar: 'https://example.org/a.png' }),
    })
    connect()
    await k.request('names/fetchIdentity')
    expect(calls).toEqual([
      { method: 'GET', path: `v1/identity/${ADDR}`, params: { chainId: 'eip155:1' }, body: undefined },
    ])
    expect(accountProfile(k.getState())).toMatchObject({ name: 'alice.foyer.id', image: 'https://example.org/a.png' })
    clock.advance(299_000)
    await k.request('names/fetchIdentity')
    expect(calls).toHaveLength(1)
    clock.advance(2_000)
    await k.request('names/fetchIdentity')
    expect(calls).toHaveLength(2)
  })

  it('never asks on testnets (and shows no name there), nor for other namespaces', async () => {
    const { k, calls, connect } = setup({ 'GET v1/identity/': () => ({ name: 'alice.foyer.id', avatar: null }) })
    connect('eip155:420')
    await k.request('names/fetchIdentity')
    expect(accountProfile(k.getState())).toEqual({ namespace: 'eip155', address: ADDR })
    connect('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana', '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV')
    await k.request('names/fetchIdentity')
    expect(calls).toEqual([])
  })

  it('drops an unsafe avatar from the server', async () => {
    const { k, connect } = setup({ 'GET v1/identity/': () => ({ name: 'x.foyer.id', avatar: 'javascript:alert(1)' }) })
    connect()
    await k.request('names/fetchIdentity')
    expect(accountProfile(k.getState())).toEqual({ namespace: 'eip155', address: ADDR, name: 'x.foyer.id' })
  })

  it('on failure keeps the image on chain 1 and clears it elsewhere (SPEC §8)', async () => {
    let fail = false
    const { k, clock, connect } = setup({
      'GET v1/identity/': () => {
        if (fail) throw new HttpError(500, null)
        return { name: 'alice.foyer.id', avatar: 'https://example.org/a.png' }
      },
    })
    connect('eip155:1')
    await k.request('names/fetchIdentity')
    fail = true
    clock.advance(300_001)
    await expect(k.request('names/fetchIdentity')).rejects.toThrow('HTTP status code 500')
    expect(accountProfile(k.getState())?.image).toBe('https://example.org/a.png')
    k.emit('wallet/accountChanged', { namespace: 'eip155', caipAddress: `eip155:8453:${ADDR}` })
    await expect(k.request('names/fetchIdentity')).rejects.toThrow()
    expect(accountProfile(k.getState())).toEqual({ namespace: 'eip155', address: ADDR, name: 'alice.foyer.id' })
  })

  it('drops an answer for an account the visitor has left', async () => {
    let release: (v: unknown) => void = () => {}
    const { k, connect } = setup({ 'GET v1/identity/': () => new Promise((r) => (release = r)) })
    connect()
    const pending = k.request('names/fetchIdentity')
    await flush()
    k.emit('wallet/accountChanged', { namespace: 'eip155', caipAddress: `eip155:1:0x${'ab'.repeat(20)}` })
    release({ name: 'alice.foyer.id', avatar: null })
    await pending
    expect(k.getState().account.profile).toBeUndefined()
  })
})

describe('lookups', () => {
  it('resolves a name on the coin type of the network, caches it, and says null for an unknown name', async () => {
    const { k, calls, connect } = setup({
      'GET v1/names/alice.foyer.id/address': () => ({ addresses: [{ address: ADDR }] }),
    })
    connect('eip155:8453')
    expect(await k.request('names/resolve', { name: 'Alice.foyer.id' })).toEqual({
      name: 'alice.foyer.id',
      address: ADDR,
    })
    expect(calls[0].params).toEqual({ coinType: 0x80002105 })
    await k.request('names/resolve', { name: 'alice.foyer.id' })
    expect(calls).toHaveLength(1)
    expect(await k.request('names/resolve', { name: 'alice.foyer.id', caipNetworkId: 'eip155:1' })).toMatchObject({
      address: ADDR,
    })
    expect(calls[1].params).toEqual({ coinType: 60 })
    expect(await k.request('names/resolve', { name: 'nobody.foyer.id' })).toEqual({
      name: 'nobody.foyer.id',
      address: null,
    })
  })

  it('fails with the server reason, else the SPEC §8 text', async () => {
    const { k } = setup({
      'GET v1/names/ab/address': () => {
        throw reason(400, '"ab" is too short: a name has at least 4 characters')
      },
      'GET v1/names/down/address': () => {
        throw new HttpError(502, null)
      },
      'GET v1/names/reverse/': () => {
        throw new HttpError(500, null)
      },
      'GET v1/names/suggestions': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    await expect(k.request('names/resolve', { name: 'ab' })).rejects.toThrow(/^"ab" is too short/)
    await expect(k.request('names/resolve', { name: 'down' })).rejects.toThrow(/^Error resolving name$/)
    await expect(k.request('names/reverse', { address: ADDR })).rejects.toThrow(/^Error fetching names for address$/)
    await expect(k.request('names/suggest', { name: 'alice' })).rejects.toThrow(/^Error fetching name suggestions$/)
    // the contracts' error type: a NameServiceError coded by its SPEC §8 key, whatever the message
    const failure = (run: Promise<unknown>) =>
      run.catch((e: RequestError<'names/resolve'>) => [e instanceof NameServiceError, e.code, e.category])
    await expect(failure(k.request('names/resolve', { name: 'ab' }))).resolves.toEqual([
      true,
      'resolveNameFailed',
      'SERVER',
    ])
    await expect(failure(k.request('names/resolve', { name: 'down' }))).resolves.toEqual([
      true,
      'resolveNameFailed',
      'SERVER',
    ])
    await expect(failure(k.request('names/reverse', { address: ADDR }))).resolves.toEqual([
      true,
      'namesForAddressFailed',
      'SERVER',
    ])
  })

  it('reverse lookup lists the names, on a coin type when asked', async () => {
    const { k, calls } = setup({ 'GET v1/names/reverse/': () => [{ name: 'alice.foyer.id' }, { name: 42 }, {}] })
    expect(await k.request('names/reverse', { address: ADDR, caipNetworkId: 'eip155:8453' })).toEqual({
      names: ['alice.foyer.id'],
    })
    expect(calls[0]).toMatchObject({ path: `v1/names/reverse/${ADDR}`, params: { coinType: 0x80002105 } })
  })
})

describe('typing a name', () => {
  it('checks availability once typing pauses, and drops answers for an older input', async () => {
    const answers: Array<(v: unknown) => void> = []
    const { k, calls, clock } = setup({ 'GET v1/names/suggestions': () => new Promise((r) => answers.push(r)) })
    await k.request('names/changeInput', { input: 'ali' })
    await k.request('names/changeInput', { input: 'alic' })
    clock.advance(299)
    await k.request('names/changeInput', { input: 'alice' })
    clock.advance(300)
    await flush()
    expect(calls.map((c) => c.params)).toEqual([{ name: 'alice' }])
    await k.request('names/changeInput', { input: 'alice2' })
    clock.advance(300)
    await flush()
    // the answer for "alice" arrives after the visitor typed on: dropped
    answers[0]({ suggestions: [{ name: 'alice.foyer.id', registered: true }] })
    await flush()
    expect(namesOf(k.getState()).check).toBeUndefined()
    answers[1]({
      suggestions: [
        { name: 'alice2.foyer.id', registered: false },
        { name: 'alice21.foyer.id', registered: false },
      ],
    })
    await flush()
    expect(namesOf(k.getState()).check).toEqual({
      input: 'alice2',
      name: 'alice2.foyer.id',
      registered: false,
      suggestions: [{ name: 'alice21.foyer.id', registered: false }],
    })
    // names that break a rule are not looked up
    await k.request('names/changeInput', { input: 'ab_c' })
    clock.advance(1000)
    expect(calls).toHaveLength(2)
  })
})

describe('registration', () => {
  const record = { name: 'alice.foyer.id', attributes: {}, addresses: {} }

  it('signs name, attributes, coin type and timestamp in seconds, posts them and shows the success view', async () => {
    const { k, calls, signed, connect } = setup({ 'POST v1/names': () => record })
    connect('eip155:8453')
    await k.request('modal/open', { view: 'Account' })
    await k.request('names/changeInput', { input: 'alice' })
    const out = await k.request('names/register', undefined)
    expect(out).toEqual({ name: 'alice.foyer.id', address: ADDR, caipNetworkId: 'eip155:8453' })
    expect(JSON.parse(signed[0])).toEqual({
      name: 'alice',
      attributes: {},
      coinType: 0x80002105,
      timestamp: 1_700_000_000,
    })
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: 'v1/names',
      body: { coinType: 0x80002105, address: ADDR, signature: '0xsig', message: signed[0] },
    })
    expect(k.getState().router.history.at(-1)).toEqual({
      view: 'RegisterAccountNameSuccess',
      data: { name: 'alice.foyer.id' },
    })
    expect(accountProfile(k.getState())?.name).toBe('alice.foyer.id')
    expect(namesOf(k.getState()).input).toBe('')
  })

  it('comes back from a wallet approval view to show the outcome (the embedded wallet closes the modal without a stack)', async () => {
    const holder: { k?: ReturnType<typeof setup>['k'] } = {}
    // what the embedded wallet does (plugins/auth/rpc.ts): its ApproveTransaction view, then one step back when a
    // transaction stack exists, else the modal closes
    const { k, connect } = setup({ 'POST v1/names': () => record }, async () => {
      const kk = holder.k!
      await kk.request('router/push', { view: 'ApproveTransaction' })
      if (kk.getState().router.transactionStack.length > 0) await kk.request('router/back')
      else await kk.request('modal/close')
      return '0xsig'
    })
    holder.k = k
    connect()
    await k.request('modal/open', { view: 'Account' })
    await k.request('router/push', { view: 'RegisterAccountName' })
    await k.request('names/changeInput', { input: 'alice' })
    await k.request('names/register', undefined)
    expect(k.getState().modal.open).toBe(true)
    expect(k.getState().router.history.map((h) => h.view)).toEqual(['Account', 'RegisterAccountNameSuccess'])
    expect(k.getState().router.transactionStack).toEqual([])
  })

  it.each([
    [
      'the server refuses',
      () => Promise.reject(reason(409, 'alice.foyer.id is already registered; choose another name')),
      undefined,
      'alice.foyer.id is already registered; choose another name',
    ],
    [
      'the server fails without a reason',
      () => Promise.reject(new HttpError(500, null)),
      undefined,
      'Error registering name',
    ],
    ['the wallet refuses', () => record, () => Promise.reject(new UserRejectedError()), 'Error registering name'],
  ] as const)(
    'when %s: back on RegisterAccountName with the input and the exact message',
    async (_, post, sign, message) => {
      const { k, connect } = setup({ 'POST v1/names': post }, sign ?? (() => '0xsig'))
      connect()
      await k.request('modal/open', { view: 'Account' })
      await k.request('router/push', { view: 'RegisterAccountName' })
      await k.request('names/changeInput', { input: 'alice' })
      await expect(k.request('names/register', undefined)).rejects.toThrow(message)
      expect(namesOf(k.getState())).toMatchObject({ input: 'alice', failure: message })
      expect(k.getState().router.history.at(-1)?.view).toBe('RegisterAccountName')
      // typing again clears the message
      await k.request('names/changeInput', { input: 'alice1' })
      expect(namesOf(k.getState()).failure).toBeUndefined()
    },
  )

  it('refuses before signing: no address, a broken rule, a chain id from 2^31, a non-EVM account', async () => {
    const { k, signed, connect } = setup()
    // SPEC §8: nothing connected, nothing to sign with
    await expect(k.request('names/register', { name: 'bobby' })).rejects.toThrow(
      /^Address or auth connector not found$/,
    )
    connect()
    await expect(k.request('names/register', { name: 'bob' })).rejects.toThrow(/^A name has at least 4 characters$/)
    connect('eip155:2147483648')
    await expect(k.request('names/register', { name: 'bobby' })).rejects.toThrow(/^Invalid chainId$/)
    k.emit('wallet/activeNamespaceChanged', { namespace: 'solana' })
    await expect(k.request('names/register', { name: 'bobby' })).rejects.toThrow(/^Unsupported chain$/)
    expect(signed).toEqual([])
  })
})
