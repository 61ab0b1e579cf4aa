// The auth plugin's eager manifest: the embedded wallet's requests (logins, account type, the bridged connector's
// auth/* requests) and its views. Its account-header line is declared by the plugin itself: it only ever shows for
// the plugin's own connections, by which time the plugin has loaded. The passkey Connect method (issue 36) sits in the
// email group, behind the `passkeys` feature (off by default).
import { defineManifest } from '../../kernel/index.js'

/** Manifest of the auth plugin (the embedded-wallet connector). */
export const authManifest = defineManifest({
  id: 'auth',
  views: {
    ApproveTransaction: {
      title: (s) => approvalTitle(s.auth?.approvalMethods?.[0]),
      noBack: true,
      needs: ['auth.pendingApprovals'],
    },
    AuthAccount: { needs: ['connection', 'auth.user'] },
    PasskeyLogin: { title: 'Passkey' },
    Passkeys: { title: 'Passkeys', needs: ['connection', 'auth.user'] },
  },
  requests: [
    'auth/connectEmail',
    'auth/connectOtp',
    'auth/resetLogin',
    'auth/updateEmail',
    'auth/confirmEmailUpdate',
    'auth/setAccountType',
    'auth/socialUri',
    'auth/connectSocial',
    'auth/farcasterUri',
    'auth/connectFarcaster',
    'auth/reloadConnector',
    'auth/reconnect',
    'auth/disconnect',
    'auth/switchNetwork',
    'auth/rpc',
    'auth/connectPasskey',
    'auth/addPasskey',
    'auth/listPasskeys',
    'auth/removePasskey',
    'auth/cancelPasskey',
  ],
  entries: [
    {
      point: 'connect-method',
      id: 'passkey',
      method: 'email',
      view: 'PasskeyLogin',
      label: 'Continue with a passkey',
      icon: 'lock',
      feature: 'passkeys',
      testId: 'connect-passkey-button',
    },
  ],
  load: () => import('./index.js').then((m) => m.createAuthPlugin()),
})

// The approval's title by what is asked: a message, typed data, or a transaction (SPEC's "Approve Transaction"). Kept
// here rather than in methods.ts, whose method lists would otherwise ride along on the first-paint path.
function approvalTitle(method: string | undefined): string {
  if (method === 'personal_sign' || method === 'solana_signMessage') return 'Sign Message'
  if (method === 'eth_signTypedData_v4') return 'Sign Typed Data'
  if (method === 'wallet_sendCalls' || method === 'solana_signAllTransactions') return 'Approve Transactions'
  return 'Approve Transaction'
}
