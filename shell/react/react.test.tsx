import { act, StrictMode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineFoyerElements } from '../elements.js'
import { byTestId, cleanup, click, render, testFoyer, waitFor } from '../testing.js'
import {
  ConnectButton,
  FoyerModal,
  FoyerProvider,
  NetworkButton,
  useFoyerAccount,
  useFoyerNetwork,
  useFoyerState,
  useWalletInfo,
} from './index.js'

afterEach(cleanup)

const address = '0x1234567890abcdef1234567890abcdef1234abcd'
const connect = (foyer: ReturnType<typeof testFoyer>) =>
  act(() => {
    foyer.kernel.emit('wallet/connected', {
      namespace: 'eip155',
      caipAddress: `eip155:1:${address}`,
      connectorId: 'injected',
    })
  })

describe('React surface', () => {
  it('hooks follow the account and network', async () => {
    const foyer = testFoyer()
    const seen: unknown[] = []
    function Probe() {
      const a = useFoyerAccount()
      const n = useFoyerNetwork()
      seen.push({ address: a.address, isConnected: a.isConnected, chainId: n.chainId })
      return null
    }
    await render(
      <FoyerProvider foyer={foyer}>
        <Probe />
      </FoyerProvider>,
    )
    await act(async () => {
      await foyer.switchNetwork('eip155:8453')
    })
    connect(foyer)
    expect(seen[0]).toEqual({ address: undefined, isConnected: false, chainId: 1 })
    expect(seen.at(-1)).toEqual({ address, isConnected: true, chainId: 8453 })
  })

  it('ConnectButton turns into the account button; it opens Account with the truncated address and copy', async () => {
    const foyer = testFoyer()
    await render(
      <FoyerProvider foyer={foyer}>
        <ConnectButton />
      </FoyerProvider>,
    )
    connect(foyer)
    expect(byTestId('connect-button')).toBeUndefined()
    expect(byTestId('account-button')!.textContent).toBe('0x12…abcd')
    await click('account-button')
    await waitFor(() => byTestId('account-address'))
    expect(byTestId('foyer-view-Account')).toBeTruthy()
    expect(byTestId('account-address')!.textContent).toBe('0x1234…abcd')
    expect(byTestId('account-network-button')!.textContent).toContain('Ethereum')
    // The tabs are the ones built-in manifests declare (portfolio, activity), before any of their code loads.
    expect(byTestId('account-tab-tokens')!.textContent).toBe('Tokens')
    expect(byTestId('account-tab-activity')!.textContent).toBe('Activity')
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await click('copy-address')
    expect(writeText).toHaveBeenCalledWith(address)
    // The balance lookup failed (no network here) and its "Token Balance Unavailable" snackbar is swapped out (150 ms).
    await act(async () => {
      foyer.clock.advance(150)
    })
    await waitFor(() => (byTestId('snackbar-message')?.textContent?.includes('Address copied') ? true : undefined))
    expect(byTestId('disconnect-button')).toBeTruthy() // the built-in namespaces plugin promises wallet/disconnect
  })

  it('the account button and Account show the profile name and avatar of exactly the connected address', async () => {
    const foyer = testFoyer()
    await render(
      <FoyerProvider foyer={foyer}>
        <ConnectButton />
      </FoyerProvider>,
    )
    connect(foyer)
    const image = 'https://example.org/alice.png'
    act(() => {
      foyer.kernel.emit('identity/resolved', { namespace: 'eip155', address, name: 'alice.foyer.id', image })
    })
    expect(byTestId('account-name')!.textContent).toBe('alice.foyer.id')
    expect(byTestId('account-button')!.querySelector('img')!.getAttribute('src')).toBe(image)
    await click('account-button')
    await waitFor(() => byTestId('account-address'))
    const view = byTestId('foyer-view-Account')!
    expect(view.querySelector('[data-testid="account-name"]')!.textContent).toBe('alice.foyer.id')
    expect(view.querySelector('img.fy-avatar')!.getAttribute('src')).toBe(image)
    // SPEC §8: a failed lookup off chain 1 drops the image, keeps the name
    act(() => {
      foyer.kernel.emit('identity/lookupFailed', { namespace: 'eip155', address, caipNetworkId: 'eip155:8453' })
    })
    expect(byTestId('account-button')!.querySelector('img')).toBeNull()
    expect(byTestId('account-button')!.textContent).toBe('alice.foyer.id')
    // another account shows its address, never the previous one's name
    act(() => {
      foyer.kernel.emit('wallet/accountChanged', { namespace: 'eip155', caipAddress: `eip155:1:0x${'ab'.repeat(20)}` })
    })
    expect(byTestId('account-button')!.textContent).toBe('0xab…abab')
  })

  it('useWalletInfo names the connected wallet when a plugin published its connector', async () => {
    const foyer = testFoyer()
    let info: unknown
    function Probe() {
      info = useWalletInfo().walletInfo
      return null
    }
    await render(
      <FoyerProvider foyer={foyer}>
        <Probe />
      </FoyerProvider>,
    )
    expect(info).toBeUndefined()
    connect(foyer)
    expect(info).toMatchObject({ connectorId: 'injected' })
  })

  it('NetworkButton shows the active network', async () => {
    const foyer = testFoyer({ defaultNetwork: 'eip155:8453' })
    await render(
      <FoyerProvider foyer={foyer}>
        <NetworkButton />
      </FoyerProvider>,
    )
    expect(byTestId('network-button')!.textContent).toBe('Base')
  })

  it('<foyer-button> renders the connect button in its own shadow root and opens the modal', async () => {
    const foyer = testFoyer()
    defineFoyerElements(foyer)
    const el = document.createElement('foyer-button')
    await act(async () => {
      document.body.appendChild(el)
    })
    const button = await waitFor(() =>
      el.shadowRoot?.querySelector<HTMLButtonElement>('[data-testid="connect-button"]'),
    )
    expect(button.textContent).toBe('Connect Wallet')
    await act(async () => {
      button.click()
    })
    expect(foyer.getState().modal.open).toBe(true)
    await act(async () => {
      el.remove()
    })
  })

  it('useFoyerState re-renders only when the selected value changes', async () => {
    const foyer = testFoyer()
    let renders = 0
    function Probe() {
      renders++
      return <span data-testid="probe">{useFoyerState((s) => s.theme.mode)}</span>
    }
    await render(
      <FoyerProvider foyer={foyer}>
        <Probe />
      </FoyerProvider>,
    )
    const before = renders
    await act(async () => {
      await foyer.kernel.request('snackbar/show', { variant: 'success', message: 'x' })
    })
    expect(renders).toBe(before)
    await act(async () => {
      await foyer.setThemeMode('light')
    })
    expect(byTestId('probe')!.textContent).toBe('light')
  })

  it('works under StrictMode (buttons and the in-place modal)', async () => {
    const foyer = testFoyer({ disableAppend: true })
    const { container } = await render(
      <StrictMode>
        <FoyerProvider foyer={foyer}>
          <ConnectButton />
          <FoyerModal />
        </FoyerProvider>
      </StrictMode>,
    )
    await click('connect-button')
    const host = container.querySelector('[data-foyer-modal]')!
    await waitFor(() => host.shadowRoot?.querySelector('[data-testid="foyer-view-Connect"]'))
    expect(host.shadowRoot!.querySelectorAll('[data-testid="foyer-modal"]')).toHaveLength(1)
  })
})
