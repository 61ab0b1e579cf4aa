// The kernel's public surface. Framework-free: no React, no shell, no plugins.
export { createKernel } from './kernel.js'
export type { Kernel, KernelOptions } from './kernel.js'
export type { CustomWallet, FoyerMetadata, HostConnector, HostEip1193Provider, HostOptions } from './options.js'
export { defineManifest, definePlugin, isManifest } from './plugin.js'
export type {
  BootContext,
  EntryRow,
  ExtensionEntry,
  ExtensionPoint,
  ViewMeta,
  Handler,
  HandlerContext,
  PluginContext,
  PluginDefinition,
  PluginEntry,
  PluginManifest,
  Reaction,
  SliceReducer,
  SliceSpec,
  ViewSpec,
} from './plugin.js'
export type {
  EventMap,
  EventMeta,
  EventType,
  FoyerEvent,
  KernelState,
  RequestInput,
  RequestLifecyclePayloads,
  RequestMap,
  RequestName,
  RequestOutput,
} from './types.js'
export { systemClock, createFakeClock } from './clock.js'
export type { Clock, FakeClock, TimerHandle } from './clock.js'
export { createEventLog } from './log.js'
export type { EventLog, LogSnapshot } from './log.js'
export { createStorage, memoryBackend, defaultBackend, StorageKeys, StoragePrefix } from './storage.js'
export type { Storage, StorageBackend } from './storage.js'
export { createTtlCache, CacheLifetimes } from './cache.js'
export type { TtlCache } from './cache.js'
export { createHttp, preloadHttp } from './http.js'
export type { HttpClient, HttpOptions, HttpRequest, Sender } from './http.js'
export { DisconnectedError, DisconnectedMessage, UnauthorizedError, UnauthorizedMessage } from './wallet-errors.js'
export {
  FoyerError,
  UserRejectedError,
  HttpError,
  ErrorMessages,
  WalletErrorCodes,
  isUserRejection,
  serializeError,
} from './errors.js'
export { UnreachableMessage, visitorMessage } from './visitor-message.js'
export type { ErrorCategory, ErrorKey, FoyerErrorOptions, SerializedError } from './errors.js'
// The catalogue itself is not re-exported: it loads with the first alert (hosts read it from `foyer/alerts`).
export type { AlertKey, AlertShown, AlertSpec } from './alerts.js'
export { createErrorReporter } from './reporter.js'
export type { ErrorReport, ErrorReporter } from './reporter.js'
export { invariant } from './invariant.js'
export { EmailWarnings, validateEmail } from './email.js'
export { addressOf, namespaceOf, networkOfAddress, referenceOf } from '../protocol/caip-parts.js'
export {
  KnownNamespaces,
  evmCaipNetworkId,
  evmChainId,
  formatCaipAddress,
  formatCaipNetworkId,
  isCaipAddress,
  isEvmAddress,
  isKnownNamespace,
  isSolanaAddress,
  isValidAddress,
  parseCaipAddress,
  parseCaipNetworkId,
} from '../protocol/caip.js'
export type { CaipAccount, CaipNetwork, KnownNamespace } from '../protocol/caip.js'
export { apiIconUrl, safeImageUrl } from '../protocol/urls.js'
export { checkNetwork, networkProblem, withNetworkImage } from './networks.js'
export { safeAppLink, safeLinkUrl, safeWebUrl } from './links.js'
export type {
  BridgedConnection,
  BridgedRpcCall,
  CallsRequest,
  ChainRead,
  ContractRead,
  ContractWrite,
  DisconnectRequest,
  EvmTarget,
  EvmTransactionRequest,
  GasEstimate,
  SentCalls,
  SentTransaction,
  TransactionReceiptSummary,
  TypedDataRequest,
  WalletAssets,
  WalletCapabilities,
} from './core/wallet.js'
export type { AuthAccount, AuthAccountType, AuthPasskey, AuthState, AuthUser } from './core/auth.js'
export type { PaymentRequest, PaymentResult } from './core/payments.js'
export type { ResolvedName } from './core/names.js'
export { corePlugins } from './core/index.js'
export { startInitialization } from './core/initialization.js'
export type { InitializationState, InitStep } from './core/initialization.js'
export type { CoreOptions } from './core/index.js'
export {
  isConnected,
  isConnecting,
  accountProfile,
  activeCaipAddress,
  activeNetwork,
  startNetwork,
} from './core/account.js'
export { connectorById, RegisteredConnectorTypes } from './core/connectors.js'
export type { ConnectorInfo, ConnectorType, ConnectorWalletInfo, ConnectorsState } from './core/connectors.js'
export { isFeatureEnabled } from './core/features.js'
export { FeatureDefaults, RemoteFeatureIds, isRemoteFeature } from '../protocol/features.js'
export type { RemoteFeatureId } from '../protocol/features.js'
export type { ProjectState } from './core/project.js'
export { authLoggerEnabled, hostConnectorProblem, reconnectEnabled, walletsEnabled } from './options.js'
export {
  ConnectMethodOrder,
  WalletFeatureOrder,
  connectMethodOrder,
  hasInjectedWallet,
  sortBySpecOrder,
} from './core/order.js'
export { isPending, requestError, requestStatus } from './core/request-status.js'
export {
  fetchListedWallets,
  filtersFrom,
  RecommendedCount,
  sanitizeWallets,
  WalletWebLinks,
  type ListedWallets,
  type RegistryWallet,
  type WalletFilters,
} from './wallet-registry.js'
export { appLinks, browserStore, extensionLinks, type InstallLink } from './wallet-stores.js'
export type { RequestStatus, RequestsState } from './core/requests.js'
export { manifestDrift } from './catalog.js'
export type { CatalogEntry } from './catalog.js'
export { findNonSerializable } from './serializable.js'
export type {
  AccountProfile,
  AccountState,
  ChainNamespace,
  NamespaceConnection,
  NamespaceStatus,
} from './core/account.js'
export type { ConfigState, NetworkInfo } from './core/config.js'
export { modalClosedError, nextConnection, ShakeMs } from './core/modal.js'
export { unlessModalCloses } from './core/modal-closes.js'
export type { ConnectedAccount, ModalState } from './core/modal.js'
export { FarcasterReloadMs, preloadNavigation } from './core/navigation.js'
export { SnackbarSwapMs, SnackbarDurationMs } from './core/notices.js'
export type { AlertState, ShowAlertInput, SnackbarState, SnackbarVariant } from './core/notices.js'
export { resolveOpenView, restingView, currentView, isCloseBlocked, SignViews, unmetNeed } from './core/router.js'
export type { OpenOptions, RouteEntry, RouterState, UnmetNeed } from './core/router.js'
export type { ThemeMode, ThemeState, ThemeVariables } from './core/theme.js'
export { EmptyPortfolio, portfolioOf } from './core/portfolio.js'
export { explorerTxUrl, shortHash, transactionId } from './core/transactions.js'
export type { TransactionKind, TransactionStatus } from './core/transactions.js'
export type { FedPrice, PortfolioNft, PortfolioState, PortfolioStatus, TokenBalance } from './core/portfolio.js'
export {
  isValidAsset,
  loadBalances,
  toTokenBalances,
  balanceUnavailable,
  TokenBalanceRetryBlockMs,
  TokenBalanceUnavailable,
} from './balances.js'
export {
  DecimalPattern,
  formatBaseUnits,
  multiplyDecimals,
  parseBaseUnits,
  sumDecimals,
  toBaseUnits,
  truncateDecimals,
} from './balances.js'
export type {
  SIWEConfig,
  SIWECreateMessageArgs,
  SIWXConfig,
  SIWXMessage,
  SIWXMessageData,
  SIWXSession,
} from './core/siwx.js'
