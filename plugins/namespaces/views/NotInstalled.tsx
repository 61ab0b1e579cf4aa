// A registry wallet chosen on a desktop browser without its extension: say so at once, with its extension stores
// (this browser's first) and, below, the QR code for its phone app. Part of the pairing view's lazy chunk.
import type { JSX } from 'react'
import { extensionLinks, type InstallLink } from '../../../protocol/registry/stores.js'
import { Text } from '../../../shell/ui/index.js'
import type { WalletLinks } from '../../../protocol/registry/wallets.js'

/** The wallet's extension stores for this browser (none on phones, in-app browsers, or for app-only wallets). */
export function extensionStores(wallet: WalletLinks | undefined, desktop: boolean): InstallLink[] {
  return wallet && desktop && typeof navigator !== 'undefined' ? extensionLinks(wallet, navigator.userAgent) : []
}

/** "X is not installed" with install links. */
export function NotInstalled({ name, links }: { name: string; links: InstallLink[] }): JSX.Element {
  return (
    <div className="fy-stack fy-center" style={{ alignItems: 'center' }} data-testid="wallet-not-installed">
      <Text variant="body" className="fy-strong">{`${name} is not installed in this browser`}</Text>
      <Text variant="muted">{`Add the ${name} extension, then choose it again. Or scan the code with its phone app.`}</Text>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, justifyContent: 'center' }}>
        {links.map((l, i) => (
          <a
            key={l.kind}
            className={`fy-btn ${i ? 'fy-btn-secondary' : 'fy-btn-primary'} fy-btn-sm`}
            data-testid={`install-${l.kind}`}
            href={l.href}
            target="_blank"
            rel="noopener noreferrer"
          >
            {l.label}
          </a>
        ))}
      </div>
    </div>
  )
}
