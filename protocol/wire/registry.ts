// The wallet registry on the wire (SPEC §7 GET /v1/wallets, /v1/wallets/{id}): one wallet as the server stores and
// serves it. The server's registry (server/registry/types.ts) keeps exactly this; the client reads the same fields as
// untrusted data and keeps what survives its sanitizer (protocol/registry/wallets.ts). Type-only.

/** How a browser-extension wallet is found on the page for one namespace (Explorer data only). */
export interface InjectedEntry {
  /** Chain namespace: eip155, solana or bip122. */
  namespace: string
  /** Provider flag or window path, e.g. "isMetaMask" or "window.phantom.solana". */
  injectedId: string
}

/** One wallet of the registry, as stored (the answer adds {@link WireWallet}'s imageUrl). */
export interface RegistryWalletData {
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
  /** Browser extension stores (Chrome Web Store, Firefox Add-ons, Edge Add-ons). */
  chromeStore?: string
  firefoxStore?: string
  edgeStore?: string
  injected?: InjectedEntry[]
  /** Where this entry came from, e.g. "npm:thirdweb@5.121.6" or "walletconnect-explorer:2026-11-23". */
  source: string
}

/** One wallet as GET /v1/wallets answers it: the stored wallet plus its image URL (on the server's public URL). */
export interface WireWallet extends RegistryWalletData {
  imageUrl: string
}
