import { afterEach, describe, expect, it } from 'vitest'
import { act } from 'react'
import { verifyMessage, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { truncateAddress } from 'foyer/ui'
import { createFoyer, createFakeClock, createStorage, defineManifest, memoryBackend, type Foyer } from '../../index.js'
import { byTestId, cleanup, click, testFoyer, waitFor } from '../../shell/testing.js'
import { HelloMessage } from './action.js'
import { helloManifest, helloPlugin, MaxGreetings } from './hello.js'

const projectId = 'f0e1d2c3b4a5968778695a4b3c2d1e0f'
let foyer: Foyer | undefined
const make = (plugin = helloManifest) => {
  foyer = createFoyer({
    projectId,
    plugins: [plugin],
    clock: createFakeClock(1000),
    storage: createStorage(memoryBackend()),
    disableAppend: true,
  })
  return foyer
}
afterEach(() => {
  foyer?.destroy()
  foyer = undefined
})

describe('hello-plugin', () => {
  it('loads lazily on its first request, then reduces the greeted event into its slice', async () => {
    const f = make()
    expect(f.getState().hello).toBeUndefined()
    await expect(f.kernel.request('hello/greet', { name: '  Ada ' })).resolves.toEqual({ count: 1 })
    expect(f.getState().hello!.greetings).toEqual([{ name: 'Ada', at: 1000 }])
    const types = f.kernel.log().events.map((e) => e.type)
    expect(types).toEqual(
      expect.arrayContaining(['plugin/loaded', 'hello/greet/started', 'hello/greeted', 'hello/greet/succeeded']),
    )
  })

  it('refuses an empty name with a clear error and changes nothing', async () => {
    const f = make(helloPlugin as never)
    await expect(f.kernel.request('hello/greet', { name: '   ' })).rejects.toThrow('A name is required')
    expect(f.getState().hello!.greetings).toEqual([])
    expect(f.kernel.log().events.at(-1)?.type).toBe('hello/greet/failed')
  })

  it('keeps at most MaxGreetings', async () => {
    const f = make()
    for (let i = 0; i < MaxGreetings + 5; i++) await f.kernel.request('hello/greet', { name: `n${i}` })
    expect(f.getState().hello!.greetings).toHaveLength(MaxGreetings)
    expect(f.getState().hello!.greetings[0].name).toBe('n5')
  })

  it('opens its view through the router, loading the plugin on demand', async () => {
    const f = make()
    expect(f.kernel.viewIds()).toContain('Hello')
    await f.open({ view: 'Hello' })
    expect(f.getState().router.history.at(-1)?.view).toBe('Hello')
    expect(await f.kernel.ensureView('Hello')).toBeDefined()
  })

  it('replays to the same state from the log', async () => {
    const f = make()
    await f.kernel.request('hello/greet', { name: 'Grace' })
    const { base, events } = f.kernel.log()
    expect(f.kernel.replay(events, base)).toEqual(f.getState())
  })
})

describe('hello-plugin in the shell (no shell file names it)', () => {
  const connect = (f: Foyer) =>
    f.kernel.emit('wallet/connected', {
      namespace: 'eip155',
      caipAddress: 'eip155:1:0x1234567890abcdef1234567890abcdef1234abcd',
      connectorId: 'test',
    })

  afterEach(cleanup)

  it('shows its Account action and tab from the manifest alone, before its code loads', async () => {
    const never = defineManifest({ ...helloManifest, load: () => new Promise<never>(() => {}) })
    const f = testFoyer({ plugins: [never] })
    connect(f)
    await act(() => f.open({ view: 'Account' }))
    await waitFor(() => byTestId('account-action-hello'))
    expect(byTestId('account-action-hello')!.textContent).toContain('Say hello')
    expect(byTestId('account-tab-greetings')!.textContent).toBe('Greetings')
    expect(f.kernel.isViewLoaded('Hello')).toBe(false)
  })

  it('opens its view from the action, loading the plugin then', async () => {
    const f = testFoyer({ plugins: [helloManifest] })
    connect(f)
    await act(() => f.open({ view: 'Account' }))
    await click('account-action-hello')
    await waitFor(() => byTestId('hello-form'))
    expect(f.getState().router.history.at(-1)?.view).toBe('Hello')
  })

  it('its Sign hello action (foyer/ui) has the connected wallet sign the greeting; a refusal is said, then it signs', async () => {
    const wallet = injectedWallet()
    const f = testFoyer({ plugins: [helloManifest] })
    try {
      await act(() => f.kernel.request('wallet/connect', { connectorId: wallet.rdns }))
      await act(() => f.open({ view: 'Account' }))
      await waitFor(() => byTestId('account-action-hello-sign'))
      expect(byTestId('account-action-hello-sign')!.textContent).toContain('Sign hello')
      await click('account-action-hello-sign')
      await waitFor(() => byTestId('hello-sign'))
      expect(byTestId('hello-sign-address')!.textContent).toBe(truncateAddress(wallet.address))
      wallet.rejectNext = true
      await click('hello-sign-button')
      await waitFor(() => byTestId('hello-sign-error'))
      expect(byTestId('hello-sign-error')!.textContent).toBe('User rejected the request.')
      await click('hello-sign-button')
      const signature = (await waitFor(() => byTestId('hello-signature')))!.textContent as Hex
      // a real signature by the connected account's key over the greeting
      expect(await verifyMessage({ address: wallet.address, message: HelloMessage, signature })).toBe(true)
      expect(wallet.asked.filter((m) => m === 'personal_sign')).toHaveLength(2)
    } finally {
      wallet.remove()
    }
  })
})

/** An EIP-6963 wallet in the page that signs with a real key (viem) and can refuse once (4001). */
function injectedWallet() {
  const account = privateKeyToAccount('0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba')
  const asked: string[] = []
  const state = { rejectNext: false }
  const provider = {
    async request({ method, params }: { method: string; params?: unknown[] }) {
      asked.push(method)
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account.address]
      if (method === 'eth_chainId') return '0x1'
      if (method === 'personal_sign') {
        if (state.rejectNext) {
          state.rejectNext = false
          throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        }
        return account.signMessage({ message: { raw: params![0] as Hex } })
      }
      throw Object.assign(new Error(`${method} is not supported`), { code: 4200 })
    },
    on: () => provider,
    removeListener: () => provider,
  }
  const rdns = 'example.hello.wallet'
  const info = { uuid: '00000000-0000-4000-8000-00000000feed', name: 'Hello Wallet', icon: '', rdns }
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
  return Object.assign(state, {
    rdns,
    address: account.address,
    asked,
    remove: () => window.removeEventListener('eip6963:requestProvider', announce),
  })
}
