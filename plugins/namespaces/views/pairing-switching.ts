// Views shown only after a visitor's choice (WalletConnect pairing, a network switch, the connected wallets): one chunk
// of their own, so opening the modal downloads the Connect list and nothing more (the modal-open size budget).
export { ConnectingWalletConnectView } from './ConnectingWalletConnectView.js'
export { ConnectingWalletConnectBasicView } from './ConnectingWalletConnectBasicView.js'
export { ProfileWalletsView } from './ProfileWalletsView.js'
export { SwitchActiveChainView } from './SwitchActiveChainView.js'
export { SwitchNetworkView } from './SwitchNetworkView.js'
export { UnsupportedChainView } from './UnsupportedChainView.js'
export { ChainChoice } from './ChainChoice.js'
