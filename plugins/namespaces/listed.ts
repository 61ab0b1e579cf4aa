// The registry wallets of the Connect list (SPEC §9 featured and recommended) and the host's include/exclude ids:
// fetched through protocol/registry/wallets.ts (the registry's one client module, which All Wallets uses too) when the
// modal first opens, never before the first click. The wallets plugin's chunk is not needed for that, which keeps it
// out of the modal-open budget.
import {
  isConnected,
  type HandlerContext,
  type HostOptions,
  type KernelState,
  type Reaction,
} from '../../kernel/index.js'
import { fetchListedWallets, filtersFrom, type ListedWallets } from '../../protocol/registry/wallets.js'
import { namespacesOf, type NamespacesState } from './namespaces.state.js'

declare module './namespaces.state.js' {
  interface NamespacesState {
    listed?: ListedWallets
  }
}

declare module '../../kernel/index.js' {
  interface EventMap {
    'wallet/listedWalletsLoaded': ListedWallets
  }
  interface RequestMap {
    /** Loads the Connect list's registry wallets once per page (again after a failure). */
    'wallet/loadListedWallets': { input: void; output: void }
  }
}

/** The `wallet/loadListedWallets` handler over the host's options; nothing once the list is loaded. */
export const loadListedWallets =
  (options: () => Readonly<HostOptions>) =>
  async (_input: void, ctx: HandlerContext): Promise<void> => {
    if (namespacesOf(ctx.getState()).listed) return
    ctx.emit('wallet/listedWalletsLoaded', await fetchListedWallets(ctx.http, filtersFrom(options())))
  }

/** True when the visitor may be looking at the Connect list and it has not been loaded. */
export const wantsListed = (s: KernelState): boolean =>
  s.modal.open && !namespacesOf(s).listed && (!isConnected(s) || !!s.modal.namespace)

/** Reducers merged into the namespaces slice. */
export const listedReducers = {
  'wallet/listedWalletsLoaded': (s: NamespacesState, p: ListedWallets) => {
    s.listed = p
  },
}

/** Loads the list each time the modal opens while it is missing (the first opening, or after a failure). */
export const listedReactions: Reaction<any, any>[] = [
  { on: 'modal/opened', when: (_e, s) => wantsListed(s), request: 'wallet/loadListedWallets' },
]

/**
 * True in in-app browsers (Telegram, Facebook, Instagram, LINE, WeChat, X, TikTok, LinkedIn, Snapchat WebViews): they
 * block custom URL schemes and carry no extension, so only WalletConnect links (universal links, QR, copy) are offered.
 */
export function isInAppBrowser(win: { navigator?: { userAgent?: string }; Telegram?: { WebApp?: unknown } }): boolean {
  if (win.Telegram?.WebApp) return true
  const ua = win.navigator?.userAgent ?? ''
  return /Telegram|FBAN|FBAV|FB_IAB|Instagram|\bLine\/|MicroMessenger|Twitter|TikTok|BytedanceWebview|musical_ly|LinkedInApp|Snapchat/i.test(
    ua,
  )
}
