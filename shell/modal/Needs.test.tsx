import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { definePlugin, unmetNeed, type KernelState } from '../../kernel/index.js'
import { byTestId, cleanup, click, testFoyer, waitFor } from '../testing.js'

afterEach(cleanup)

const state = (over: { connected?: boolean; auth?: unknown } = {}) =>
  ({
    account: {
      activeNamespace: 'eip155',
      namespaces: { eip155: { status: over.connected ? 'connected' : 'disconnected' } },
    },
    ...(over.auth ? { auth: over.auth } : {}),
  }) as unknown as KernelState

describe('unmetNeed', () => {
  it('names the first need that the state and route data do not meet', () => {
    expect(unmetNeed(undefined, state(), undefined)).toBeUndefined()
    expect(unmetNeed([], state(), undefined)).toBeUndefined()
    expect(unmetNeed(['connection'], state(), undefined)).toBe('connection')
    expect(unmetNeed(['connection'], state({ connected: true }), undefined)).toBeUndefined()
    expect(unmetNeed(['data'], state(), undefined)).toBe('context')
    expect(unmetNeed(['data'], state(), null)).toBe('context')
    expect(unmetNeed(['data'], state(), { name: 'alice.foyer' })).toBeUndefined()
    // a dotted path into state: missing slice, missing field, zero and empty are all unset
    expect(unmetNeed(['auth.user.email'], state(), undefined)).toBe('context')
    expect(unmetNeed(['auth.user.email'], state({ auth: { user: {} } }), undefined)).toBe('context')
    expect(unmetNeed(['auth.user.email'], state({ auth: { user: { email: 'a@b.c' } } }), undefined)).toBeUndefined()
    expect(unmetNeed(['auth.pendingApprovals'], state({ auth: { pendingApprovals: 0 } }), undefined)).toBe('context')
    expect(unmetNeed(['auth.pendingApprovals'], state({ auth: { pendingApprovals: 1 } }), undefined)).toBeUndefined()
    // in order: the connection first, then the context
    const both = ['connection', 'auth.user.email']
    expect(unmetNeed(both, state(), undefined)).toBe('connection')
    expect(unmetNeed(both, state({ connected: true }), undefined)).toBe('context')
  })
})

describe('a view opened without what it needs', () => {
  const plugin = () => {
    const load = vi.fn(async () =>
      definePlugin({
        id: 'needy',
        views: {
          Wallety: { component: () => <p data-testid="wallety-body">Your wallet</p> },
          Done: {
            component: ({ data }: { data?: { name: string } }) => <p data-testid="done-body">{data?.name}</p>,
          },
          Quiet: { component: () => null },
          SignInThing: { component: () => <p>Sign</p>, title: 'Sign In' },
        },
      }),
    )
    return {
      load,
      manifest: {
        id: 'needy',
        views: {
          Wallety: { title: 'Wallety', needs: ['connection'] },
          Done: { title: 'Registered', needs: ['data'] },
          Quiet: { title: 'Quiet' },
          SignInThing: { needs: ['connection'] },
        },
        load,
      },
    }
  }

  it('needing a connection: asks to connect, without loading the view; Connect a wallet goes to Connect', async () => {
    const { load, manifest } = plugin()
    const foyer = testFoyer({ plugins: [manifest] })
    await act(() => foyer.open({ view: 'Wallety' }))
    await waitFor(() => byTestId('foyer-view-needs-connection'))
    expect(byTestId('foyer-view-Wallety')!.textContent).toContain('Connect a wallet to see this.')
    expect(byTestId('foyer-header-title')!.textContent).toBe('Wallety')
    expect(load).not.toHaveBeenCalled()
    await click('foyer-needs-connect')
    await waitFor(() => byTestId('foyer-view-Connect'))
    // a view whose title comes with its code: no made-up title from its id ("Sign In Thing")
    await act(() => foyer.kernel.request('router/push', { view: 'SignInThing' }))
    await waitFor(() => byTestId('foyer-view-needs-connection'))
    expect(byTestId('foyer-header-title')!.textContent).toBe('')
  })

  it('needing route data: nothing to show, no title, Close; with the data, the view itself', async () => {
    const { load, manifest } = plugin()
    const foyer = testFoyer({ plugins: [manifest] })
    await act(() => foyer.open({ view: 'Done' }))
    await waitFor(() => byTestId('foyer-view-empty'))
    expect(byTestId('foyer-header-title')!.textContent).toBe('')
    expect(load).not.toHaveBeenCalled()
    expect(byTestId('foyer-empty-back')!.textContent).toBe('Close')
    await click('foyer-empty-back')
    expect(foyer.getState().modal.open).toBe(false)

    await act(() => foyer.open({ view: 'Done', data: { name: 'alice.foyer' } }))
    await waitFor(() => byTestId('done-body'))
    expect(byTestId('done-body')!.textContent).toBe('alice.foyer')
    expect(byTestId('foyer-header-title')!.textContent).toBe('Registered')
    expect(byTestId('foyer-view-empty')).toBeUndefined()
  })

  it('a view that renders nothing gets the same empty state, with Back when there is somewhere to go back to', async () => {
    const { manifest } = plugin()
    const foyer = testFoyer({ plugins: [manifest] })
    await act(() => foyer.open())
    await act(() => foyer.kernel.request('router/push', { view: 'Quiet' }))
    await waitFor(() => byTestId('foyer-view-empty'))
    expect(byTestId('foyer-empty-back')!.textContent).toBe('Back')
    await click('foyer-empty-back')
    await waitFor(() => byTestId('foyer-view-Connect'))
  })
})
