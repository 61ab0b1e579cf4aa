import { afterEach, describe, expect, it } from 'vitest'
import { createFoyer, createFakeClock, createStorage, memoryBackend, type Foyer } from '../../index.js'
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
    expect(f.getState().hello.greetings).toEqual([{ name: 'Ada', at: 1000 }])
    const types = f.kernel.log().events.map((e) => e.type)
    expect(types).toEqual(
      expect.arrayContaining(['plugin/loaded', 'hello/greet/started', 'hello/greeted', 'hello/greet/succeeded']),
    )
  })

  it('refuses an empty name with a clear error and changes nothing', async () => {
    const f = make(helloPlugin as never)
    await expect(f.kernel.request('hello/greet', { name: '   ' })).rejects.toThrow('A name is required')
    expect(f.getState().hello.greetings).toEqual([])
    expect(f.kernel.log().events.at(-1)?.type).toBe('hello/greet/failed')
  })

  it('keeps at most MaxGreetings', async () => {
    const f = make()
    for (let i = 0; i < MaxGreetings + 5; i++) await f.kernel.request('hello/greet', { name: `n${i}` })
    expect(f.getState().hello.greetings).toHaveLength(MaxGreetings)
    expect(f.getState().hello.greetings[0].name).toBe('n5')
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
