// Footers under the view: the legal footer and the default network help text, as each view declares (`footer`).
import { useSignals } from '@preact/signals-react/runtime'
import type { JSX } from 'react'
import type { Kernel } from '../../kernel/index.js'
import { useSelect } from '../react/useSelect.js'
import { isSafeLinkUrl } from '../ui/index.js'

/** The footer under the current view, if it has one. */
export function Footer({ kernel }: { kernel: Kernel }): JSX.Element | null {
  useSignals()
  const view = useSelect(kernel, (s) => s.router.history.at(-1)?.view ?? 'Connect')
  const terms = useSelect(kernel, (s) => s.config.termsConditionsUrl)
  const privacy = useSelect(kernel, (s) => s.config.privacyPolicyUrl)
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
  const t = isSafeLinkUrl(terms) ? terms : undefined
  const p = isSafeLinkUrl(privacy) ? privacy : undefined
  if (kind !== 'legal' || (!t && !p)) return null
  const link = (href: string, label: string, testId: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {label}
    </a>
  )
  return (
    <div className="fy-footer" data-testid="foyer-footer-legal">
      <p className="fy-text fy-text-small">
        By connecting your wallet, you agree to our {t ? link(t, 'Terms of Service', 'legal-terms-link') : null}
        {t && p ? ' and ' : null}
        {p ? link(p, 'Privacy Policy', 'legal-privacy-link') : null}.
      </p>
    </div>
  )
}
