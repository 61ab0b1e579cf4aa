import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { definePlugin, type SIWXConfig } from '../kernel/index.js'
import { ConnectButton, FoyerProvider, useFoyerAccount } from './react/index.js'
import { byTestId, cleanup, click, key, render, testFoyer, waitFor } from './testing.js'

afterEach(cleanup)

const openModal = async (foyer: ReturnType<typeof testFoyer>, view?: string) => {
  await act(async () => {
    await foyer.open(view ? { view } : undefined)
  })
  return waitFor(() => byTestId('foyer-modal'))
}

describe('modal', () => {
  it('opens from the ConnectButton on Connect, with header and legal footer; only SPEC §4 requests and the Connect list follow', async () => {
    const foyer = testFoyer()
    await render(
      <FoyerProvider foyer={foyer}>
        <ConnectButton />
      </FoyerProvider>,
    )
    expect(byTestId('connect-button')!.textContent).toBe('Connect Wallet')
    expect(document.querySelector('foyer-modal')).toBeNull() // no element and no modal chunk before the visitor's intent
    await click('connect-button')
    await waitFor(() => byTestId('what-is-a-wallet-button'))
    const dialog = byTestId('foyer-modal')!
    expect(dialog.getAttribute('role')).toBe('dialog')
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(byTestId('foyer-view-Connect')).toBeTruthy()
    expect(byTestId('foyer-header-title')!.textContent).toBe('Connect Wallet')
    expect(byTestId('foyer-header-back')).toBeUndefined()
    expect(byTestId('legal-terms-link')!.getAttribute('href')).toBe('https://example.com/terms')
    expect(byTestId('legal-privacy-link')!.getAttribute('rel')).toContain('noopener')
    // Opening loads the Connect list's plugin at once (issue 19), which asks the registry for the listed wallets
    // (SPEC §9, issue 8); opening is also the visitor's first intent, so the project config, origin check and INITIALIZE
    // may start. Nothing else goes out.
    await waitFor(() => foyer.fetches.some((u) => new URL(u).pathname === '/v1/wallets'))
    for (const url of foyer.fetches)
      expect(new URL(url).pathname).toMatch(/^\/(v1\/wallets|v1\/projects\/test-project\/(config|origins)|e)$/)
  })

  it('push shows back; back pops; close resets to Connect', async () => {
    const foyer = testFoyer()
    await openModal(foyer)
    await click('what-is-a-wallet-button')
    await waitFor(() => byTestId('foyer-view-WhatIsAWallet'))
    expect(byTestId('foyer-header-title')!.textContent).toBe('What is a wallet?')
    expect(byTestId('foyer-header-back')).toBeTruthy()
    await click('foyer-header-back')
    await waitFor(() => byTestId('foyer-view-Connect'))
    expect(byTestId('foyer-header-back')).toBeUndefined()
    await click('what-is-a-wallet-button')
    await click('foyer-header-close')
    expect(foyer.getState().modal.open).toBe(false)
    expect(foyer.getState().router.history).toEqual([{ view: 'Connect' }])
    expect(byTestId('foyer-modal')).toBeUndefined()
  })

  it('Escape and the backdrop close; focus returns to the element that opened it', async () => {
    const foyer = testFoyer()
    await render(
      <FoyerProvider foyer={foyer}>
        <ConnectButton />
      </FoyerProvider>,
    )
    const button = byTestId('connect-button')!
    button.focus()
    await click('connect-button')
    const dialog = await waitFor(() => byTestId('foyer-modal'))
    expect((dialog.getRootNode() as ShadowRoot).activeElement).toBe(dialog)
    await key(dialog, 'Escape')
    expect(foyer.getState().modal.open).toBe(false)
    expect((button.getRootNode() as ShadowRoot).activeElement).toBe(button)

    await openModal(foyer)
    // A press inside the card released over the backdrop (a text selection) doesn't close.
    await act(async () => {
      byTestId('foyer-header-title')!.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, composed: true }))
      byTestId('foyer-backdrop')!.click()
    })
    expect(foyer.getState().modal.open).toBe(true)
    await click('foyer-backdrop')
    expect(foyer.getState().modal.open).toBe(false)
  })

  it('keeps focus inside across view changes; Escape from the page body still closes', async () => {
    const foyer = testFoyer()
    const dialog = await openModal(foyer)
    const root = dialog.getRootNode() as ShadowRoot
    await waitFor(() => byTestId('what-is-a-wallet-button'))
    byTestId('what-is-a-wallet-button')!.focus()
    await click('what-is-a-wallet-button')
    await waitFor(() => byTestId('foyer-view-WhatIsAWallet'))
    expect(dialog.contains(root.activeElement)).toBe(true)
    await key(document.body, 'Escape')
    expect(foyer.getState().modal.open).toBe(false)
  })

  it('Tab and Shift+Tab cycle inside the dialog', async () => {
    const foyer = testFoyer()
    const dialog = await openModal(foyer)
    await waitFor(() => byTestId('what-is-a-wallet-button'))
    const root = dialog.getRootNode() as ShadowRoot
    const close = byTestId('foyer-header-close')!
    const privacy = byTestId('legal-privacy-link')!
    privacy.focus()
    await key(privacy, 'Tab')
    expect(root.activeElement).toBe(close)
    await key(close, 'Tab', { shiftKey: true })
    expect(root.activeElement).toBe(privacy)
  })

  it('refuses to close a blocked sign view and shakes for 500 ms', async () => {
    // The real siwx plugin (loaded because sign-in is configured, and required) renders SIWXSignMessage.
    const siwx: SIWXConfig = {
      createMessage: async () => Promise.reject(new Error('not used')),
      addSession: async () => undefined,
      getSessions: async () => [],
      revokeSession: async () => undefined,
      setSessions: async () => undefined,
      getRequired: () => true,
    }
    const foyer = testFoyer({ siwx })
    await waitFor(() => foyer.getState().account.sessionRequired || undefined)
    // Signing in needs a connected account (without one the view shows the shell's "No wallet connected").
    act(() => {
      foyer.kernel.emit('wallet/connected', {
        namespace: 'eip155',
        caipAddress: 'eip155:1:0x000000000000000000000000000000000000dEaD',
        connectorId: 'injected',
      })
    })
    const dialog = await openModal(foyer, 'SIWXSignMessage')
    await waitFor(() => byTestId('siwx-sign-button'))
    await key(dialog, 'Escape')
    expect(foyer.getState().modal.open).toBe(true)
    expect(dialog.className).toContain('fy-shake')
    act(() => foyer.clock.advance(500))
    expect(byTestId('foyer-modal')!.className).not.toContain('fy-shake')
  })

  it('SIWXAccount opened alone has a title a person reads, not its view id', async () => {
    const siwx: SIWXConfig = {
      createMessage: async () => Promise.reject(new Error('not used')),
      addSession: async () => undefined,
      // signed in already: nothing asks for a signature
      getSessions: async (chainId, accountAddress) => [
        { data: { chainId, accountAddress } as never, message: 'signed', signature: '0x01' },
      ],
      revokeSession: async () => undefined,
      setSessions: async () => undefined,
      getRequired: () => false,
    }
    const foyer = testFoyer({ siwx })
    act(() => {
      foyer.kernel.emit('wallet/connected', {
        namespace: 'eip155',
        caipAddress: 'eip155:1:0x000000000000000000000000000000000000dEaD',
        connectorId: 'injected',
      })
    })
    await openModal(foyer, 'SIWXAccount')
    await waitFor(() => byTestId('foyer-header-title')?.textContent || undefined)
    expect(byTestId('foyer-header-title')!.textContent).toBe('Email')
  })

  it('renders the snackbar and a dismissable alert from kernel state', async () => {
    const foyer = testFoyer()
    await openModal(foyer)
    await act(async () => {
      await foyer.kernel.request('snackbar/show', { variant: 'success', message: 'Address copied' })
    })
    expect(byTestId('snackbar-message')!.textContent).toBe('Address copied')
    expect(byTestId('snackbar-message')!.parentElement!.getAttribute('aria-live')).toBe('polite')
    act(() => foyer.clock.advance(2500))
    expect(byTestId('snackbar-message')).toBeUndefined()
    await act(async () => {
      await foyer.kernel.request('alert/show', { message: 'Heads up', variant: 'warning' })
    })
    expect(byTestId('alert-message')!.getAttribute('role')).toBe('alert')
    expect(byTestId('alert-message')!.textContent).toContain('Heads up')
    await click('alert-dismiss')
    expect(byTestId('alert-message')).toBeUndefined()
  })

  it('applies theme mode and variables live', async () => {
    const foyer = testFoyer({ themeVariables: { '--foyer-accent': '#ff0066' } })
    await openModal(foyer)
    const root = byTestId('foyer-root')!
    expect(root.getAttribute('data-theme')).toBe('dark')
    expect(root.style.getPropertyValue('--foyer-accent')).toBe('#ff0066')
    await act(async () => {
      await foyer.setThemeMode('light')
    })
    await act(async () => {
      await foyer.setThemeVariables({
        '--foyer-z-index': 5000,
        '--foyer-color-mix': '#00ff00',
        '--foyer-color-mix-strength': 20,
      })
    })
    expect(root.getAttribute('data-theme')).toBe('light')
    expect(root.style.getPropertyValue('--foyer-z-index')).toBe('5000')
    expect(root.style.getPropertyValue('--fy-bg')).toContain('color-mix')
  })

  it('plugin views can use the public hooks inside the modal', async () => {
    function HookView() {
      return <p data-testid="hook-view">{useFoyerAccount().status}</p>
    }
    const foyer = testFoyer({
      plugins: [definePlugin({ id: 'test-hooks', views: { HookView: { component: HookView } } })],
    })
    await openModal(foyer, 'HookView')
    expect((await waitFor(() => byTestId('hook-view'))).textContent).toBe('disconnected')
    expect(byTestId('foyer-header-title')!.textContent).toBe('Hook View')
  })

  it('shows a spinner while a lazy view loads, and a message for an unknown view', async () => {
    let release!: () => void
    const gate = new Promise<void>((r) => {
      release = r
    })
    const foyer = testFoyer({
      plugins: [
        {
          id: 'slow',
          views: { Slow: {} },
          load: async () => {
            await gate
            return definePlugin({
              id: 'slow',
              views: { Slow: { component: () => <p data-testid="slow-body">Slow</p>, title: 'Slow' } },
            })
          },
        },
      ],
    })
    await openModal(foyer, 'Slow')
    expect(byTestId('foyer-view-loading')).toBeTruthy()
    await act(async () => {
      release()
      await gate
    })
    await waitFor(() => byTestId('slow-body'))
    expect(byTestId('foyer-header-title')!.textContent).toBe('Slow')
    // The kernel refuses unknown views; a stale history entry still renders a message, not a crash.
    await expect(foyer.open({ view: 'Nope' })).rejects.toThrow(/Unknown view/)
    act(() => {
      foyer.kernel.emit('view/pushed', { view: 'Nope' })
    })
    await waitFor(() => byTestId('foyer-view-unknown'))
  })
})
