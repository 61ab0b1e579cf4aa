// The embedded wallet's contract (types only): the login requests the auth plugin answers for the login plugins
// (email now, social next), the facts it records and the slice it keeps. A login plugin drives the secure frame only
// through these requests; the auth plugin turns a login into bridged connections (`wallet/adoptConnection`).

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
    'auth/connectEmail': { input: { email: string }; output: void }
    /** Logs in with the 6-digit code from the mail and connects the wallet's accounts. */
    'auth/connectOtp': { input: { otp: string }; output: void }
    /** Sets the code step aside, back to typing an address. */
    'auth/resetLogin': { input: void; output: void }
    /** Starts an email change: codes go to the current and the new address. */
    'auth/updateEmail': { input: { email: string }; output: void }
    /** Confirms an email change with both codes, then goes back one view and says so. */
    'auth/confirmEmailUpdate': { input: { currentOtp: string; newOtp: string }; output: void }
    /** Switches the account type on the active EVM network (SPEC §6: to smartAccount only from eoa, where enabled). */
    'auth/setAccountType': { input: { accountType: AuthAccountType }; output: void }
    /** Starts a social login in the wallet frame (SPEC §7 "get a social redirect URI"): where the popup or page goes. */
    'auth/socialUri': {
      input: { provider: string; mode: 'popup' | 'redirect'; returnUrl?: string }
      output: { url: string }
    }
    /** Logs in with the result URI a social provider's popup or redirect brought back (SPEC §4 "Social login"). */
    'auth/connectSocial': { input: { provider: string; resultUri: string }; output: void }
    /** Opens a Farcaster sign-in channel: the URL the Farcaster app opens (QR code). */
    'auth/farcasterUri': { input: void; output: { url: string } }
    /** Waits for the Farcaster app to answer the channel, then logs in. */
    'auth/connectFarcaster': { input: void; output: void }
    /** Shows the frame's passkey panel: the visitor logs in or creates a wallet with a passkey there (issue 36). */
    'auth/connectPasskey': { input: void; output: void }
    /** Shows the frame's panel adding a passkey to the signed-in wallet. */
    'auth/addPasskey': { input: void; output: void }
    /** Lists the signed-in wallet's passkeys. */
    'auth/listPasskeys': { input: void; output: void }
    /** Removes a passkey of the signed-in wallet (never its last way to log in). */
    'auth/removePasskey': { input: { id: string }; output: void }
    /** Hides the frame's passkey panel (the view showing it closed). */
    'auth/cancelPasskey': { input: void; output: void }
  }
}
