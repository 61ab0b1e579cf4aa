// The social buttons in Connect (SPEC §9 default socials, the host's `features.socials`, SPEC §6 Telegram filters):
// the first as a full row, the others as a row of smaller buttons. A click opens the popup synchronously (flow.ts);
// Farcaster goes to ConnectingFarcaster. Only what drawing and clicking need lives here (it loads when Connect opens).
import type { JSX } from 'react'
import type { Kernel } from '../../../kernel/index.js'
import { Button, ListItem, useSelect } from '../../../shell/ui/index.js'
import { openPopup, type SocialFlow } from '../flow.js'
import { prefersRedirect, socialName, visibleSocials } from '../providers.js'

/** The SocialLogin view over the plugin's flow. */
export function createSocialLoginView(flow: SocialFlow) {
  return function SocialLoginView({ kernel }: { kernel: Kernel }): JSX.Element | null {
    const configured = useSelect(kernel, (s) => s.config.features.socials)
    const w = window
    const socials = visibleSocials(configured, w)
    if (!socials.length) return null
    const pick = (provider: string) => {
      if (provider === 'farcaster') return kernel.request('social/connectFarcaster').catch(() => undefined)
      // the popup opens now, inside the click; social/connect sends it to the secure site (or the page, without one)
      const popup = prefersRedirect(w) ? null : openPopup(w)
      kernel.request('social/connect', { provider, ...(popup && { popup: flow.hold(popup) }) }).catch(() => undefined)
    }
    const [first, ...rest] = socials
    return (
      <div className="fy-stack" data-testid="social-login">
        <ListItem
          icon="user"
          label={`Continue with ${socialName(first)}`}
          testId={`social-selector-${first}`}
          onClick={() => pick(first)}
        />
        {rest.length ? (
          <div className="fy-row">
            {rest.map((p) => (
              <Button key={p} variant="secondary" size="sm" testId={`social-selector-${p}`} onClick={() => pick(p)}>
                {socialName(p)}
              </Button>
            ))}
          </div>
        ) : null}
      </div>
    )
  }
}
