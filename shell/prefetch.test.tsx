// The visitor's intent on a Foyer button starts the downloads the click will wait for — the modal chunk and the
// plugins of the views that open first — without running any plugin or making any request; opening loads them
// beside the modal chunk instead of after its first render.
import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineManifest, definePlugin, type PluginManifest } from '../kernel/index.js'
import { ConnectButton, FoyerProvider } from './react/index.js'
import { byTestId, cleanup, render, testFoyer } from './testing.js'

afterEach(cleanup)

// A plugin with one view, loaded through a spy so the test sees when its code is fetched.
const plugin = (id: string, view: string, entry: Omit<NonNullable<PluginManifest['entries']>[number], 'view'>) => {
  const load = vi.fn(async () => definePlugin({ id, views: { [view]: { component: () => null } } }))
  return { load, manifest: defineManifest({ id, views: { [view]: {} }, entries: [{ ...entry, view }], load }) }
}

const setup = async () => {
  const inline = plugin('inlineMethod', 'InlineMethod', { point: 'connect-method', id: 'x', label: 'X', inline: true })
  const row = plugin('rowMethod', 'RowMethod', { point: 'connect-method', id: 'y', label: 'Y' })
  const tab = plugin('tab', 'TabBody', { point: 'account-tab', id: 'tokens', label: 'Tokens' })
  const hiddenTab = plugin('hiddenTab', 'HiddenTab', { point: 'account-tab', id: 'z', label: 'Z', feature: 'payments' })
  const foyer = testFoyer({ plugins: [inline.manifest, row.manifest, tab.manifest, hiddenTab.manifest] })
  await render(
    <FoyerProvider foyer={foyer}>
      <ConnectButton />
    </FoyerProvider>,
  )
  return { foyer, inline, row, tab, hiddenTab }
}

const pointer = (type: string) =>
  act(() => {
    byTestId('connect-button')!.dispatchEvent(new PointerEvent(type, { bubbles: true, composed: true }))
  })

describe('prefetch at intent', () => {
  it("pointer down or focus on Connect fetches the Connect view's inline plugins, runs none and requests nothing", async () => {
    const { foyer, inline, row, tab } = await setup()
    const events: string[] = []
    foyer.subscribeEvents((e) => events.push(e.type))
    await pointer('pointerdown')
    await act(() => byTestId('connect-button')!.focus())
    await act(() => new Promise((r) => setTimeout(r, 10)))
    expect(inline.load).toHaveBeenCalledTimes(1)
    // A row opens its view on a second click; tabs belong to Account.
    expect(row.load).not.toHaveBeenCalled()
    expect(tab.load).not.toHaveBeenCalled()
    expect(foyer.kernel.isViewLoaded('InlineMethod')).toBe(false)
    expect(events).toEqual([])
    expect(foyer.fetches).toEqual([])
    expect(byTestId('foyer-modal')).toBeUndefined()
  })

  it('for Account: its tabs (feature-gated ones only when on) and header lines', async () => {
    const { foyer, tab, hiddenTab, inline } = await setup()
    foyer.prefetch({ view: 'Account' })
    expect(tab.load).toHaveBeenCalledTimes(1)
    expect(hiddenTab.load).not.toHaveBeenCalled()
    expect(inline.load).not.toHaveBeenCalled()
  })

  it("opening loads the first view's plugins at once, before the modal renders them, and once", async () => {
    const { foyer, inline } = await setup()
    let opened: Promise<void>
    act(() => {
      opened = foyer.open()
    })
    expect(inline.load).toHaveBeenCalledTimes(1)
    await act(() => opened)
    expect(foyer.kernel.isViewLoaded('InlineMethod')).toBe(true)
    expect(byTestId('foyer-view-Connect')).toBeDefined()
    expect(inline.load).toHaveBeenCalledTimes(1)
  })
})
