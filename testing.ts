// `foyer/testing`: helpers for host apps' browser tests (Playwright). Node-only: never import from app code.
export { installTestWallet, TestWalletRdns } from './testing/eip6963.js'
export type { InstallTestWalletOptions, TestWallet } from './testing/eip6963.js'
export type { TestWalletAssets } from './testing/assets.js'
export { createTestWalletCore } from './testing/wallet-core.js'
export type { TestChain, TestWalletCore, TestWalletCoreOptions, WalletEvent } from './testing/wallet-core.js'
export { installSolanaTestWallet, SolanaTestWalletName } from './testing/solana.js'
export type { InstallSolanaTestWalletOptions, SolanaTestWallet } from './testing/solana.js'
export { installBitcoinTestWallet, bitcoinMessageHash, BitcoinTestProviderId } from './testing/bitcoin.js'
export type { BitcoinTestNetwork, BitcoinTestWallet, InstallBitcoinTestWalletOptions } from './testing/bitcoin.js'
export { createBitcoinSigner } from './testing/bitcoin-signer.js'
export type { BitcoinSigner, BitcoinSignerOptions } from './testing/bitcoin-signer.js'
export { createSolanaSigner } from './testing/solana-signer.js'
export type { SolanaSigner, SolanaSignerOptions } from './testing/solana-signer.js'
export { createWalletConnectTestWallet } from './testing/walletconnect.js'
export type {
  WalletConnectTestChain,
  WalletConnectTestWallet,
  WalletConnectTestWalletOptions,
} from './testing/walletconnect.js'
