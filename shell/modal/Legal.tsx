// The legal parts of Connect and its footer (SPEC §2, §6): the terms and privacy links, the optional legal checkbox
// that must be ticked before connecting, and the branding line (SPEC's reownBranding feature, Foyer's name here).
import { useSignals } from '@preact/signals-react/runtime'
import type { JSX } from 'react'
import { isFeatureEnabled, type Kernel, type KernelState } from '../../kernel/index.js'
import { useSelect } from '../react/useSelect.js'
import { isSafeLinkUrl } from '../ui/index.js'

/** The host's terms and privacy URLs, when safe to link. */
export function legalUrls(s: KernelState): { terms?: string; privacy?: string } {
  const { termsConditionsUrl: t, privacyPolicyUrl: p } = s.config
  return { ...(isSafeLinkUrl(t) ? { terms: t } : {}), ...(isSafeLinkUrl(p) ? { privacy: p } : {}) }
}

/** True when Connect shows the legal checkbox (SPEC §6 `legalCheckbox`, with a terms or privacy URL to agree to). */
export function showsLegalCheckbox(s: KernelState): boolean {
  const { terms, privacy } = legalUrls(s)
  return isFeatureEnabled(s, 'legalCheckbox') && !!(terms || privacy)
}

/** True while the legal checkbox holds connecting back. */
export function legalPending(s: KernelState): boolean {
  return showsLegalCheckbox(s) && !s.project?.legalAccepted
}

function Links({ kernel }: { kernel: Kernel }): JSX.Element {
  const terms = useSelect(kernel, (s) => legalUrls(s).terms)
  const privacy = useSelect(kernel, (s) => legalUrls(s).privacy)
  const link = (href: string, label: string, testId: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer" data-testid={testId}>
      {label}
    </a>
  )
  return (
    <>
      {terms ? link(terms, 'Terms of Service', 'legal-terms-link') : null}
      {terms && privacy ? ' and ' : null}
      {privacy ? link(privacy, 'Privacy Policy', 'legal-privacy-link') : null}
    </>
  )
}

/** "By connecting your wallet, you agree to…" with the links. */
export function LegalText({ kernel }: { kernel: Kernel }): JSX.Element {
  return (
    <p className="fy-text fy-text-small">
      By connecting your wallet, you agree to our <Links kernel={kernel} />.
    </p>
  )
}

/** The checkbox the visitor ticks before any connect method works (its state lives in the project plugin). */
export function LegalCheckbox({ kernel }: { kernel: Kernel }): JSX.Element {
  useSignals()
  const accepted = useSelect(kernel, (s) => !!s.project?.legalAccepted)
  return (
    <label className="fy-legal-check" data-testid="legal-checkbox">
      <input
        type="checkbox"
        checked={accepted}
        data-testid="legal-checkbox-input"
        onChange={(e) => kernel.send('legal/setAccepted', { accepted: e.currentTarget.checked })}
      />
      <span className="fy-text-small">
        I agree to our <Links kernel={kernel} />
      </span>
    </label>
  )
}

/** "UX by Foyer" while the branding feature is on. */
export function Branding({ kernel }: { kernel: Kernel }): JSX.Element | null {
  const on = useSelect(kernel, (s) => isFeatureEnabled(s, 'reownBranding'))
  return on ? (
    <p className="fy-text fy-text-small fy-branding" data-testid="foyer-branding">
      UX by <strong>Foyer</strong>
    </p>
  ) : null
}
