// Connect's legal parts: the legal checkbox that holds every connect method back until ticked, the footer that then
// shows only the branding, the branding toggle, and the wallet guide option.
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { byTestId, cleanup, testFoyer, waitFor } from './testing.js'

afterEach(cleanup)

const open = async (foyer: ReturnType<typeof testFoyer>) => {
  await act(async () => {
    await foyer.open()
  })
  return waitFor(() => byTestId('foyer-view-Connect'))
}

describe('Connect legal parts', () => {
  it('the legal checkbox holds every connect method back until ticked', async () => {
    const foyer = testFoyer({ features: { legalCheckbox: true } })
    await open(foyer)
    const methods = await waitFor(() => byTestId<HTMLFieldSetElement>('connect-methods'))
    expect(byTestId('legal-checkbox')!.textContent).toContain('I agree to our Terms of Service and Privacy Policy')
    expect(methods.disabled).toBe(true)
    // The footer no longer repeats the terms; the checkbox carries them.
    expect(byTestId('foyer-footer-legal')!.textContent).not.toContain('By connecting')
    await act(async () => {
      byTestId<HTMLInputElement>('legal-checkbox-input')!.click()
    })
    await waitFor(() => !byTestId<HTMLFieldSetElement>('connect-methods')!.disabled)
    expect(foyer.getState().project?.legalAccepted).toBe(true)
    await act(async () => {
      byTestId<HTMLInputElement>('legal-checkbox-input')!.click()
    })
    await waitFor(() => byTestId<HTMLFieldSetElement>('connect-methods')!.disabled)
  })

  it('without terms or privacy URLs there is nothing to agree to: no checkbox, nothing held back', async () => {
    const foyer = testFoyer({ features: { legalCheckbox: true }, termsConditionsUrl: '', privacyPolicyUrl: '' })
    await open(foyer)
    expect(byTestId('legal-checkbox')).toBeUndefined()
    expect(byTestId<HTMLFieldSetElement>('connect-methods')!.disabled).toBe(false)
  })

  it('the legal footer: terms, privacy and "UX by Foyer"; the branding toggle removes the last', async () => {
    const foyer = testFoyer()
    await open(foyer)
    const footer = byTestId('foyer-footer-legal')!
    expect(footer.textContent).toContain(
      'By connecting your wallet, you agree to our Terms of Service and Privacy Policy',
    )
    expect(byTestId('foyer-branding')!.textContent).toBe('UX by Foyer')
    await cleanup()
    const plain = testFoyer({ features: { reownBranding: false } })
    await open(plain)
    expect(byTestId('foyer-branding')).toBeUndefined()
    expect(byTestId('legal-terms-link')).toBeTruthy()
  })

  it('"By connecting your wallet…" speaks to a visitor about to connect, not to a connected one (issue 33)', async () => {
    const foyer = testFoyer()
    await open(foyer)
    const onView = async (view: string) => {
      await act(async () => {
        await foyer.kernel.request('router/push', { view })
      })
      await waitFor(() => byTestId(`foyer-view-${view}`))
      return byTestId('foyer-footer-legal')?.textContent ?? ''
    }
    expect(await onView('OnRampTokenSelect')).toContain('By connecting your wallet')
    await act(async () => {
      foyer.kernel.emit('wallet/connected', {
        namespace: 'eip155',
        caipAddress: 'eip155:1:0x90F79bf6EB2c4f870365E785982E1f101E93b906',
        connectorId: 'injected',
      })
    })
    expect(await onView('OnRampTokenSelect')).not.toContain('By connecting')
    expect(await onView('OnRampFiatSelect')).not.toContain('By connecting')
    // adding a wallet: the notice stays where wallets are connected
    expect(await onView('ConnectWallets')).toContain('By connecting your wallet')
  })

  it('the wallet guide shows unless enableWalletGuide is false', async () => {
    await open(testFoyer())
    expect(byTestId('what-is-a-wallet-button')).toBeTruthy()
    await cleanup()
    await open(testFoyer({ enableWalletGuide: false }))
    expect(byTestId('what-is-a-wallet-button')).toBeUndefined()
  })
})
