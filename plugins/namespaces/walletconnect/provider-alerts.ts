// SPEC §8: WalletConnect provider error messages matched to alerts (as the product matches UniversalProvider's), each
// shown once per page.
import type { AlertKey } from '../../../kernel/index.js'

/** The code of a WalletConnect provider that did not start (SPEC §8: an error event and a console line). */
export const ProviderInitFailed = 'WALLETCONNECT_INIT_FAILED'

/** Provider error message fragments and the alert each one raises. */
export const ProviderErrorAlerts: ReadonlyArray<{ message: string; alert: AlertKey }> = [
  { message: 'Unauthorized: origin not allowed', alert: 'invalidAppConfiguration' },
  { message: 'JWT validation error: JWT Token is not yet valid', alert: 'sessionExpired' },
  { message: 'Unauthorized: invalid key', alert: 'invalidProjectId' },
]

/** The alert a provider error calls for, if its message is one of {@link ProviderErrorAlerts}. */
export function providerErrorAlert(error: unknown): AlertKey | undefined {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : ''
  return ProviderErrorAlerts.find((e) => text.includes(e.message))?.alert
}
