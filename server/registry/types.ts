// The shape of one wallet in the registry, as stored and as served by /v1/wallets.

/** How a browser-extension wallet is found on the page for one namespace. */
export interface InjectedEntry {
  /** Chain namespace: eip155, solana or bip122. */
  namespace: string
  /** Provider flag or window path, e.g. "isMetaMask" or "window.phantom.solana". */
  injectedId: string
}

/** One wallet of the registry (the API shape minus imageUrl, which depends on the server's public URL). */
export interface RegistryWallet {
  /** 64 hex digits: sha256 of "foyer-wallet:" + slug. */
  id: string
  /** Stable kebab-case key the id derives from. */
  slug: string
  name: string
  rdns?: string
  homepage: string
  /** Display rank; lower first. */
  order: number
  /** CAIP-2 chain ids the wallet supports. */
  chains: string[]
  mobileLink?: string
  desktopLink?: string
  webappLink?: string
  appStore?: string
  playStore?: string
  injected?: InjectedEntry[]
  /** True for the synthetic filler entries (names from word lists, homepages under .example). */
  generated: boolean
}
