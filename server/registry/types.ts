// The shape of one wallet in the registry, as stored and as served by /v1/wallets (plus imageUrl, which depends on the
// server's public URL). Every wallet comes from a published source named in its `source` (see data/README.md).

/** How a browser-extension wallet is found on the page for one namespace (Explorer data only). */
export interface InjectedEntry {
  /** Chain namespace: eip155, solana or bip122. */
  namespace: string
  /** Provider flag or window path, e.g. "isMetaMask" or "window.phantom.solana". */
  injectedId: string
}

/** One wallet of the registry. */
export interface RegistryWallet {
  /** 64 hex digits: the WalletConnect Explorer id, or sha256("foyer-wallet:" + the source's own id). */
  id: string
  name: string
  rdns?: string
  homepage?: string
  /** Display rank (the source's order); lower first. */
  order: number
  /** CAIP-2 chain ids the wallet supports; empty when the source does not publish them. */
  chains: string[]
  /** Native deep link (`metamask://`), else the universal link. */
  mobileLink?: string
  /** The https universal link, for in-app browsers that block custom schemes. */
  universalLink?: string
  desktopLink?: string
  webappLink?: string
  appStore?: string
  playStore?: string
  chromeStore?: string
  injected?: InjectedEntry[]
  /** Where this entry came from, e.g. "npm:thirdweb@5.121.6" or "walletconnect-explorer:2026-11-23". */
  source: string
}

/** A wallet icon as shipped: its media type and bytes. */
export interface WalletIcon {
  type: string
  data: Uint8Array
}

/** A whole registry: wallets in display order and their icons by wallet id. */
export interface RegistryData {
  wallets: RegistryWallet[]
  icons: Map<string, WalletIcon>
}
