// The embedded wallet's contract: the login requests the auth plugin answers for the login plugins (email, social,
// Farcaster, passkeys), the facts it records, the slice it keeps, their failures (AuthErrors, named by code) and the
// login email's rule (shared with siwx's email capture). A login plugin drives the secure frame only through these
// requests; the auth plugin turns a login into bridged connections (`wallet/adoptConnection`).
import { FoyerError, type ErrorCategory } from '../errors.js'

/** SPEC §5 email warnings. */
export const EmailWarnings = {
  APKTW001: 'Enter a valid email address',
  APKTW002: 'This email address is too long',
} as const

/** Why an embedded-wallet request failed, by code (the category each is reported under). */
export const AuthErrorCategories = {
  /** SPEC §5 APKTW001: the email is not an address. */
  APKTW001: 'CONFIGURATION',
  /** SPEC §5 APKTW002: the email is longer than an address can be. */
  APKTW002: 'CONFIGURATION',
  /** Email login is off on this page (the email feature, or an origin the project does not allow). */
  EMAIL_NOT_ALLOWED: 'CONFIGURATION',
  /** Passkey login is off on this page. */
  PASSKEY_NOT_ALLOWED: 'CONFIGURATION',
  /** A new code was asked for within the 30 s after the last (SPEC §9). */
  RESEND_TOO_SOON: 'INTERNAL_SDK_ERROR',
  /** The typed code is not 6 digits. */
  INVALID_OTP: 'INTERNAL_SDK_ERROR',
  /** Smart accounts do not run on the active network. */
  SMART_ACCOUNT_UNAVAILABLE: 'INTERNAL_SDK_ERROR',
  /** SPEC §8 "No auth connector found": no secure site is configured. */
  noAuthConnector: 'CONFIGURATION',
  /** SPEC §8 "Not connected to email or social": the request needs a signed-in embedded wallet. */
  notConnectedToAuth: 'INTERNAL_SDK_ERROR',
  /** SPEC §8: the secure frame did not load. */
  iframe_load_failed: 'WALLET',
  /** SPEC §8: the secure frame did not answer in time. */
  iframe_request_timeout: 'WALLET',
  /** SPEC §8: the secure site does not serve this page's domain. */
  unverified_domain: 'WALLET',
  /** The secure frame failed without saying why. */
  FRAME_ERROR: 'WALLET',
} as const satisfies Record<string, ErrorCategory>

/** A code of {@link AuthError} raised on this side. */
export type AuthErrorCode = keyof typeof AuthErrorCategories

/** A code the embedded wallet answered with, kept as it sent it: the secure site's own (`wrong_code`) or an RPC number. */
export type WalletAnswerCode = (string & {}) | number

/**
 * An embedded-wallet failure (login by email, code, social, Farcaster or passkey, the secure frame, its RPC calls);
 * `code` says which, the message is what the visitor reads. A refusal in the frame is a UserRejectedError instead.
 */
export class AuthError extends FoyerError {
  override name = 'AuthError'
  declare readonly code: AuthErrorCode | WalletAnswerCode
  constructor(code: AuthErrorCode | WalletAnswerCode, message: string, cause?: unknown) {
    // own keys only: a code the wallet chose ("constructor") must not pick up an inherited property
    const named = typeof code === 'string' && Object.hasOwn(AuthErrorCategories, code)
    super(message, { code, category: named ? AuthErrorCategories[code as AuthErrorCode] : 'WALLET', cause })
  }
}

// local@domain.tld: no spaces or angle brackets, a dot in the domain, a TLD of 2+ letters.
const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i

/**
 * SPEC §5: the login email (and siwx's captured one) trimmed; an invalid one throws an {@link AuthError} APKTW001 (not
 * an address) or APKTW002 (longer than an address can be), logged once per attempt and shown to the visitor.
 */
export function validateEmail(raw: unknown): string {
  const email = typeof raw === 'string' ? raw.trim() : ''
  const code = email.length > 254 ? 'APKTW002' : EMAIL.test(email) ? undefined : 'APKTW001'
  if (!code) return email
  console.warn(`[foyer] ${code}: ${EmailWarnings[code]}`)
  throw new AuthError(code, EmailWarnings[code])
}

/** SPEC §3 account types of the embedded wallet. */
export type AuthAccountType = 'eoa' | 'smartAccount'

/** One account of the signed-in user. */
export interface AuthAccount {
  namespace: string
  address: string
  type: AuthAccountType
}

/** Who is signed in to the embedded wallet (SPEC §3 "Embedded-wallet login result"). */
export interface AuthUser {
  email?: string
  username?: string
  /** SPEC §3 socialProvider (or `farcaster`): set by a social login (it sends SPEC §7 SOCIAL_LOGIN_SUCCESS). */
  socialProvider?: string
  /** The network the facts below are for. */
  caipNetworkId: string
  /** The address of `accountType` on that network. */
  address: string
  accountType: AuthAccountType
  smartAccountDeployed: boolean
  accounts: AuthAccount[]
  /** Networks (CAIP-2) where smart accounts run. */
  smartAccountEnabledNetworks: string[]
}

/** A passkey of the signed-in wallet (issue 36); the key itself never leaves the visitor's authenticator. */
export interface AuthPasskey {
  id: string
  createdAt: string
  lastUsedAt?: string
}

/** The `auth` slice (present once the auth plugin has loaded). */
export interface AuthState {
  /** The address a code was sent to, while the visitor types it. */
  pendingEmail?: string
  /** When (epoch ms) a new code may be asked for (SPEC §9: 30 s after the last). */
  resendAt?: number
  /** The new address of an email change waiting for its two codes. */
  pendingNewEmail?: string
  user?: AuthUser
  /** Requests waiting for the visitor's approval in the secure frame (SPEC §9: at most 99). */
  pendingApprovals: number
  /** The methods of those requests, oldest first (the one the frame shows leads); the header is titled by it. */
  approvalMethods?: string[]
  /** The signed-in wallet's passkeys, once listed. */
  passkeys?: AuthPasskey[]
}

declare module '../types.js' {
  interface KernelState {
    auth?: AuthState
  }
  interface EventMap {
    /** A one-time code was mailed for a login (or an email change when `purpose` says so). */
    'auth/codeSent': { email: string; resendAt: number; purpose: 'login' | 'updateEmail' }
    /** The visitor set the code step aside to type another address. */
    'auth/loginReset': Record<string, never>
    /** A login succeeded (or a stored one was restored). */
    'auth/loggedIn': { user: AuthUser; restored: boolean }
    /** The signed-in user's facts changed (network, account type, deployment, email). */
    'auth/userUpdated': { user: AuthUser }
    /** A request waits for approval in the frame / was settled. */
    'auth/approvalRequested': { method: string }
    'auth/approvalSettled': { method: string; ok: boolean }
    /** The signed-in wallet's passkeys as the secure site listed them (after a list, an add or a removal). */
    'auth/passkeysListed': { passkeys: AuthPasskey[] }
  }
  interface RequestMap {
    /**
     * Mails a one-time code to `email` (SPEC §5: a valid address, else APKTW001/APKTW002); asking again for the same
     * address waits out the 30 s cooldown (SPEC §9).
     */
    'auth/connectEmail': { input: { email: string }; output: void; error: AuthError }
    /** Logs in with the 6-digit code from the mail and connects the wallet's accounts. */
    'auth/connectOtp': { input: { otp: string }; output: void; error: AuthError }
    /** Sets the code step aside, back to typing an address. */
    'auth/resetLogin': { input: void; output: void }
    /** Starts an email change: codes go to the current and the new address. */
    'auth/updateEmail': { input: { email: string }; output: void; error: AuthError }
    /** Confirms an email change with both codes, then goes back one view and says so. */
    'auth/confirmEmailUpdate': { input: { currentOtp: string; newOtp: string }; output: void; error: AuthError }
    /** Switches the account type on the active EVM network (SPEC §6: to smartAccount only from eoa, where enabled). */
    'auth/setAccountType': { input: { accountType: AuthAccountType }; output: void; error: AuthError }
    /** Starts a social login in the wallet frame (SPEC §7 "get a social redirect URI"): where the popup or page goes. */
    'auth/socialUri': {
      input: { provider: string; mode: 'popup' | 'redirect'; returnUrl?: string }
      output: { url: string }
      error: AuthError
    }
    /** Logs in with the result URI a social provider's popup or redirect brought back (SPEC §4 "Social login"). */
    'auth/connectSocial': { input: { provider: string; resultUri: string }; output: void; error: AuthError }
    /** Opens a Farcaster sign-in channel: the URL the Farcaster app opens (QR code). */
    'auth/farcasterUri': { input: void; output: { url: string }; error: AuthError }
    /** Waits for the Farcaster app to answer the channel, then logs in. */
    'auth/connectFarcaster': { input: void; output: void; error: AuthError }
    /** Shows the frame's passkey panel: the visitor logs in or creates a wallet with a passkey there (issue 36). */
    'auth/connectPasskey': { input: void; output: void; error: AuthError }
    /** Shows the frame's panel adding a passkey to the signed-in wallet. */
    'auth/addPasskey': { input: void; output: void; error: AuthError }
    /** Lists the signed-in wallet's passkeys. */
    'auth/listPasskeys': { input: void; output: void; error: AuthError }
    /** Removes a passkey of the signed-in wallet (never its last way to log in). */
    'auth/removePasskey': { input: { id: string }; output: void; error: AuthError }
    /** Hides the frame's passkey panel (the view showing it closed). */
    'auth/cancelPasskey': { input: void; output: void }
  }
}
