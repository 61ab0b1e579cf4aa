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
  RequestArgs,
  RequestError,
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
export {
  DisconnectedError,
  DisconnectedMessage,
  UnauthorizedError,
  UnauthorizedMessage,
} from './contracts/wallet-errors.js'
export {
  FoyerError,
  UserRejectedError,
  ErrorMessages,
  WalletErrorCodes,
  isUserRejection,
  serializeError,
} from './errors.js'
export { HttpError } from './http-send.js'
export { UnreachableMessage, visitorMessage } from './contracts/visitor-message.js'
export type { ErrorCategory, ErrorKey, FoyerErrorOptions, SerializedError } from './errors.js'
// The catalogue itself is not re-exported: it loads with the first alert (hosts read it from `foyer/alerts`).
export type { AlertKey, AlertShown, AlertSpec } from './alerts.js'
export { createErrorReporter } from './reporter.js'
export type { ErrorReport, ErrorReporter } from './reporter.js'
export { invariant } from './invariant.js'
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
export { checkNetwork, networkProblem, NetworkError, withNetworkImage } from './contracts/networks.js'
export type { NetworkErrorCode } from './contracts/networks.js'
export { safeAppLink, safeLinkUrl, safeWebUrl } from '../protocol/links.js'
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
  RegistryWalletChoice,
  WalletAssets,
  WalletCapabilities,
} from './contracts/wallet.js'
export { AuthError, AuthErrorCategories, EmailWarnings, validateEmail } from './contracts/auth.js'
export type {
  AuthAccount,
  AuthAccountType,
  AuthErrorCode,
  AuthPasskey,
  AuthState,
  AuthUser,
  WalletAnswerCode,
} from './contracts/auth.js'
export { PaymentError, PaymentErrorCategories } from './contracts/payments.js'
export type { PaymentErrorCode, PaymentRequest, PaymentResult } from './contracts/payments.js'
export { NameServiceError } from './contracts/names.js'
export type { NameServiceErrorCode, ResolvedName } from './contracts/names.js'
export { corePlugins } from './contracts/index.js'
export { startInitialization } from './contracts/initialization.js'
export type { InitializationState, InitStep } from './contracts/initialization.js'
export type { CoreOptions } from './contracts/index.js'
export {
  isConnected,
  isConnecting,
  accountProfile,
  activeCaipAddress,
  activeNetwork,
  startNetwork,
} from './contracts/account.js'
export { connectorById, RegisteredConnectorTypes } from './contracts/connectors.js'
export { createConnector } from './contracts/connector.js'
export type {
  Connector,
  ConnectorConnection,
  ConnectorEvents,
  ConnectorRequests,
  ConnectorSignIn,
  ConnectorTarget,
  RequestWith,
} from './contracts/connector.js'
export type { ConnectorInfo, ConnectorType, ConnectorWalletInfo, ConnectorsState } from './contracts/connectors.js'
export { isFeatureEnabled } from './contracts/features.js'
export { FeatureDefaults, RemoteFeatureIds, isRemoteFeature } from '../protocol/features.js'
export type { RemoteFeatureId } from '../protocol/features.js'
export type { ProjectState } from './contracts/project.js'
export { authLoggerEnabled, hostConnectorProblem, reconnectEnabled, walletsEnabled } from './options.js'
export {
  ConnectMethodOrder,
  WalletFeatureOrder,
  connectMethodOrder,
  hasInjectedWallet,
  sortBySpecOrder,
} from './contracts/order.js'
export { isPending, requestError, requestStatus } from './contracts/request-status.js'
export type { RequestStatus, RequestsState } from './contracts/requests.js'
export { manifestDrift } from './catalog.js'
export type { CatalogEntry } from './catalog.js'
export { findNonSerializable } from './serializable.js'
export type {
  AccountProfile,
  AccountState,
  ChainNamespace,
  NamespaceConnection,
  NamespaceStatus,
} from './contracts/account.js'
export type { ConfigState, NetworkInfo } from './contracts/config.js'
export { modalClosedError, nextConnection, ShakeMs } from './contracts/modal.js'
export { unlessModalCloses } from './contracts/modal-closes.js'
export type { ConnectedAccount, ModalState } from './contracts/modal.js'
export { FarcasterReloadMs, preloadNavigation } from './contracts/navigation.js'
export { SnackbarSwapMs, SnackbarDurationMs } from './contracts/notices.js'
export type { AlertState, ShowAlertInput, SnackbarState, SnackbarVariant } from './contracts/notices.js'
export { resolveOpenView, restingView, currentView, isCloseBlocked, SignViews, unmetNeed } from './contracts/router.js'
export type { OpenOptions, RouteEntry, RouterState, UnmetNeed } from './contracts/router.js'
export type { ThemeMode, ThemeState, ThemeVariables } from './contracts/theme.js'
export { EmptyPortfolio, portfolioOf } from './contracts/portfolio.js'
export { explorerTxUrl, shortHash, transactionId } from './contracts/transactions.js'
export type { TransactionKind, TransactionStatus } from './contracts/transactions.js'
export type { FedPrice, PortfolioNft, PortfolioState, PortfolioStatus, TokenBalance } from './contracts/portfolio.js'
export {
  isValidAsset,
  loadBalances,
  toTokenBalances,
  balanceUnavailable,
  TokenBalanceRetryBlockMs,
  TokenBalanceUnavailable,
} from './contracts/balances.js'
export {
  DecimalPattern,
  formatBaseUnits,
  multiplyDecimals,
  parseBaseUnits,
  sumDecimals,
  toBaseUnits,
  truncateDecimals,
} from '../protocol/amounts.js'
export type {
  SIWEConfig,
  SIWECreateMessageArgs,
  SIWXConfig,
  SIWXMessage,
  SIWXMessageData,
  SIWXSession,
} from './contracts/siwx.js'
