// SDK alert codes (SPEC §8): each code pairs with one meaning, in code order. This module is loaded on the first alert
// (kernel/contracts/notices.ts imports it lazily), so the catalogue costs nothing on the first paint.

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
    longMessage: "Your session is invalid or expired - check your system's date and time, then connect again",
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
    longMessage:
      'A remote configuration was fetched, so these local settings were ignored (manage them on the server):',
    variant: 'warning',
  },
  inactiveNamespaceNotConnected: {
    code: 'INACTIVE_NAMESPACE_NOT_CONNECTED',
    shortMessage: 'Inactive Namespace Not Connected',
    longMessage: 'An inactive namespace could not be connected:',
    variant: 'warning',
  },
} as const satisfies Record<string, AlertSpec>

/** A key of {@link Alerts}. */
export type AlertKey = keyof typeof Alerts

/** Input of `alert/show`: a catalogue alert (with a detail appended; shown once per page with `once`), or a message. */
export type ShowAlertInput =
  | { alert: AlertKey; detail?: string; once?: boolean }
  | { message: string; variant: 'error' | 'warning' | 'info' | 'success' }

/** What the alert bar shows. */
export interface AlertShown {
  variant: 'error' | 'warning' | 'info' | 'success'
  message: string
  code?: string
}

/**
 * How an alert reaches the visitor (SPEC §9 `debug`, on by default): every catalogue alert is written to the console
 * with its code; the alert bar shows it only in debug mode. Returns what the bar shows, if anything; `shown` remembers
 * the `once` alerts of this page.
 */
export function presentAlert(input: ShowAlertInput, debug: boolean, shown: Set<string>): AlertShown | undefined {
  if ('message' in input) return { variant: input.variant, message: input.message }
  if (input.once) {
    if (shown.has(input.alert)) return undefined
    shown.add(input.alert)
  }
  const a: AlertSpec = Alerts[input.alert]
  const message = input.detail ? `${a.longMessage} ${input.detail}` : a.longMessage
  const log = a.variant === 'error' ? console.error : a.variant === 'warning' ? console.warn : console.info
  log(`[foyer] ${a.code} ${a.shortMessage}: ${message}`)
  return debug ? { variant: a.variant, message, code: a.code } : undefined
}
