// The shell's own views (Connect, Account, WhatIsAWallet). Registered eagerly; their React code is React.lazy over
// the modal chunk, so the initial bundle carries only these few lines.
import { lazy, type ComponentType } from 'react'
import { definePlugin, type Kernel } from '../../kernel/index.js'

/** Props every view component receives from the view host. */
export interface ViewProps<D = unknown> {
  kernel: Kernel
  data?: D
}

type Chunk = typeof import('../modal/mount.js')

// Every core view resolves from the same chunk as the modal, so opening loads one file, not four.
const fromModalChunk = (pick: (m: Chunk) => ComponentType<ViewProps>) =>
  lazy(() => import('../modal/mount.js').then((m) => ({ default: pick(m) })))

/** Views whose footer is the legal footer (SPEC §2). */
export const LegalFooterViews: readonly string[] = [
  'Connect',
  'ConnectWallets',
  'OnRampTokenSelect',
  'OnRampFiatSelect',
  'OnRampProviders',
]

/** Views with the default (help) footer (SPEC §2). */
export const DefaultFooterViews: readonly string[] = ['Networks']

/** The shell plugin: core views only; no state and no handlers (the shell holds no business logic). */
export const shellViewsPlugin = definePlugin({
  id: 'shell',
  views: {
    Connect: { component: fromModalChunk((m) => m.ConnectView), title: 'Connect Wallet', footer: 'legal' },
    Account: { component: fromModalChunk((m) => m.AccountView), title: 'Account' },
    WhatIsAWallet: { component: fromModalChunk((m) => m.WhatIsAWalletView), title: 'What is a wallet?' },
  },
})
