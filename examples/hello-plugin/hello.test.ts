import { afterEach, describe, expect, it } from 'vitest'
import { act } from 'react'
import { createFoyer, createFakeClock, createStorage, defineManifest, memoryBackend, type Foyer } from '../../index.js'
import { byTestId, cleanup, click, testFoyer, waitFor } from '../../shell/testing.js'
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
})
