// The registry wallets of the Connect list (SPEC §9 featured and recommended) and the host's include/exclude ids:
// fetched (kernel/wallet-registry.ts, shared with All Wallets) when the modal first opens, never before the first
// click. The wallets plugin's chunk is not needed for that, which keeps it out of the modal-open budget.
import {
  fetchListedWallets,
  filtersFrom,
  isConnected,
  type HandlerContext,
  type HostOptions,
  type KernelState,
  type Reaction,
} from '../../kernel/index.js'
import { namespacesOf, type NamespacesState } from './namespaces.state.js'
import type { ListedWallet } from './order.js'

/** What the Connect list shows from the registry. */
export interface ListedWallets {
  featured: ListedWallet[]
  recommended: ListedWallet[]
  /** rdns of the host's excluded wallets: installed wallets with these are hidden too. */
  excludedRdns: string[]
}

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

const keep = (w: ListedWallet): ListedWallet => {
  const out: ListedWallet = { id: w.id, name: w.name }
  for (const k of [
    'rdns',
    'imageUrl',
    'homepage',
    'webappLink',
    'desktopLink',
    'mobileLink',
    'universalLink',
    'appStore',
    'playStore',
  ] as const)
    if (typeof w[k] === 'string') out[k] = w[k]
  return out
}

/** The `wallet/loadListedWallets` handler over the host's options; nothing once the list is loaded. */
export const loadListedWallets =
  (options: () => Readonly<HostOptions>) =>
  async (_input: void, ctx: HandlerContext): Promise<void> => {
    if (namespacesOf(ctx.getState()).listed) return
    const r = await fetchListedWallets(ctx.http, filtersFrom(options()))
    ctx.emit('wallet/listedWalletsLoaded', {
      featured: r.featured.map(keep),
      recommended: r.recommended.map(keep),
      excludedRdns: r.excludedRdns,
    })
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
