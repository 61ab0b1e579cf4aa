// The `auth` slice: the login in progress, the signed-in user and the approvals waiting in the frame.
import type { AuthState, SliceSpec } from '../../kernel/index.js'

/** The slice spec. */
export const authSlice: SliceSpec<AuthState> = {
  init: () => ({ pendingApprovals: 0 }),
  on: {
    'auth/codeSent': (s, p) => {
      if (p.purpose === 'login') s.pendingEmail = p.email
      else s.pendingNewEmail = p.email
      s.resendAt = p.resendAt
    },
    'auth/loginReset': (s) => {
      s.pendingEmail = undefined
      s.resendAt = undefined
    },
    'auth/loggedIn': (s, p) => {
      s.user = p.user
      s.passkeys = undefined
      s.pendingEmail = undefined
      s.resendAt = undefined
    },
    'auth/userUpdated': (s, p) => {
      s.user = p.user
      if (s.pendingNewEmail && p.user.email === s.pendingNewEmail) {
        s.pendingNewEmail = undefined
        s.resendAt = undefined
      }
    },
    'auth/signedOut': (s, p) => {
      // the frame session is one for every namespace: any sign-out ends the user
      void p
      s.user = undefined
      s.pendingNewEmail = undefined
      s.passkeys = undefined
    },
    'auth/passkeysListed': (s, p) => {
      s.passkeys = p.passkeys
    },
    'auth/approvalRequested': (s, p) => {
      s.pendingApprovals += 1
      s.approvalMethods = [...(s.approvalMethods ?? []), p.method]
    },
    'auth/approvalSettled': (s, p) => {
      s.pendingApprovals = Math.max(0, s.pendingApprovals - 1)
      const at = s.approvalMethods?.indexOf(p.method) ?? -1
      if (at >= 0) s.approvalMethods!.splice(at, 1)
    },
  },
}
