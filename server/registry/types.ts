// The registry as the server holds it. One wallet's shape, as stored and as served by /v1/wallets (plus imageUrl, which
// depends on the server's public URL), is the wire type in protocol/wire/registry.ts, which the client reads too.
// Every wallet comes from a published source named in its `source` (see data/README.md).

import type { RegistryWalletData } from '../../protocol/wire/registry.js'

// InjectedEntry: how an extension wallet is found on the page; RegistryWallet: one wallet, as stored (the wire shape)
export type { InjectedEntry, RegistryWalletData as RegistryWallet } from '../../protocol/wire/registry.js'

/** A wallet icon as shipped: its media type and bytes. */
export interface WalletIcon {
  type: string
  data: Uint8Array
}

/** A whole registry: wallets in display order and their icons by wallet id. */
export interface RegistryData {
  wallets: RegistryWalletData[]
  icons: Map<string, WalletIcon>
}
