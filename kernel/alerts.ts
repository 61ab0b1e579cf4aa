// SDK alert codes (SPEC §8): each code pairs with one meaning, in code order.

/** One alert of the catalogue. */
export interface AlertSpec {
  code: string
  shortMessage: string
  longMessage: string
  variant: 'error' | 'warning' | 'info'
}

/** The APKT001–APKT010 alerts plus the non-coded alerts of SPEC §8. */
export const Alerts = {
  networkNotFound: {
    code: 'APKT001',
    shortMessage: 'Network Not Found',
    longMessage: 'Network not found - please make sure it is included in the `networks` option',
    variant: 'error',
  },
  invalidAppConfiguration: {
    code: 'APKT002',
    shortMessage: 'Invalid App Configuration',
    longMessage: "Origin not on allowlist - add this page's origin to the project's allowed origins",
    variant: 'error',
  },
  walletLoadFailed: {
    code: 'APKT003',
    shortMessage: 'Wallet Load Failed',
    longMessage: 'The embedded wallet frame failed to load (iframe_load_failed)',
    variant: 'error',
  },
  walletRequestTimeout: {
    code: 'APKT004',
    shortMessage: 'Wallet Request Timeout',
    longMessage: 'The embedded wallet did not answer in time (iframe_request_timeout)',
    variant: 'error',
  },
  unverifiedDomain: {
    code: 'APKT005',
    shortMessage: 'Unverified Domain',
    longMessage: 'This domain is not verified for the embedded wallet (unverified_domain)',
    variant: 'error',
  },
  sessionExpired: {
    code: 'APKT006',
    shortMessage: 'Session Expired',
    longMessage: 'Your session expired - please connect again',
    variant: 'error',
  },
  invalidProjectId: {
    code: 'APKT007',
    shortMessage: 'Invalid Project ID',
    longMessage: 'The project id is not valid - check the `projectId` option',
    variant: 'error',
  },
  projectIdMissing: {
    code: 'APKT008',
    shortMessage: 'Project ID Not Configured',
    longMessage: 'Project ID missing - set the `projectId` option when creating Foyer',
    variant: 'error',
  },
  serverError: {
    code: 'APKT009',
    shortMessage: 'Server Error',
    longMessage: 'Failed to load the project configuration (SERVER_ERROR)',
    variant: 'error',
  },
  rateLimited: {
    code: 'APKT010',
    shortMessage: 'Rate Limited',
    longMessage: 'Too many requests while loading the project configuration (RATE_LIMITED)',
    variant: 'error',
  },
  originNotAllowed: {
    code: 'APKT002',
    shortMessage: 'Origin Not Allowed',
    longMessage: "This page's origin is not on the project's allowed origins list",
    variant: 'error',
  },
  switchNetworkNotFound: {
    code: 'APKT001',
    shortMessage: 'Switch Network Not Found',
    longMessage: 'The requested network is not in the configured `networks` list',
    variant: 'error',
  },
  multiWalletNotEnabled: {
    code: 'MULTI_WALLET_NOT_ENABLED',
    shortMessage: 'Multi-Wallet Not Enabled',
    longMessage: 'Multi-wallet support is not enabled for this project',
    variant: 'info',
  },
  localConfigIgnored: {
    code: 'LOCAL_CONFIG_IGNORED',
    shortMessage: 'Local Configuration Ignored',
    longMessage: "The project's remote configuration overrides local feature settings",
    variant: 'warning',
  },
  inactiveNamespaceNotConnected: {
    code: 'INACTIVE_NAMESPACE_NOT_CONNECTED',
    shortMessage: 'Inactive Namespace Not Connected',
    longMessage: 'The namespace is not connected',
    variant: 'warning',
  },
} as const satisfies Record<string, AlertSpec>

/** A key of {@link Alerts}. */
export type AlertKey = keyof typeof Alerts
