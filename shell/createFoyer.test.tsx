import { act } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createStorage, definePlugin, memoryBackend } from '../kernel/index.js'
import { ConnectButton, FoyerModal, FoyerProvider } from './react/index.js'
import { byTestId, cleanup, click, render, settle, testFoyer, waitFor } from './testing.js'

afterEach(cleanup)

describe('createFoyer', () => {
  it('starts on the default network and appends one <foyer-modal> to the body at the first intent, not before', () => {
    const foyer = testFoyer({ defaultNetwork: 'eip155:8453' })
    expect(foyer.getState().account.activeCaipNetworkId).toBe('eip155:8453')
    expect(foyer.getState().theme.mode).toBe('dark')
    expect(foyer.getState().modal.open).toBe(false)
    expect(document.body.querySelectorAll('foyer-modal')).toHaveLength(0)
    foyer.prefetch()
    foyer.prefetch()
    expect(document.body.querySelectorAll('foyer-modal')).toHaveLength(1)
    foyer.destroy()
    expect(document.body.querySelectorAll('foyer-modal')).toHaveLength(0)
    foyer.prefetch()
    expect(document.body.querySelectorAll('foyer-modal')).toHaveLength(0)
  })

  it('appends <foyer-modal> when a plugin opens the modal without the visitor (no intent before it)', async () => {
    const foyer = testFoyer()
    await foyer.kernel.request('modal/open', {})
    expect(document.body.querySelectorAll('foyer-modal')).toHaveLength(1)
    await waitFor(() => document.querySelector('foyer-modal')?.shadowRoot?.querySelector('[data-testid="foyer-modal"]'))
  })

  it('with a missing project id shows the APKT008 alert and logs an error, without crashing', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const foyer = testFoyer({ projectId: '' })
    await waitFor(() => foyer.getState().alert.open)
    expect(error).toHaveBeenCalledWith(expect.stringContaining('`projectId`'))
    expect(foyer.getState().alert).toMatchObject({ open: true, code: 'APKT008', variant: 'error' })
    await act(async () => {
      await foyer.open()
    })
    await waitFor(() => byTestId('alert-message'))
    expect(byTestId('alert-message')!.textContent).toContain('Project ID missing')
    error.mockRestore()
  })

  it('disableAppend appends nothing; <FoyerModal/> renders the modal where the host puts it', async () => {
    const foyer = testFoyer({ disableAppend: true })
    expect(document.body.querySelectorAll('foyer-modal')).toHaveLength(0)
    const { container } = await render(
      <FoyerProvider foyer={foyer}>
        <FoyerModal />
      </FoyerProvider>,
    )
    const host = container.querySelector('[data-foyer-modal]')!
    expect(host.shadowRoot).toBeNull()
    await act(async () => {
      await foyer.open()
    })
    await waitFor(() => host.shadowRoot?.querySelector('[data-testid="foyer-view-Connect"]'))
  })

  it('<FoyerModal/> renders nothing (and warns) when the instance appended its own modal', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const foyer = testFoyer()
    const { container } = await render(
      <FoyerProvider foyer={foyer}>
        <FoyerModal />
      </FoyerProvider>,
    )
    expect(container.querySelector('[data-foyer-modal]')).toBeNull()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('disableAppend'))
    warn.mockRestore()
  })

  it('embedded mode renders inline, always open, without a close button', async () => {
    const slot = document.createElement('section')
    document.body.appendChild(slot)
    const foyer = testFoyer({ embedded: slot })
    expect(document.body.querySelectorAll('foyer-modal')).toHaveLength(0)
    expect(foyer.getState().modal.open).toBe(true)
    const card = await waitFor(() =>
      slot.querySelector('[data-foyer-embedded]')?.shadowRoot?.querySelector('[data-testid="foyer-modal"]'),
    )
    expect(card.getAttribute('role')).toBeNull()
    expect(byTestId('foyer-header-close')).toBeUndefined()
    expect(byTestId('foyer-backdrop')).toBeUndefined()
  })

  it('switchNetwork records known networks and rejects unknown ones with the switch-network alert', async () => {
    const foyer = testFoyer()
    await foyer.switchNetwork('eip155:8453')
    expect(foyer.getState().account.activeCaipNetworkId).toBe('eip155:8453')
    await expect(foyer.switchNetwork('eip155:999')).rejects.toThrow(/Network not found/)
    expect(foyer.getState().alert).toMatchObject({ open: true, message: expect.stringContaining('networks') })
  })

  it('switchNetwork and disconnect go to plugin requests when provided', async () => {
    const calls: string[] = []
    const wallet = definePlugin({
      id: 'test-wallet',
      handlers: {
        ['network/switch' as never]: ((input: { caipNetworkId: string }) => {
          calls.push(`switch ${input.caipNetworkId}`)
        }) as never,
        ['wallet/disconnect' as never]: ((input: unknown) => {
          calls.push(`disconnect ${JSON.stringify(input)}`)
        }) as never,
      },
    })
    const foyer = testFoyer({ plugins: [wallet] })
    await foyer.switchNetwork('eip155:8453')
    await foyer.disconnect()
    await foyer.disconnect({ namespace: 'eip155', keepModalOpen: true })
    expect(calls).toEqual([
      'switch eip155:8453',
      // SPEC §4 / AppKit: disconnect() with no namespace ends every connection.
      'disconnect {"all":true}',
      'disconnect {"all":false,"namespace":"eip155","keepModalOpen":true}',
    ])
  })

  it('subscribeState and subscribeEvents report changes and unsubscribe', async () => {
    const foyer = testFoyer()
    const states: boolean[] = []
    const events: string[] = []
    const offState = foyer.subscribeState((s) => states.push(s.modal.open))
    const offEvents = foyer.subscribeEvents((e) => events.push(e.type))
    await act(async () => {
      await foyer.open()
    })
    await act(async () => {
      await foyer.close()
    })
    offState()
    offEvents()
    const seen = states.length
    await act(async () => {
      await foyer.open()
    })
    // Opening may load plugins and every request records its status (more state changes); what matters is the order
    // and that nothing comes after off.
    expect(states.indexOf(true)).toBeGreaterThanOrEqual(0)
    expect(states.indexOf(true)).toBeLessThan(states.lastIndexOf(false))
    expect(states.at(-1)).toBe(false)
    expect(states).toHaveLength(seen)
    expect(events).toContain('modal/opened')
    expect(events.filter((t) => t === 'modal/opened')).toHaveLength(1)
  })

  it("sends error reports to POST /e on the host's own API, and nothing at all with telemetry off", async () => {
    const quiet = testFoyer({ telemetry: false, apiUrl: 'http://api.test/' })
    quiet.kernel.reportError(new Error('boom'))
    const loud = testFoyer({ apiUrl: 'http://api.test/' })
    loud.kernel.reportError(new Error('boom'))
    await waitFor(() => loud.fetches.length > 0)
    expect(loud.fetches).toHaveLength(1)
    expect(loud.fetches[0]).toMatch(/^http:\/\/api\.test\/e\?projectId=test-project&st=foyer&sv=/)
    await settle()
    expect(quiet.fetches).toEqual([])
  })

  it('telemetry: false sends nothing even with analytics on (no error reports, analytics feature off)', async () => {
    const off = testFoyer({ analytics: true, telemetry: false, apiUrl: 'http://api.test/' })
    off.kernel.reportError(new Error('boom'))
    await new Promise((r) => setTimeout(r, 20))
    expect(off.fetches).toEqual([])
    expect(off.getState().config.features.analytics).toBe(false)
    expect(off.kernel.options.analytics).toBe(false)
  })

  it("paints each network with the host's image, else the API's logo of it", () => {
    const networks = [
      { caipNetworkId: 'eip155:1', name: 'Ethereum', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
      {
        caipNetworkId: 'eip155:10',
        name: 'OP',
        chainNamespace: 'eip155',
        nativeSymbol: 'ETH',
        imageUrl: 'https://x/op.png',
      },
      { caipNetworkId: 'eip155:8453', name: 'Base', chainNamespace: 'eip155', nativeSymbol: 'ETH' },
    ]
    const foyer = testFoyer({
      networks,
      apiUrl: 'http://api.test/',
      chainImages: { 'eip155:8453': 'https://x/base.png' },
    })
    expect(foyer.getState().config.networks.map((n) => n.imageUrl)).toEqual([
      'http://api.test/v1/icons/networks/eip155:1',
      'https://x/op.png',
      'https://x/base.png',
    ])
    expect(testFoyer({ networks }).getState().config.networks[0]).not.toHaveProperty('imageUrl')
  })

  it('disconnect resolves quietly when no plugin provides it', async () => {
    await expect(testFoyer().disconnect()).resolves.toBeUndefined()
  })
})

// Issue 8: the Account view's Disconnect ended only the active namespace, leaving the others connected.
describe('Account view Disconnect', () => {
  it('asks to end every connected namespace', async () => {
    const inputs: unknown[] = []
    const wallet = definePlugin({
      id: 'test-wallet',
      handlers: {
        ['wallet/disconnect' as never]: ((input: unknown) => {
          inputs.push(input)
        }) as never,
      },
    })
    const foyer = testFoyer({ plugins: [wallet] })
    foyer.kernel.emit('wallet/connected', {
      namespace: 'eip155',
      caipAddress: 'eip155:1:0x1234567890abcdef1234567890abcdef1234abcd',
      connectorId: 'io.metamask',
    })
    await foyer.open()
    await waitFor(() => byTestId('disconnect-button'))
    await click('disconnect-button')
    expect(inputs).toEqual([{ all: true }])
  })
})

describe('start-up restore of a stored connection', () => {
  const storedBackend = (ids: Record<string, string>) => {
    const backend = memoryBackend()
    backend.setItem('@foyer/connected_namespaces', JSON.stringify(['eip155']))
    backend.setItem('@foyer/connector_ids', JSON.stringify(ids))
    return backend
  }
  const stored = (ids: Record<string, string>) => createStorage(storedBackend(ids))

  // Issue 19: the instance starts inside the first render that uses it, not in the host's script before React runs.
  it('starts at first use: the restore reads storage then, and the first render already says "Connecting…"', async () => {
    const backend = storedBackend({ eip155: 'io.test.wallet' })
    const reads = vi.spyOn(backend, 'getItem')
    const foyer = testFoyer({ storage: createStorage(backend) })
    expect(reads).not.toHaveBeenCalled()
    await render(
      <FoyerProvider foyer={foyer}>
        <ConnectButton />
      </FoyerProvider>,
    )
    expect(reads).toHaveBeenCalled()
    expect(byTestId('connect-button')!.textContent).toBe('Connecting…')
  })

  it('starts after the first frame when the page uses it for nothing', async () => {
    const backend = storedBackend({ eip155: 'io.test.wallet' })
    const reads = vi.spyOn(backend, 'getItem')
    const foyer = testFoyer({ storage: createStorage(backend) })
    expect(reads).not.toHaveBeenCalled()
    await new Promise((frame) => requestAnimationFrame(() => setTimeout(frame, 5)))
    expect(reads).toHaveBeenCalled()
    expect(foyer.getState().account.namespaces.eip155?.status).toBe('connecting')
  })

  it('starts within a second in a tab that draws no frames (hidden)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    vi.stubGlobal('requestAnimationFrame', () => 0)
    try {
      const backend = storedBackend({ eip155: 'io.test.wallet' })
      const reads = vi.spyOn(backend, 'getItem')
      testFoyer({ storage: createStorage(backend) })
      vi.advanceTimersByTime(999)
      expect(reads).not.toHaveBeenCalled()
      vi.advanceTimersByTime(1)
      expect(reads).toHaveBeenCalled()
    } finally {
      vi.unstubAllGlobals()
      vi.useRealTimers()
    }
  })
  const statuses = (foyer: ReturnType<typeof testFoyer>) => {
    const seen: string[] = []
    foyer.subscribeState((s) => seen.push(s.account.namespaces.eip155?.status ?? 'none'))
    return seen
  }

  // Issue 8: with reconnect off, stored namespaces used to pass through "Connecting…" before ending.
  it('with reconnect off, never shows "connecting" and ends the stored session', async () => {
    const foyer = testFoyer({ enableReconnect: false, storage: stored({ eip155: 'io.test.wallet' }) })
    const seen = statuses(foyer)
    expect(foyer.getState().account.namespaces.eip155).toBeUndefined()
    await waitFor(() => foyer.kernel.isViewLoaded('ConnectWallets'))
    await waitFor(() => foyer.kernel.storage.get('connected_namespaces') === undefined)
    expect(seen).not.toContain('connecting')
  })

  // Issue 20: a stored namespace without a connector id left the button on "Connecting…" until reload.
  it('a stored namespace without a connector id is not shown as connecting', () => {
    const foyer = testFoyer({ storage: stored({}) })
    expect(foyer.getState().account.namespaces.eip155?.status).not.toBe('connecting')
  })
})
