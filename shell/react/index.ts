// The React surface: provider, hooks, buttons and the in-place modal.
export { FoyerProvider, useFoyer } from './context.js'
export type { FoyerProviderProps } from './context.js'
export {
  useFoyerState,
  useFoyerAccount,
  useFoyerInitialized,
  useFoyerNetwork,
  useWalletInfo,
  useConnect,
  useDisconnect,
} from './hooks.js'
export type { FoyerAccount, FoyerNetwork, WalletInfo } from './hooks.js'
export { ConnectButton, AccountButton, NetworkButton } from './buttons.js'
export type { ConnectButtonProps } from './buttons.js'
export { FoyerModal } from './FoyerModal.js'
