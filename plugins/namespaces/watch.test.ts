import { describe, expect, it } from 'vitest'
import { createFakeClock } from '../../kernel/index.js'
import type { ConnectorInfo } from './adapter.js'
import { createConnectorWatch, type Discovered } from './watch.js'

const info = (id: string): ConnectorInfo => ({ id, name: id, type: 'ANNOUNCED', namespace: 'eip155' })

describe('connector watch', () => {
  it('waits on the injected clock for a connector to be announced', async () => {
    const clock = createFakeClock()
    let announce: (list: Discovered<string>[]) => void = () => {}
    const watch = createConnectorWatch<string>(clock, { start: (found) => ((announce = found), () => {}) })
    const late = watch.waitFor('b', 1500)
    const never = watch.waitFor('c', 1500)
    clock.advance(1000)
    announce([{ connector: info('b'), value: 'provider-b' }])
    expect(await late).toBe(true)
    clock.advance(499)
    expect(clock.pending()).toBe(1)
    clock.advance(1)
    expect(await never).toBe(false)
    expect(watch.get('b')).toBe('provider-b')
  })

  it('polls a source without events while someone waits, then stops polling', async () => {
    const clock = createFakeClock()
    let listed: string[] = []
    let emit: (list: Discovered<string>[]) => void = () => {}
    let refreshes = 0
    const watch = createConnectorWatch<string>(clock, {
      start: (found) => ((emit = found), () => {}),
      refresh: () => {
        refreshes++
        emit(listed.map((id) => ({ connector: info(id), value: id })))
      },
    })
    const found = watch.waitFor('x', 5000)
    clock.advance(300)
    listed = ['x']
    clock.advance(100)
    expect(await found).toBe(true)
    const after = refreshes
    clock.advance(1000)
    expect(refreshes).toBe(after)
    expect(clock.pending()).toBe(0)
  })

  it('ends discovery with the last watcher and never restarts it', () => {
    const clock = createFakeClock()
    let starts = 0
    let stops = 0
    const watch = createConnectorWatch<string>(clock, { start: () => (starts++, () => stops++) })
    const seen: ConnectorInfo[][] = []
    const stop = watch.watch((c) => seen.push(c))
    expect(seen).toEqual([[]])
    stop()
    expect(watch.get('late')).toBeUndefined()
    expect(watch.connectors()).toEqual([])
    expect([starts, stops]).toEqual([1, 1])
  })
})
