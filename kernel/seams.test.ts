// The kernel seams plugins build on: request status from lifecycle events, an abort signal per plugin, a reactive view
// registry, manifest-declared view metadata and entries, and manifests' eager boot.
import { effect } from '@preact/signals-core'
import { describe, expect, it } from 'vitest'
import { defineManifest, definePlugin, isPending, requestError, requestStatus, UserRejectedError } from './index.js'
import { createTestKernel, requestRaw } from './testing/test-kernel.js'

describe('request status', () => {
  it('follows started, succeeded and failed, and keeps the last failure until the next call', async () => {
    let fail: unknown
    let release = () => {}
    const p = definePlugin({
      id: 'jobs',
      handlers: {
        ['jobs/run' as never]: (() =>
          new Promise<void>((resolve, reject) => {
            release = () => (fail ? reject(fail) : resolve())
          })) as never,
      },
    })
    using k = createTestKernel({ plugins: [p] })
    expect(requestStatus(k.getState(), 'jobs/run')).toBeUndefined()
    const first = requestRaw(k, 'jobs/run')
    expect(isPending(k.getState(), 'jobs/run')).toBe(true)
    fail = new UserRejectedError()
    release()
    await first.catch(() => undefined)
    expect(isPending(k.getState(), 'jobs/run')).toBe(false)
    expect(requestStatus(k.getState(), 'jobs/run')).toMatchObject({ pending: 0, rejected: true, error: { code: 4001 } })
    fail = undefined
    const second = requestRaw(k, 'jobs/run')
    expect(requestError(k.getState(), 'jobs/run')).toBeUndefined()
    release()
    await second
    expect(requestStatus(k.getState(), 'jobs/run')).toEqual({ pending: 0 })
    // Replaying the log gives the same request status: it is state like any other.
    const { base, events } = k.log()
    expect(k.replay(events, base).requests).toEqual(k.getState().requests)
  })
})

describe('plugin lifetime', () => {
  it('hands setup and handlers an abort signal that fires when the plugin goes away', async () => {
    const seen: AbortSignal[] = []
    const p = definePlugin({
      id: 'watcher',
      setup: (ctx) => void seen.push(ctx.signal),
      handlers: {
        ['watcher/wait' as never]: ((_i: void, ctx: { signal: AbortSignal }) => void seen.push(ctx.signal)) as never,
      },
    })
    const k = createTestKernel()
    const remove = k.register(p)
    await requestRaw(k, 'watcher/wait')
    expect(seen.map((s) => s.aborted)).toEqual([false, false])
    remove()
    expect(seen.map((s) => s.aborted)).toEqual([true, true])
    k.dispose()
  })
})

describe('views and entries', () => {
  const lazyPlugin = definePlugin({ id: 'extra', views: { Extra: { component: 'Extra' } } })
  const manifest = defineManifest({
    id: 'extra',
    views: { Extra: { title: 'Extra things', footer: 'legal' } },
    entries: [{ point: 'account-action', id: 'extra', view: 'Extra', label: 'Extra', feature: 'extras' }],
    load: async () => lazyPlugin,
  })

  it('knows titles, footers and entries from the manifest before the code loads', () => {
    using k = createTestKernel({ plugins: [manifest] })
    expect(k.isViewLoaded('Extra')).toBe(false)
    expect(k.viewMeta('Extra')).toEqual({ title: 'Extra things', footer: 'legal' })
    expect(k.entries('account-action')).toEqual([
      { point: 'account-action', id: 'extra', view: 'Extra', label: 'Extra', feature: 'extras', plugin: 'extra' },
    ])
    expect(k.entries('account-tab')).toEqual([])
  })

  it('adds the entries a loaded plugin declares beyond its manifest, once, after the manifest ones', async () => {
    const late = { point: 'account-header' as const, id: 'late', view: 'Extra', label: 'Late', connectors: ['x'] }
    const withEntry = { ...manifest, load: async () => ({ ...lazyPlugin, entries: [late, manifest.entries![0]] }) }
    using k = createTestKernel({ plugins: [withEntry] })
    expect(k.entries('account-header')).toEqual([])
    await k.load('extra')
    expect(k.entries('account-header')).toEqual([{ ...late, plugin: 'extra' }])
    expect(k.entries('account-action')).toHaveLength(1)
  })

  it('re-runs what reads the view registry when a plugin brings its views', async () => {
    using k = createTestKernel({ plugins: [manifest] })
    const loaded: boolean[] = []
    const stop = effect(() => void loaded.push(!!k.getView('Extra')))
    await k.ensureView('Extra')
    stop()
    expect(loaded).toEqual([false, true])
    // The loaded view carries the manifest's metadata under its component.
    expect(k.getView('Extra')).toEqual({ title: 'Extra things', footer: 'legal', component: 'Extra' })
  })

  it('runs a manifest boot once at start, with storage and requests but none of the plugin code', async () => {
    const booted: unknown[] = []
    const k = createTestKernel({
      plugins: [
        defineManifest({
          id: 'b',
          boot: (ctx) => void booted.push(ctx.storage.get('x') ?? 'none'),
          load: async () => ({ id: 'b' }),
        }),
      ],
    })
    expect(booted).toEqual(['none'])
    k.dispose()
  })
})
