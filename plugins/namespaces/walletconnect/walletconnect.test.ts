import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  corePlugins,
  createFakeClock,
  createKernel,
  createStorage,
  definePlugin,
  FoyerError,
  memoryBackend,
  type Kernel,
  type PluginContext,
} from '../../../kernel/index.js'
import type { NamespacesState } from '../namespaces.state.js'
import { createSessions } from '../session.js'
import type { WalletConnectConnector } from './connector.js'
import { DeepLinkFallbackMs, storeLink } from './deeplink.js'
import { linksFor, walletLink } from './links.js'
import { optionalNamespaces } from './proposal.js'
import { ProviderInitFailed } from './provider-alerts.js'
import { RelayUnreachableMessage, walletConnectHandlers } from './wc.handlers.js'
import { isPairingExpired, PairingLifetimeMs, walletConnectReducers } from './wc.state.js'

const networks = [
  { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  { caipNetworkId: 'eip155:8453', name: 'Base', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
  {
    caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    name: 'Solana',
    chainNamespace: 'solana',
    nativeSymbol: 'SOL',
  },
  {
    caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
    name: 'Bitcoin',
    chainNamespace: 'bip122',
    nativeSymbol: 'BTC',
  },
]
const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}
const cleanups: Array<() => void> = []
afterEach(() => {
  for (const c of cleanups.splice(0)) c()
})

// A connector whose pairings the test resolves by hand.
function fakeConnector(opts: { uri?: boolean } = {}) {
  const pairs: Array<{ approve(ns: Record<string, { accounts: string[] }>): void; reject(e: unknown): void }> = []
  const wc = {
    pair: () => {
      let approve!: (s: unknown) => void
      let reject!: (e: unknown) => void
      const session = new Promise((res, rej) => {
        approve = res
        reject = rej
      })
      pairs.push({ approve: (namespaces) => approve({ namespaces }), reject })
      // As the real connector: sign-ins are read after approval only, so a rejected pairing leaves them unread.
      const signIns = session.then(() => [])
      signIns.catch(() => undefined)
      return {
        uri: opts.uri === false ? new Promise<string>(() => {}) : Promise.resolve(`wc:${pairs.length}`),
        session,
        signIns,
      }
    },
    reset: () => {},
    setDefaultChain: async () => {},
    adapter: (namespace: string) => ({ namespace, subscribe: () => () => {} }),
  } as unknown as WalletConnectConnector
  return { wc, pairs }
}

function kernel(wc: WalletConnectConnector, opts: { mobile?: boolean } = {}) {
  const clock = createFakeClock(1_000_000)
  let pctx: PluginContext | undefined
  const sessions = createSessions(() => pctx!)
  const plugin = definePlugin<NamespacesState>({
    id: 'namespaces',
    state: {
      init: () => ({ connectors: [], recent: [], accounts: {} }) as unknown as NamespacesState,
      on: walletConnectReducers,
    },
    views: { ConnectingWalletConnect: { component: 'W' } },
    handlers: walletConnectHandlers({ wc, sessions, options: () => ({}) }),
    setup(c) {
      pctx = c
    },
  })
  const k: Kernel = createKernel({
    plugins: [
      ...corePlugins({
        config: { projectId: 'p', networks, namespaces: ['eip155'], mobile: !!opts.mobile, features: {} },
      }),
      { id: 'views', views: { Connect: { component: 'C' }, Account: { component: 'A' } } },
      plugin,
    ],
    storage: createStorage(memoryBackend()),
    clock,
  })
  cleanups.push(() => k.dispose())
  return { k, clock }
}

describe('WalletConnect pairing', () => {
  it('offers a URI for 4 minutes, renews it when under 10 s remain, and connects every granted namespace', async () => {
    const { wc, pairs } = fakeConnector()
    const { k, clock } = kernel(wc)
    await k.request('modal/open', undefined)
    const done = k.request('walletConnect/connect', {})
    await flush()
    expect(k.getState().router.history.at(-1)?.view).toBe('ConnectingWalletConnect')
    const first = k.getState().namespaces!.walletConnect!
    expect(first).toMatchObject({ status: 'connecting', uri: 'wc:1', expiresAt: 1_000_000 + PairingLifetimeMs })
    clock.advance(PairingLifetimeMs - 10_001)
    await flush()
    expect(pairs).toHaveLength(1)
    expect(isPairingExpired(k.getState().namespaces!.walletConnect, clock.now())).toBe(false)
    clock.advance(1)
    await flush()
    expect(isPairingExpired(first, clock.now() + 1)).toBe(true)
    expect(pairs).toHaveLength(2)
    expect(k.getState().namespaces!.walletConnect?.uri).toBe('wc:2')
    pairs[1].approve({
      eip155: { accounts: [`eip155:1:${ADDRESS}`, `eip155:8453:${ADDRESS}`] },
      solana: { accounts: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'] },
    })
    await done
    expect(k.getState().account.namespaces.eip155).toEqual({
      status: 'connected',
      caipAddress: `eip155:1:${ADDRESS}`,
      connectorId: 'walletConnect',
    })
    expect(k.getState().account.namespaces.solana?.status).toBe('connected')
    expect(k.getState().namespaces!.walletConnect?.status).toBe('connected')
    expect(k.getState().modal.open).toBe(false)
  })

  it('gives up with a retryable error when the relay hands out no URI in time', async () => {
    const { wc } = fakeConnector({ uri: false })
    const { k, clock } = kernel(wc)
    await k.request('modal/open', undefined)
    const done = k.request('walletConnect/connect', {}).catch((e: Error) => e)
    await flush()
    clock.advance(10_000)
    expect(String(await done)).toContain(RelayUnreachableMessage)
    expect(k.getState().namespaces!.walletConnect).toMatchObject({
      status: 'disconnected',
      error: RelayUnreachableMessage,
    })
  })

  it('matches provider errors to SPEC §8 alerts, each shown once (an invalid key → APKT007, a JWT not yet valid → APKT006)', async () => {
    const shown: string[] = []
    const { wc, pairs } = fakeConnector()
    const { k } = kernel(wc)
    k.on('alert/shown', (e) => shown.push(e.payload.code ?? ''))
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const message of [
      'Unauthorized: invalid key',
      'Unauthorized: invalid key',
      'JWT validation error: JWT Token is not yet valid',
      'Unauthorized: origin not allowed',
      'socket hang up',
    ]) {
      const done = k.request('walletConnect/connect', {}).catch((e: Error) => e)
      await flush()
      pairs.at(-1)!.reject(new Error(message))
      expect(String(await done)).toContain(message)
    }
    await flush()
    spy.mockRestore()
    expect(shown).toEqual(['APKT007', 'APKT006', 'APKT002'])
  })

  it('reports a provider that did not start as an SDK error event and logs it; a wallet refusal is neither', async () => {
    const { wc, pairs } = fakeConnector()
    const { k } = kernel(wc)
    const reported: unknown[] = []
    k.on('error/reported', (e) => reported.push(e.payload.error))
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const started = k.request('walletConnect/connect', {}).catch((e: Error) => e)
    await flush()
    const cause = new Error('socket stalled')
    pairs.at(-1)!.reject(
      new FoyerError('WalletConnect could not start: socket stalled', {
        code: ProviderInitFailed,
        category: 'INTERNAL_SDK_ERROR',
        cause,
      }),
    )
    await started
    expect(reported).toEqual([
      {
        name: 'FoyerError',
        message: 'WalletConnect could not start: socket stalled',
        code: ProviderInitFailed,
        category: 'INTERNAL_SDK_ERROR',
      },
    ])
    expect(logged).toHaveBeenCalledWith('[foyer] WalletConnect could not start: socket stalled', cause)
    const refused = k.request('walletConnect/connect', {}).catch((e: Error) => e)
    await flush()
    pairs.at(-1)!.reject(new Error('User rejected'))
    await refused
    expect(reported).toHaveLength(1)
    expect(logged).toHaveBeenCalledTimes(1)
    logged.mockRestore()
  })

  it('a pairing its view asked for starts only while that view shows: once the modal moved on, nothing pairs or pushes', async () => {
    // The phone-layout walk's race: ConnectingWalletConnectBasic asks on mount, the transports arrive after the modal
    // was closed and reopened on another view, and the late pairing pushed its view over that one.
    const { wc, pairs } = fakeConnector()
    const { k } = kernel(wc)
    await k.request('modal/open', { view: 'Account' })
    const late = k.request('walletConnect/connect', { fromView: true })
    await flush()
    expect(pairs).toHaveLength(0)
    expect(k.getState().router.history.map((h) => h.view)).toEqual(['Account'])
    expect(k.getState().namespaces!.walletConnect).toBeUndefined()
    await k.request('walletConnect/cancel')
    await late
    // The view showing: it pairs as before.
    await k.request('router/push', { view: 'ConnectingWalletConnect' })
    const done = k.request('walletConnect/connect', { fromView: true })
    await flush()
    expect(pairs).toHaveLength(1)
    await k.request('walletConnect/cancel')
    await done
  })

  it('stops renewing once cancelled', async () => {
    const { wc, pairs } = fakeConnector()
    const { k, clock } = kernel(wc)
    const done = k.request('walletConnect/connect', {})
    await flush()
    await k.request('walletConnect/cancel')
    await done
    clock.advance(PairingLifetimeMs)
    await flush()
    expect(pairs).toHaveLength(1)
    expect(k.getState().namespaces!.walletConnect).toBeUndefined()
  })
})

describe('WalletConnect proposal and links', () => {
  it('asks for the SPEC §7 methods per namespace for the configured networks, with an rpcMap', () => {
    const ns = optionalNamespaces(networks, { customRpcUrls: { 'eip155:1': ['http://127.0.0.1:8545'] } }, 'eip155:8453')
    expect(ns.eip155).toMatchObject({
      chains: ['eip155:1', 'eip155:8453'],
      rpcMap: { 1: 'http://127.0.0.1:8545', 8453: 'https://mainnet.base.org' },
      defaultChain: '8453',
    })
    expect(ns.eip155.methods).toEqual(
      expect.arrayContaining([
        'personal_sign',
        'eth_sendTransaction',
        'eth_signTypedData_v4',
        'wallet_switchEthereumChain',
        'wallet_addEthereumChain',
        'eth_accounts',
        'eth_chainId',
      ]),
    )
    expect(ns.solana.methods).toEqual(
      expect.arrayContaining(['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction']),
    )
    expect(ns.bip122.methods).toEqual(['sendTransfer', 'signMessage', 'signPsbt', 'getAccountAddresses'])
  })

  it('builds deep, universal, desktop and web-app links carrying the URI', () => {
    const uri = 'wc:abc@2?relay-protocol=irn&symKey=1'
    expect(walletLink('metamask://', uri)).toBe(`metamask://wc?uri=${encodeURIComponent(uri)}`)
    expect(walletLink('https://link.example.com/', uri)).toBe(
      `https://link.example.com/wc?uri=${encodeURIComponent(uri)}`,
    )
    expect(walletLink('javascript:alert(1)', uri)).toBeUndefined()
    expect(walletLink('trezorsuite://walletconnect', uri)).toBe(
      `trezorsuite://walletconnect/wc?uri=${encodeURIComponent(uri)}`,
    )
    const wallet = { id: 'w', name: 'W', mobileLink: 'w://', desktopLink: 'wdesk://', webappLink: 'https://app.w.io' }
    expect(linksFor(wallet, uri, true).map((l) => l.kind)).toEqual(['mobile'])
    expect(linksFor(wallet, uri, false).map((l) => l.kind)).toEqual(['desktop', 'webapp'])
  })
})

describe('wallet links refuse disguised script schemes', () => {
  it('drops a link whose scheme only reads javascript: once control characters are removed', async () => {
    const { walletLink } = await import('./links.js')
    expect(walletLink('java\tscript:alert(1)//://', 'wc:abc@2')).toBeUndefined()
    expect(walletLink('\njavascript://x', 'wc:abc@2')).toBeUndefined()
    expect(walletLink('metamask://', 'wc:abc@2')).toBe('metamask://wc?uri=wc%3Aabc%402')
    expect(walletLink('https://link.wallet.test/', 'wc:abc@2')).toBe('https://link.wallet.test/wc?uri=wc%3Aabc%402')
  })
})

// Issue 8: the session's account was picked from the state captured before the 4-minute pairing loop.
describe('WalletConnect session account', () => {
  it('is the one on the network active when the wallet approves, not when the pairing started', async () => {
    const { wc, pairs } = fakeConnector()
    const { k } = kernel(wc)
    expect(k.getState().account.activeCaipNetworkId).toBe('eip155:1')
    const done = k.request('walletConnect/connect', {})
    await flush()
    k.emit('network/switched', { caipNetworkId: 'eip155:8453' })
    pairs[0].approve({ eip155: { accounts: [`eip155:1:${ADDRESS}`, `eip155:8453:${ADDRESS}`] } })
    await done
    expect(k.getState().account.namespaces.eip155?.caipAddress).toBe(`eip155:8453:${ADDRESS}`)
  })
})

// Issue 8: `walletConnect.status` stayed "connected" after a disconnect until the next pairing started.
describe('WalletConnect status after a disconnect', () => {
  it('is "disconnected" once no namespace is connected through the session', async () => {
    const { wc, pairs } = fakeConnector()
    const { k } = kernel(wc)
    const done = k.request('walletConnect/connect', {})
    await flush()
    pairs[0].approve({
      eip155: { accounts: [`eip155:1:${ADDRESS}`] },
      solana: { accounts: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'] },
    })
    await done
    k.emit('wallet/disconnected', { namespace: 'solana' })
    expect(k.getState().namespaces!.walletConnect?.status).toBe('connected')
    k.emit('wallet/disconnected', { namespace: 'eip155' })
    expect(k.getState().namespaces!.walletConnect?.status).toBe('disconnected')
  })
})

describe('phones: a registry wallet opens by deep link, and a fallback shows when it does not answer', () => {
  const wallet = {
    id: 'a'.repeat(64),
    name: 'Fixture Wallet',
    mobileLink: 'fixturewallet://',
    universalLink: 'https://link.fixture.test/',
    appStore: 'https://apps.apple.com/app/fixture/id1',
    playStore: 'https://play.google.com/store/apps/details?id=test.fixture',
  }
  const visibility = (state: 'visible' | 'hidden') => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
    document.dispatchEvent(new Event('visibilitychange'))
  }
  afterEach(() => visibility('visible'))

  it('opens the wc: deep link, then offers the fallback after a few visible seconds without a pairing', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined)
    cleanups.push(() => assign.mockRestore())
    const { wc } = fakeConnector()
    const { k, clock } = kernel(wc, { mobile: true })
    void k.request('walletConnect/connect', { wallet }).catch(() => undefined)
    await flush()
    const href = `fixturewallet://wc?uri=${encodeURIComponent('wc:1')}`
    expect(assign).toHaveBeenCalledWith(href)
    expect(k.getState().namespaces!.walletConnect).toMatchObject({ deepLink: href })
    // The wallet app came to the front (page hidden): no fallback while the visitor is there.
    visibility('hidden')
    clock.advance(DeepLinkFallbackMs * 3)
    expect(k.getState().namespaces!.walletConnect?.unanswered).toBeUndefined()
    // Back on the page and still nothing after the delay: say so and offer QR, copy and store links.
    visibility('visible')
    clock.advance(DeepLinkFallbackMs - 1)
    expect(k.getState().namespaces!.walletConnect?.unanswered).toBeUndefined()
    clock.advance(1)
    expect(k.getState().namespaces!.walletConnect).toMatchObject({ status: 'connecting', unanswered: true })
    await k.request('walletConnect/cancel')
  })

  it('does not open anything on a desktop, and picks the store for the phone', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined)
    cleanups.push(() => assign.mockRestore())
    const { wc } = fakeConnector()
    const { k } = kernel(wc)
    void k.request('walletConnect/connect', { wallet }).catch(() => undefined)
    await flush()
    expect(assign).not.toHaveBeenCalled()
    expect(k.getState().namespaces!.walletConnect?.deepLink).toBeUndefined()
    await k.request('walletConnect/cancel')
    expect(storeLink(wallet, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(wallet.appStore)
    expect(storeLink(wallet, 'Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(wallet.playStore)
  })

  it('in an in-app browser offers only the WalletConnect universal link', () => {
    const uri = 'wc:abc@2'
    expect(linksFor({ ...wallet, webappLink: 'https://app.fixture.test' }, uri, true, true)).toEqual([
      {
        kind: 'mobile',
        label: 'Open Fixture Wallet',
        href: `https://link.fixture.test/wc?uri=${encodeURIComponent(uri)}`,
      },
    ])
    expect(
      linksFor({ ...wallet, webappLink: 'https://app.fixture.test' }, uri, false, true).map((l) => l.kind),
    ).toEqual(['mobile'])
  })
})
