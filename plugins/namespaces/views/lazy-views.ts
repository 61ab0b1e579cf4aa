// React.lazy handles on the views in ./pairing-switching.ts and on Networks (a chunk of its own): the view host shows
// its spinner while their chunk arrives.
import { lazy, type ComponentType } from 'react'

type Later = typeof import('./pairing-switching.js')
const later = (name: keyof Later) =>
  lazy(() => import('./pairing-switching.js').then((m) => ({ default: m[name] as ComponentType<any> })))

/** ConnectingWalletConnect, loaded on first use. */
export const ConnectingWalletConnectView = later('ConnectingWalletConnectView')
/** ConnectingWalletConnectBasic, loaded on first use. */
export const ConnectingWalletConnectBasicView = later('ConnectingWalletConnectBasicView')
/** ProfileWallets, loaded on first use. */
export const ProfileWalletsView = later('ProfileWalletsView')
/** SwitchActiveChain, loaded on first use. */
export const SwitchActiveChainView = later('SwitchActiveChainView')
/** SwitchNetwork, loaded on first use. */
export const SwitchNetworkView = later('SwitchNetworkView')
/** UnsupportedChain, loaded on first use. */
export const UnsupportedChainView = later('UnsupportedChainView')
/** ConnectingExternal's namespace choice for a MULTI_CHAIN wallet, loaded on first use. */
export const ChainChoice = later('ChainChoice')
/** Networks (the network list), loaded on first use as its own chunk. */
export const NetworksView = lazy(() => import('./NetworksView.js').then((m) => ({ default: m.NetworksView })))
