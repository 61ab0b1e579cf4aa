// The lazy modal chunk's entry: renders the modal into a host element's shadow root, and carries the core views
// (so opening the modal loads one chunk).
import { createRoot } from 'react-dom/client'
import type { Foyer } from '../createFoyer.js'
import type { MountTarget } from '../mounter.js'
import { adoptStyles } from '../styles.js'
import { modalCss } from './modal.css.js'
import { ModalRoot } from './ModalRoot.js'
import { FoyerProvider } from '../react/context.js'

import { provideShellViews } from '../views/index.js'
import { AccountView } from './views/AccountView.js'
import { ConnectView } from './views/ConnectView.js'
import { WhatIsAWalletView } from './views/WhatIsAWalletView.js'

provideShellViews({ Connect: ConnectView, Account: AccountView, WhatIsAWallet: WhatIsAWalletView })

/** Mounts the modal for `foyer` into `target.element`'s (open) shadow root; returns the unmount function. */
export function mountModal(foyer: Foyer, target: MountTarget): () => void {
  const { element, embedded } = target
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' })
  adoptStyles(shadow, modalCss, foyer.options.nonce)
  const container = element.ownerDocument.createElement('div')
  container.className = 'fy-mount'
  shadow.appendChild(container)
  const root = createRoot(container)
  // Views may use the public hooks (useFoyerState, useFoyerAccount...), so the modal's own root provides Foyer too.
  root.render(
    <FoyerProvider foyer={foyer}>
      <ModalRoot foyer={foyer} embedded={embedded} />
    </FoyerProvider>,
  )
  // Unmounting synchronously from inside another root's commit (e.g. <FoyerModal/>'s cleanup) makes React warn.
  return () =>
    queueMicrotask(() => {
      root.unmount()
      container.remove()
    })
}
