// Foyer's package entry: explicit named exports only (a snapshot test guards this list).
import { createFoyerWith, type Foyer } from './shell/createFoyer.js'
import type { FoyerOptions } from './shell/options.js'
import { builtins } from './plugins/builtins.js'

/** Creates a Foyer instance with the built-in plugins. Makes no network request until the visitor's first intent. */
export function createFoyer(options: FoyerOptions): Foyer {
  return createFoyerWith(builtins, options)
}
export type { Foyer } from './shell/createFoyer.js'
export type { FoyerOptions, FoyerMetadata, CustomWallet, HostConnector } from './shell/options.js'
export type { ViewProps } from './shell/views/index.js'
export {
  FoyerProvider,
  useFoyer,
  useFoyerState,
  useFoyerAccount,
  useFoyerInitialized,
  useFoyerNetwork,
  useWalletInfo,
  useConnect,
  useDisconnect,
  ConnectButton,
  AccountButton,
  NetworkButton,
  FoyerModal,
} from './shell/react/index.js'
export type {
  FoyerProviderProps,
  FoyerAccount,
  FoyerNetwork,
  WalletInfo,
  ConnectButtonProps,
} from './shell/react/index.js'
export { defineFoyerElements, FoyerElementTags } from './shell/elements.js'
export {
  createConnector,
  defineManifest,
  definePlugin,
  FoyerError,
  UserRejectedError,
  ErrorMessages,
  createFakeClock,
  createStorage,
  memoryBackend,
} from './kernel/index.js'
export type {
  BridgedConnection,
  BridgedRpcCall,
  Connector,
  ConnectorEvents,
  ConnectorRequests,
  ExtensionEntry,
  ExtensionPoint,
  ViewMeta,
  EventMap,
  RequestMap,
  KernelState,
  PluginDefinition,
  PluginManifest,
  PluginEntry,
  ViewSpec,
  NetworkInfo,
  ThemeMode,
  ThemeVariables,
  OpenOptions,
  ConnectedAccount,
  PaymentRequest,
  PaymentResult,
  FoyerEvent,
  Kernel,
  TransactionKind,
  TransactionStatus,
} from './kernel/index.js'
