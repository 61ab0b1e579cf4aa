// SPEC §2 open/close/back rules, the close-blocked rule with the 500 ms shake, pending-request rejection on close,
// the Farcaster reload, and embedded mode — through kernel requests and events.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentView, definePlugin, FarcasterReloadMs, ShakeMs } from '../index.js'
import {
  createTestKernel,
  flush,
  recordEvents,
  type TestKernel,
  type TestKernelOptions,
} from '../testing/test-kernel.js'

let k: TestKernel
afterEach(() => k?.dispose())

const make = (o: TestKernelOptions = {}) => (k = createTestKernel(o))
const view = () => currentView(k.getState())
const views = () => k.getState().router.history.map((e) => e.view)
const connect = (namespace = 'eip155') =>
  k.emit('wallet/connected', { namespace, caipAddress: `${namespace}:1:0xabc`, connectorId: 'injected' })

describe('opening', () => {
  it('opens Connect when disconnected and Account when connected', async () => {
    make()
    await k.request('modal/open', undefined)
    expect([k.getState().modal.open, view()]).toEqual([true, 'Connect'])
    connect()
    await k.request('modal/open', undefined)
    expect(view()).toBe('Account')
  })

  it("waits for the project's config, with the loading flag up, whoever opens (a plugin's modal/open too)", async () => {
    let release!: () => void
    let asked = 0
    const project = definePlugin({
      id: 'project-stand-in',
      handlers: {
        'project/init': () => (asked++, new Promise<void>((r) => (release = r))),
      },
    })
    make({ plugins: [project] })
    const opening = k.request('modal/open', { view: 'Networks' })
    await flush()
    expect([k.getState().modal.open, k.getState().modal.loading, asked]).toEqual([false, true, 1])
    release()
    await opening
    expect([k.getState().modal.open, k.getState().modal.loading, view()]).toEqual([true, false, 'Networks'])
    // Once the config is read, opening again neither waits nor flashes the loading flag.
    await k.request('modal/close')
    const seen = recordEvents(k)
    await k.request('modal/open', undefined)
    expect(seen.map((e) => e.type)).not.toContain('modal/loadingStarted')
    expect(k.getState().modal.open).toBe(true)
  })

  it('opens a target view with its data, resetting the history', async () => {
    make()
    await k.request('modal/open', { view: 'Networks' })
    await k.request('router/push', { view: 'SwitchNetwork' })
    await k.request('modal/open', { view: 'Swap', data: { swap: { fromToken: 'ETH' } } })
    expect(k.getState().router.history).toEqual([{ view: 'Swap', data: { swap: { fromToken: 'ETH' } } }])
  })

  it('opens on a namespace: Account when that namespace is connected, else Connect, and filters by it', async () => {
    make()
    connect('eip155')
    await k.request('modal/open', { namespace: 'solana' })
    expect(view()).toBe('Connect')
    expect(k.getState().modal.namespace).toBe('solana')
    await k.request('modal/open', { namespace: 'eip155' })
    expect(view()).toBe('Account')
    await expect(k.request('modal/open', { namespace: 'bip122' })).rejects.toThrow('Adapter not found: bip122')
    await expect(k.request('modal/open', { view: 'NoSuchView' })).rejects.toThrow(/Unknown view/)
  })

  it('with no adapters opens AllWallets on mobile and ConnectingWalletConnectBasic otherwise', async () => {
    make({ namespaces: [] })
    await k.request('modal/open', undefined)
    expect(view()).toBe('ConnectingWalletConnectBasic')
    k.dispose()
    make({ namespaces: [], mobile: true })
    await k.request('modal/open', undefined)
    expect(view()).toBe('AllWallets')
    // A target view still wins (AppKit would show the WalletConnect entry here; see the kernel tests' report).
    await k.request('modal/open', { view: 'Networks' })
    expect(view()).toBe('Networks')
    k.emit('wallet/connected', { namespace: 'eip155', caipAddress: 'eip155:1:0xabc', connectorId: 'walletConnect' })
    await k.request('modal/open', undefined)
    expect(view()).toBe('Account')
  })
})

describe('closing', () => {
  it('resets the stack to Connect and closes', async () => {
    make()
    connect()
    await k.request('modal/open', { view: 'Networks' })
    await k.request('router/push', { view: 'SwitchNetwork' })
    await expect(k.request('modal/close')).resolves.toBe(true)
    expect(k.getState().modal.open).toBe(false)
    expect(views()).toEqual(['Connect'])
  })

  it('with an empty transaction stack requests wallet/rejectPendingRequests; not when the stack is non-empty', async () => {
    const reject = vi.fn()
    make({ plugins: [definePlugin({ id: 'embedded-wallet', handlers: { 'wallet/rejectPendingRequests': reject } })] })
    await k.request('modal/open', undefined)
    await k.request('modal/close')
    await flush()
    expect(reject).toHaveBeenCalledTimes(1)

    await k.request('modal/open', { view: 'ApproveTransaction' })
    await k.request('router/pushTransaction', { id: 't1' })
    await k.request('modal/close')
    await flush()
    expect(reject).toHaveBeenCalledTimes(1)
    expect(k.getState().router.transactionStack).toEqual([])
  })

  it('without a provider of wallet/rejectPendingRequests closing is quiet (optional collaborator)', async () => {
    make()
    const seen = recordEvents(k)
    await k.request('modal/close')
    await flush()
    expect(seen.map((e) => e.type)).toEqual(['modal/close/started', 'modal/closed', 'modal/close/succeeded'])
  })

  it('is refused on SIWXSignMessage/ApproveTransaction while sign-in is required and no session exists: closeRefused + 500 ms shake', async () => {
    make()
    connect()
    k.emit('siwx/requirementChanged', { required: true })
    k.emit('siwx/sessionsChanged', { count: 0 })
    for (const v of ['SIWXSignMessage', 'ApproveTransaction']) {
      await k.request('modal/open', { view: v })
      const seen = recordEvents(k)
      await expect(k.request('modal/close')).resolves.toBe(false)
      expect(seen.map((e) => e.type)).toContain('modal/closeRefused')
      expect(seen.find((e) => e.type === 'modal/closeRefused')!.payload).toEqual({ view: v })
      expect([k.getState().modal.open, view(), k.getState().modal.shake]).toEqual([true, v, true])
      k.clock.advance(ShakeMs - 1)
      expect(k.getState().modal.shake).toBe(true)
      k.clock.advance(1)
      expect(k.getState().modal.shake).toBe(false)
      // back with no history closes, so it is refused too
      await k.request('router/back')
      expect([k.getState().modal.open, view()]).toEqual([true, v])
      k.clock.advance(ShakeMs)
    }
  })

  it('is allowed on the sign views once a session exists or sign-in is not required, and elsewhere', async () => {
    make()
    connect()
    k.emit('siwx/requirementChanged', { required: true })
    await k.request('modal/open', { view: 'Networks' })
    await expect(k.request('modal/close')).resolves.toBe(true)
    await k.request('modal/open', { view: 'SIWXSignMessage' })
    k.emit('siwx/sessionsChanged', { count: 1 })
    await expect(k.request('modal/close')).resolves.toBe(true)
    k.emit('siwx/sessionsChanged', { count: 0 })
    k.emit('siwx/requirementChanged', { required: false })
    await k.request('modal/open', { view: 'SIWXSignMessage' })
    await expect(k.request('modal/close')).resolves.toBe(true)
  })

  it('a new shake restarts the 500 ms', async () => {
    make()
    await k.request('modal/shake')
    k.clock.advance(400)
    await k.request('modal/shake')
    k.clock.advance(400)
    expect(k.getState().modal.shake).toBe(true)
    k.clock.advance(100)
    expect(k.getState().modal.shake).toBe(false)
  })
})

describe('back', () => {
  it('pops the history; with no history the modal closes', async () => {
    make()
    await k.request('modal/open', undefined)
    await k.request('router/push', { view: 'AllWallets' })
    await k.request('router/push', { view: 'ConnectingExternal' })
    await k.request('router/back')
    expect(views()).toEqual(['Connect', 'AllWallets'])
    await k.request('router/back')
    await k.request('router/back')
    expect(k.getState().modal.open).toBe(false)
    expect(views()).toEqual(['Connect'])
  })

  it('shows Account when the previous view is Connect and the user is connected', async () => {
    make()
    await k.request('modal/open', undefined)
    await k.request('router/push', { view: 'ConnectingExternal' })
    connect()
    await k.request('router/back')
    expect(views()).toEqual(['Account'])
  })

  it('pushing the current view again does not stack a duplicate; replace swaps the top', async () => {
    make()
    await k.request('modal/open', undefined)
    await k.request('router/push', { view: 'AllWallets' })
    await k.request('router/push', { view: 'AllWallets' })
    await k.request('router/replace', { view: 'ConnectingWalletConnect' })
    expect(views()).toEqual(['Connect', 'ConnectingWalletConnect'])
  })

  it('leaving ConnectingFarcaster while disconnected requests auth/reloadConnector after 100 ms', async () => {
    const reload = vi.fn()
    make({ plugins: [definePlugin({ id: 'auth', handlers: { 'auth/reloadConnector': reload } })] })
    await k.request('modal/open', undefined)
    await k.request('router/push', { view: 'ConnectingFarcaster' })
    await k.request('router/back')
    k.clock.advance(FarcasterReloadMs - 1)
    await flush()
    expect(reload).not.toHaveBeenCalled()
    k.clock.advance(1)
    await flush()
    expect(reload).toHaveBeenCalledTimes(1)

    // also when back closes the modal from ConnectingFarcaster (AppKit's goBack reloads either way)
    await k.request('modal/open', { view: 'ConnectingFarcaster' })
    await k.request('router/back')
    expect(k.getState().modal.open).toBe(false)
    k.clock.advance(FarcasterReloadMs)
    await flush()
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it('does not reload when connected or when leaving another view', async () => {
    const reload = vi.fn()
    make({ plugins: [definePlugin({ id: 'auth', handlers: { 'auth/reloadConnector': reload } })] })
    await k.request('modal/open', undefined)
    await k.request('router/push', { view: 'EmailLogin' })
    await k.request('router/back')
    await k.request('router/push', { view: 'ConnectingFarcaster' })
    connect()
    await k.request('router/back')
    k.clock.advance(1000)
    await flush()
    expect(reload).not.toHaveBeenCalled()
  })
})

describe('transaction stack', () => {
  it('success keeps the view; error and cancel pop one step (Account instead of Connect when connected)', async () => {
    make()
    connect()
    await k.request('modal/open', { view: 'Account' })
    await k.request('router/push', { view: 'ApproveTransaction' })
    await k.request('router/pushTransaction', { id: 'a' })
    await k.request('router/popTransaction', { id: 'a', status: 'success' })
    expect(views()).toEqual(['Account', 'ApproveTransaction'])
    await k.request('router/pushTransaction', { id: 'b' })
    await k.request('router/popTransaction', { id: 'b', status: 'error' })
    expect(views()).toEqual(['Account'])
    await k.request('modal/open', { view: 'Connect' })
    await k.request('router/push', { view: 'ApproveTransaction' })
    await k.request('router/pushTransaction', { id: 'c' })
    await k.request('router/popTransaction', { id: 'c', status: 'cancel' })
    expect(views()).toEqual(['Account'])
  })

  it('popping a transaction that is not on the stack changes nothing', async () => {
    make()
    await k.request('modal/open', undefined)
    await k.request('router/push', { view: 'ApproveTransaction' })
    await k.request('router/popTransaction', { id: 'ghost', status: 'error' })
    expect(views()).toEqual(['Connect', 'ApproveTransaction'])
  })
})

describe('embedded mode', () => {
  it('starts open; closing keeps it open and rests on Account when connected, else Connect', async () => {
    make({ embedded: true })
    expect(k.getState().modal).toMatchObject({ open: true, embedded: true })
    await k.request('router/push', { view: 'AllWallets' })
    await k.request('modal/close')
    expect([k.getState().modal.open, views()]).toEqual([true, ['Connect']])
    connect()
    await k.request('router/push', { view: 'Networks' })
    await k.request('modal/close')
    expect([k.getState().modal.open, views()]).toEqual([true, ['Account']])
  })

  it('can be toggled at run time', async () => {
    make()
    await k.request('modal/setEmbeddedMode', { embedded: true })
    expect(k.getState().modal).toMatchObject({ open: true, embedded: true })
    connect()
    await k.request('modal/close')
    expect(views()).toEqual(['Account'])
    await k.request('modal/setEmbeddedMode', { embedded: false })
    await k.request('modal/close')
    expect([k.getState().modal.open, views()]).toEqual([false, ['Connect']])
  })
})

describe('loading flag', () => {
  it('start/stop loading; closing clears it', async () => {
    make()
    await k.request('modal/startLoading')
    expect(k.getState().modal.loading).toBe(true)
    await k.request('modal/stopLoading')
    expect(k.getState().modal.loading).toBe(false)
    await k.request('modal/startLoading')
    await k.request('modal/close')
    expect(k.getState().modal.loading).toBe(false)
  })
})

// Issue 8: the "last used chain" (SPEC §3) was stored but never read back, so a reload lost the visitor's choice.
describe('the network a visitor starts on', () => {
  it('is the last used one when configured, else the default, else the first', async () => {
    const { createTestKernel } = await import('../testing/test-kernel.js')
    const networks = ['eip155:1', 'eip155:8453', 'eip155:10'].map((id) => ({
      caipNetworkId: id,
      name: id,
      chainNamespace: 'eip155',
      nativeSymbol: 'ETH',
    }))
    const first = createTestKernel({ config: { networks, defaultNetwork: 'eip155:8453' } })
    expect(first.getState().account.activeCaipNetworkId).toBe('eip155:8453')
    first.emit('network/switched', { caipNetworkId: 'eip155:10' })
    const stored = first.backend.dump()
    first.dispose()
    const { createKernel, corePlugins, createStorage, memoryBackend } = await import('../index.js')
    const backend = memoryBackend()
    for (const [k, v] of Object.entries(stored)) backend.setItem(k, v)
    const config = {
      projectId: 'p',
      networks,
      namespaces: ['eip155'],
      mobile: false,
      features: {},
      defaultNetwork: 'eip155:8453',
    }
    using reloaded = createKernel({ plugins: corePlugins({ config }), storage: createStorage(backend) })
    expect(reloaded.getState().account.activeCaipNetworkId).toBe('eip155:10')
    using unknownStored = createKernel({
      plugins: corePlugins({ config: { ...config, defaultNetwork: undefined } }),
      storage: createStorage(memoryBackend()),
    })
    expect(unknownStored.getState().account.activeCaipNetworkId).toBe('eip155:1')
  })
})
