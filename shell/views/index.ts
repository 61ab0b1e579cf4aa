// The shell's own views (Connect, Account, WhatIsAWallet). Registered eagerly; their code lives in the modal chunk.
// Once that chunk has loaded (it always has before the modal renders), they render directly: no React.lazy round
// trip, so React never holds a Suspense fallback on the way to the wallet list.
import { createElement, lazy, type ComponentType, type JSX } from 'react'
import { definePlugin, type Kernel } from '../../kernel/index.js'

/** Props every view component receives from the view host. */
export interface ViewProps<D = unknown> {
  kernel: Kernel
  data?: D
}

type ShellViewName = 'Connect' | 'Account' | 'WhatIsAWallet'

const loaded: Partial<Record<ShellViewName, ComponentType<ViewProps>>> = {}

/** Called by the modal chunk when it evaluates: from then on the shell views render without suspending. */
export function provideShellViews(views: Record<ShellViewName, ComponentType<ViewProps>>): void {
  Object.assign(loaded, views)
}

const fromModalChunk = (name: ShellViewName): ComponentType<ViewProps> => {
  // Only reached if a view renders before the modal chunk (e.g. a host rendering a view itself): then it suspends.
  const Lazy = lazy(() => import('../modal/mount.js').then(() => ({ default: loaded[name]! })))
  const ShellView = (props: ViewProps): JSX.Element => createElement(loaded[name] ?? Lazy, props)
  ShellView.displayName = `${name}View`
  return ShellView
}

/** The shell plugin: core views only; no state and no handlers (the shell holds no business logic). */
export const shellViewsPlugin = definePlugin({
  id: 'shell',
  views: {
    Connect: { component: fromModalChunk('Connect'), title: 'Connect Wallet', footer: 'legal' },
    Account: { component: fromModalChunk('Account'), title: 'Account' },
    WhatIsAWallet: { component: fromModalChunk('WhatIsAWallet'), title: 'What is a wallet?' },
  },
})
