// An inline Connect method with manifest rows (e.g. social login) shows on Connect without its plugin's code: intent
// prefetches it, a click sends the row's request (loading the plugin), and the plugin's own view then takes over.
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineManifest, definePlugin, requestStatus } from '../../kernel/index.js'
import { byTestId, cleanup, click, render, testFoyer, waitFor } from '../testing.js'
import { FoyerProvider } from '../react/index.js'

afterEach(cleanup)

const rowsPlugin = () => {
  const picked: unknown[] = []
  const load = vi.fn(async () =>
    definePlugin({
      id: 'rowsy',
      state: { init: () => ({}), on: {} },
      views: { RowsyLogin: { component: () => <div data-testid="rowsy-own-view" /> } },
      handlers: { 'rowsy/pick': async (input: unknown) => void picked.push(input) } as never,
    }),
  )
  const manifest = defineManifest({
    id: 'rowsy',
    feature: 'socials',
    views: { RowsyLogin: {} },
    requests: ['rowsy/pick'],
    entries: [
      {
        point: 'connect-method',
        id: 'rowsy',
        view: 'RowsyLogin',
        label: 'Social',
        inline: true,
        rows: [
          {
            id: 'google',
            label: 'Continue with Google',
            short: 'Google',
            icon: 'user',
            request: 'rowsy/pick',
            input: { provider: 'google' },
          },
          { id: 'x', label: 'Continue with X', short: 'X', request: 'rowsy/pick', input: { provider: 'x' } },
          {
            id: 'github',
            label: 'Continue with GitHub',
            short: 'GitHub',
            request: 'rowsy/pick',
            input: { provider: 'github' },
          },
        ],
      },
    ],
    load,
  })
  return { manifest, load, picked }
}

const open = async (foyer: ReturnType<typeof testFoyer>) => {
  await render(<FoyerProvider foyer={foyer}>{null}</FoyerProvider>)
  await act(async () => {
    await foyer.open()
  })
  return waitFor(() => byTestId('foyer-view-Connect'))
}

describe('Connect method rows from a manifest', () => {
  it('show on opening without the plugin; intent prefetches; a click sends the request and the own view takes over', async () => {
    const { manifest, load, picked } = rowsPlugin()
    const foyer = testFoyer({ plugins: [manifest] })
    await open(foyer)
    expect(byTestId('rowsy-selector-google')!.textContent).toContain('Continue with Google')
    expect(byTestId('rowsy-selector-x')!.textContent).toBe('X')
    expect(load).not.toHaveBeenCalled()
    // Opening also loads the Connect list's plugin, which asks for the listed wallets (failing: no network here); under
    // load that finishes later, so let it settle before recording what the rows' intent does.
    await waitFor(() => requestStatus(foyer.getState(), 'wallet/loadListedWallets')?.pending === 0)
    const events: string[] = []
    foyer.subscribeEvents((e) => events.push(e.type))
    await act(() => {
      byTestId('rowsy-selector-x')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }))
    })
    // The prefetch is a download: it may finish after the event's turn, but it registers nothing.
    await waitFor(() => load.mock.calls.length === 1)
    expect(foyer.kernel.isViewLoaded('RowsyLogin')).toBe(false)
    expect(events).toEqual([])
    await click('rowsy-selector-x')
    await waitFor(() => picked.length)
    expect(picked).toEqual([{ provider: 'x' }])
    await waitFor(() => byTestId('rowsy-own-view'))
    expect(byTestId('rowsy-selector-google')).toBeUndefined()
  })

  it("with the entry's feature a list, only the rows it names, in its order", async () => {
    const { manifest } = rowsPlugin()
    const foyer = testFoyer({ plugins: [manifest], features: { socials: ['github', 'google'] } })
    await open(foyer)
    const ids = [...byTestId('foyer-rows-rowsy')!.querySelectorAll('[data-testid]')].map((e) =>
      e.getAttribute('data-testid'),
    )
    expect(ids).toEqual(['rowsy-selector-github', 'rowsy-selector-google'])
  })
})
