// SPEC §4 connection states as properties: random sequences of connects (two EVM wallets and a Solana one), rejections,
// multi-wallet switches and deletes, wallet-side account and chain changes, network switches, disconnects and reloads
// (restore on/off, wallets that forgot us) run through the real namespaces plugin; the invariants hold after every step.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  corePlugins,
  createFakeClock,
  createKernel,
  createStorage,
  memoryBackend,
  type HttpClient,
  type Kernel,
  type StorageBackend,
} from '../../kernel/index.js'
import { createTestWalletCore, type WalletEvent } from '../../testing/wallet-core.js'
import { createNamespacesPlugin } from './index.js'
import { listConnections } from './multiwallet.js'
import { solana } from './networks.js'
import { storedConnections } from './session.js'
import { solanaConnectorId } from './standard/standard.js'

const chains = [
  { chainId: 1, rpcUrl: 'http://127.0.0.1:1' },
  { chainId: 8453, rpcUrl: 'http://127.0.0.1:2' },
]
const networks = [
  { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  { caipNetworkId: 'eip155:8453', name: 'Base', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  { caipNetworkId: solana.caipNetworkId, name: 'Solana', chainNamespace: 'solana', nativeSymbol: 'SOL' },
]
const OTHER_EVM = '0x000000000000000000000000000000000000dEaD'
const SOL_ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
const SOL_OTHER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLYqvS8TUZ2c'
const stubViews = { id: 'views', views: { Connect: { component: 'C' }, Account: { component: 'A' } } }
const http = { get: async () => ({ balances: [] }) } as unknown as HttpClient

// An EIP-6963 wallet over the real-signing test core (connect, eth_accounts, chain switches need no RPC).
function evmWallet(rdns: string, privateKey: `0x${string}`) {
  const listeners = new Map<string, Set<(d: unknown) => void>>()
  const core = createTestWalletCore({ privateKey, chains }, async (e: WalletEvent) => {
    for (const fn of [...(listeners.get(e.event) ?? [])]) fn(e.data)
  })
  const provider = {
    request: async ({ method, params }: { method: string; params?: unknown }) => core.request(method, params),
    on: (e: string, fn: (d: unknown) => void) => {
      if (!listeners.has(e)) listeners.set(e, new Set())
      listeners.get(e)!.add(fn)
    },
    removeListener: (e: string, fn: (d: unknown) => void) => {
      listeners.get(e)?.delete(fn)
    },
  }
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid: rdns, name: rdns, icon: '', rdns }, provider },
      }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  return {
    id: rdns,
    namespace: 'eip155',
    core,
    reject: () => core.rejectNext(),
    changeAccount: () => {
      for (const fn of [...(listeners.get('accountsChanged') ?? [])]) fn([OTHER_EVM])
    },
    revokeFromWallet: () => core.revoke(),
    forget: async () => {
      await core.request('wallet_revokePermissions')
    },
    authorized: () => core.isAuthorized(),
    stop: () => window.removeEventListener('eip6963:requestProvider', announce),
  }
}

// A Wallet Standard wallet whose silent connect only succeeds while it still grants access.
function solanaWallet() {
  const change = new Set<(p: unknown) => void>()
  let authorized = false
  let rejectNext = false
  const chainsOf = ['solana:mainnet']
  const account = (address: string) => ({ address, publicKey: new Uint8Array(32), chains: chainsOf, features: [] })
  const wallet = {
    version: '1.0.0',
    name: 'Prop Sol',
    icon: '',
    chains: chainsOf,
    accounts: [] as unknown[],
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => {
          if (input?.silent) return { accounts: authorized ? [account(SOL_ADDRESS)] : [] }
          if (rejectNext) {
            rejectNext = false
            throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
          }
          authorized = true
          wallet.accounts = [account(SOL_ADDRESS)]
          return { accounts: wallet.accounts }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          authorized = false
          wallet.accounts = []
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (_e: string, fn: (p: unknown) => void) => {
          change.add(fn)
          return () => change.delete(fn)
        },
      },
    },
  }
  const callback = ({ register }: { register: (w: unknown) => () => void }) => register(wallet)
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  const onReady = (e: Event) => callback((e as CustomEvent).detail)
  window.addEventListener('wallet-standard:app-ready', onReady)
  const emit = (accounts: unknown[]) => {
    for (const fn of [...change]) fn({ accounts })
  }
  return {
    id: solanaConnectorId('Prop Sol'),
    namespace: 'solana',
    reject: () => {
      rejectNext = true
    },
    changeAccount: () => emit([account(SOL_OTHER)]),
    revokeFromWallet: async () => {
      authorized = false
      wallet.accounts = []
      emit([])
    },
    forget: async () => {
      authorized = false
      wallet.accounts = []
    },
    authorized: () => authorized,
    stop: () => window.removeEventListener('wallet-standard:app-ready', onReady),
  }
}

type W = 'a' | 'b' | 'sol'
type Op =
  | { op: 'connect'; w: W; reject: boolean }
  | { op: 'switchConnection'; w: W }
  | { op: 'deleteConnection'; w: W }
  | { op: 'accountChanged'; w: W }
  | { op: 'revokedByWallet'; w: W }
  | { op: 'chainChanged'; w: 'a' | 'b'; chainId: number }
  | { op: 'switchNetwork'; caipNetworkId: string }
  | { op: 'disconnect'; namespace?: 'eip155' | 'solana' }
  | { op: 'disconnectAll' }
  | { op: 'reload'; reconnect: boolean; multiWallet: boolean; forget: W[] }
  | { op: 'tick' }

const w = fc.constantFrom<W>('a', 'b', 'sol')
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('connect' as const), w, reject: fc.boolean() }), weight: 8 },
  { arbitrary: fc.record({ op: fc.constant('switchConnection' as const), w }), weight: 3 },
  { arbitrary: fc.record({ op: fc.constant('deleteConnection' as const), w }), weight: 1 },
  { arbitrary: fc.record({ op: fc.constant('accountChanged' as const), w }), weight: 2 },
  { arbitrary: fc.record({ op: fc.constant('revokedByWallet' as const), w }), weight: 1 },
  {
    arbitrary: fc.record({
      op: fc.constant('chainChanged' as const),
      w: fc.constantFrom<'a' | 'b'>('a', 'b'),
      chainId: fc.constantFrom(1, 8453, 137),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('switchNetwork' as const),
      caipNetworkId: fc.constantFrom(...networks.map((n) => n.caipNetworkId)),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('disconnect' as const),
      namespace: fc.constantFrom(undefined, 'eip155' as const, 'solana' as const),
    }),
    weight: 2,
  },
  { arbitrary: fc.constant({ op: 'disconnectAll' as const }), weight: 1 },
  {
    arbitrary: fc.record({
      op: fc.constant('reload' as const),
      reconnect: fc.boolean(),
      multiWallet: fc.boolean(),
      forget: fc.subarray<W>(['a', 'b', 'sol'], { maxLength: 1 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.constant({ op: 'tick' as const }), weight: 1 },
)

const settle = () => new Promise((r) => setTimeout(r, 0))

function start(backend: StorageBackend, reconnect: boolean, multiWallet: boolean) {
  const clock = createFakeClock(1_000_000)
  const k = createKernel({
    plugins: [
      ...corePlugins({
        config: {
          projectId: 'p',
          networks,
          namespaces: ['eip155', 'solana'],
          mobile: false,
          features: { multiWallet },
        },
      }),
      stubViews,
      createNamespacesPlugin(),
    ],
    storage: createStorage(backend),
    clock,
    http,
    options: { features: { reconnect } },
  })
  return { k, clock }
}

/** SPEC §4 invariants over the kernel's state and what it stored for reloads. */
function checkInvariants(k: Kernel) {
  const s = k.getState()
  const stored = storedConnections(k.storage)
  const listed = listConnections({
    ...s,
    config: { ...s.config, features: { ...s.config.features, multiWallet: true } },
  })
  for (const [ns, c] of Object.entries(s.account.namespaces)) {
    // Every request has settled, so nothing is left half-way.
    expect(['connected', 'disconnected'], `${ns} status`).toContain(c.status)
    const mine = listed.filter((l) => l.namespace === ns)
    for (const l of mine) expect(['connected', 'active', 'disconnected'], `${ns}/${l.connectorId}`).toContain(l.status)
    // One status per connector: an ended connection that comes back is no longer listed as disconnected.
    const ids = mine.map((l) => l.connectorId)
    expect(new Set(ids).size, `${ns}: one entry per connector`).toBe(ids.length)
    const connected = mine.filter((l) => l.status === 'connected')
    expect(connected.length, `${ns}: one connected connector at most`).toBeLessThanOrEqual(1)
    if (c.status === 'connected') {
      expect(c.caipAddress, `${ns} address`).toMatch(new RegExp(`^${ns}:[^:]+:[^:]+$`))
      expect(c.connectorId, `${ns} connector`).toBeTruthy()
      expect(
        connected.map((l) => l.connectorId),
        `${ns}: the connected connector is the account's`,
      ).toEqual([c.connectorId])
      expect(s.namespaces!.activeConnectors?.[ns]).toBe(c.connectorId)
      expect(stored.connectorIds[ns], `${ns} stored for reload`).toBe(c.connectorId)
      expect(s.namespaces!.accounts[ns]?.length, `${ns} accounts listed`).toBeGreaterThan(0)
      // SPEC §3 Connection accounts: the connected entry lists the accounts the wallet granted.
      expect(connected[0].accounts, `${ns}: listed accounts are the granted ones`).toEqual(s.namespaces!.accounts[ns])
    } else {
      // Disconnected: address, network, connector id and wallet info are gone, and a reload will not restore it.
      expect(c.caipAddress, `${ns} address cleared`).toBeUndefined()
      expect(c.connectorId, `${ns} connector cleared`).toBeUndefined()
      expect(connected, `${ns}: no connected connector`).toEqual([])
      expect(s.namespaces!.activeConnectors?.[ns], `${ns} active connector cleared`).toBeUndefined()
      expect(s.namespaces!.accounts[ns], `${ns} accounts cleared`).toBeUndefined()
      expect(stored.namespaces, `${ns} not stored`).not.toContain(ns)
    }
    if (!s.config.features.multiWallet) expect((s.namespaces!.connections?.[ns] ?? []).length).toBeLessThanOrEqual(1)
  }
  for (const ns of stored.namespaces)
    expect(s.account.namespaces[ns]?.status, `stored ${ns} is connected`).toBe('connected')
  const active = s.account.activeNamespace
  if (active && s.account.namespaces[active]?.status === 'connected') {
    expect(
      listed.some((l) => l.namespace === active && l.status === 'connected'),
      'active namespace has its connector',
    ).toBe(true)
  }
}

describe('namespaces plugin: SPEC §4 connection states (properties)', () => {
  it('keeps per-connector and per-namespace status consistent through random event sequences', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(opArb, { minLength: 4, maxLength: 20, size: 'medium' }),
        async (multiWallet, ops) => {
          const wallets = {
            a: evmWallet('dev.prop.a', '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'),
            b: evmWallet('dev.prop.b', '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'),
            sol: solanaWallet(),
          }
          const backend = memoryBackend()
          let { k, clock } = start(backend, true, multiWallet)
          try {
            for (const o of ops) {
              const before = k.getState()
              const wallet = 'w' in o ? wallets[o.w] : undefined
              switch (o.op) {
                case 'connect': {
                  if (o.reject) wallet!.reject()
                  const result = await k.request('wallet/connect', { connectorId: wallet!.id }).then(
                    () => 'ok',
                    (e: { code?: number }) => e,
                  )
                  if (o.reject) {
                    expect(result).toMatchObject({ code: 4001 })
                    // A declined second wallet does not take down the connection already there.
                    expect(k.getState().account.namespaces[wallet!.namespace]).toEqual(
                      before.account.namespaces[wallet!.namespace] ?? { status: 'disconnected' },
                    )
                  } else {
                    expect(result).toBe('ok')
                    expect(k.getState().account).toMatchObject({
                      activeNamespace: wallet!.namespace,
                      namespaces: { [wallet!.namespace]: { status: 'connected', connectorId: wallet!.id } },
                    })
                  }
                  break
                }
                case 'switchConnection':
                  await k
                    .request('connections/switch', { namespace: wallet!.namespace, connectorId: wallet!.id })
                    .catch(() => undefined)
                  break
                case 'deleteConnection':
                  await k
                    .request('connections/delete', { namespace: wallet!.namespace, connectorId: wallet!.id })
                    .catch(() => undefined)
                  break
                case 'accountChanged':
                  wallet!.changeAccount()
                  break
                case 'revokedByWallet':
                  await wallet!.revokeFromWallet()
                  break
                case 'chainChanged':
                  await wallets[o.w].core.switchChain(o.chainId)
                  break
                case 'switchNetwork':
                  await k.request('network/switch', { caipNetworkId: o.caipNetworkId }).catch(() => undefined)
                  break
                case 'disconnect': {
                  const target = o.namespace ?? before.account.activeNamespace
                  await k.request('wallet/disconnect', o.namespace ? { namespace: o.namespace } : undefined)
                  const after = k.getState().account
                  if (target) expect(after.namespaces[target]?.status ?? 'disconnected').toBe('disconnected')
                  // Disconnecting the connected active namespace moves the active one to a namespace still connected, if any.
                  const still = Object.entries(after.namespaces)
                    .filter(([, c]) => c.status === 'connected')
                    .map(([n]) => n)
                  const wasActiveAndConnected =
                    !!target &&
                    target === before.account.activeNamespace &&
                    before.account.namespaces[target]?.status === 'connected'
                  if (wasActiveAndConnected && still.length) expect(still).toContain(after.activeNamespace)
                  break
                }
                case 'disconnectAll': {
                  for (const ns of Object.keys(before.account.namespaces))
                    await k.request('wallet/disconnect', { namespace: ns })
                  expect(Object.values(k.getState().account.namespaces).every((c) => c.status === 'disconnected')).toBe(
                    true,
                  )
                  expect(storedConnections(k.storage).namespaces).toEqual([])
                  break
                }
                case 'reload': {
                  const stored = storedConnections(k.storage)
                  k.dispose()
                  for (const f of o.forget) await wallets[f].forget()
                  ;({ k, clock } = start(backend, o.reconnect, o.multiWallet))
                  await k.request('wallet/reconnect')
                  const byId = Object.values(wallets)
                  for (const ns of stored.namespaces) {
                    const back = o.reconnect && byId.find((x) => x.id === stored.connectorIds[ns])?.authorized()
                    // Restored when allowed and the wallet still grants access; otherwise disconnected and reset.
                    expect(k.getState().account.namespaces[ns], `restore of ${ns}`).toMatchObject(
                      back ? { status: 'connected', connectorId: stored.connectorIds[ns] } : { status: 'disconnected' },
                    )
                  }
                  break
                }
                case 'tick':
                  clock.advance(100)
                  break
              }
              await settle()
              checkInvariants(k)
            }
          } finally {
            k.dispose()
            for (const x of Object.values(wallets)) x.stop()
          }
        },
      ),
      {
        numRuns: 200,
        // Found by this property: a declined second wallet used to mark the namespace disconnected under a live session.
        examples: [
          [
            false,
            [
              { op: 'connect', w: 'sol', reject: false },
              { op: 'connect', w: 'sol', reject: true },
              { op: 'disconnectAll' },
            ],
          ],
        ],
      },
    )
  }, 20_000)
})
