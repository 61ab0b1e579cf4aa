// Footers under the view: the legal footer (terms and privacy, or only the branding when the legal checkbox is on
// Connect) and the default network help text, as each view declares (`footer`).
import { useSignals } from '@preact/signals-react/runtime'
import type { JSX } from 'react'
import { isConnected, isFeatureEnabled, type Kernel } from '../../kernel/index.js'
import { useSelect } from '../react/useSelect.js'
import { Branding, legalUrls, LegalText, showsLegalCheckbox } from './Legal.js'

/** The footer under the current view, if it has one. */
export function Footer({ kernel }: { kernel: Kernel }): JSX.Element | null {
  useSignals()
  const view = useSelect(kernel, (s) => s.router.history.at(-1)?.view ?? 'Connect')
  const text = useSelect(kernel, (s) => {
    const { terms, privacy } = legalUrls(s)
    // "By connecting your wallet…" speaks to a visitor about to connect: on the connect views always (a connected
    // visitor may add a wallet there), elsewhere (the on-ramp views) only while nobody is connected (issue 33)
    const shown = s.router.history.at(-1)?.view ?? 'Connect'
    const connecting = shown === 'Connect' || shown === 'ConnectWallets' || !isConnected(s)
    return !!(terms || privacy) && !showsLegalCheckbox(s) && connecting
  })
  const branding = useSelect(kernel, (s) => isFeatureEnabled(s, 'reownBranding'))
  // The manifest says which footer a view has, so it shows before the view's code arrives.
  const kind = kernel.viewMeta(view)?.footer

  if (kind === 'default') {
    return (
      <div className="fy-footer" data-testid="foyer-footer-default">
        <p className="fy-text fy-text-small">
          Your connected wallet may not support some of the networks available for this dApp.
        </p>
      </div>
    )
  }
  if (kind !== 'legal' || (!text && !branding)) return null
  return (
    <div className="fy-footer" data-testid="foyer-footer-legal">
      {text ? <LegalText kernel={kernel} /> : null}
      <Branding kernel={kernel} />
    </div>
  )
}
