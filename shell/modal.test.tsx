import { afterEach, describe, expect, it } from 'vitest'
import { ConnectButton, FoyerProvider } from './react/index.js'
import { byTestId, cleanup, click, render, testFoyer, waitFor } from './testing.js'

afterEach(cleanup)

describe('modal', () => {
  it('opens from the ConnectButton on Connect, with header and legal footer', async () => {
    const foyer = testFoyer()
    await render(<FoyerProvider foyer={foyer}><ConnectButton /></FoyerProvider>)
    const button = byTestId('connect-button')!
    expect(button.textContent).toBe('Connect Wallet')
    await click('connect-button')
    expect(foyer.getState().modal.open).toBe(true)
    await waitFor(() => byTestId('foyer-view-Connect') && byTestId('all-wallets-button') !== undefined || byTestId('what-is-a-wallet-button'))
    expect(byTestId('foyer-header-title')!.textContent).toBe('Connect Wallet')
    expect(byTestId('foyer-header-back')).toBeUndefined()
    expect(byTestId('legal-terms-link')!.getAttribute('href')).toBe('https://example.com/terms')
    expect(foyer.fetches).toEqual([])
  })
})
